import { mayCall } from "@shared/permissions";
import { Suspense, useMemo, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { SelectField } from "../../components/SelectField";
import { Toolbar } from "../../components/Toolbar";
import { useChosenEvent } from "../../events/useChosenEvent";
import { t } from "../../i18n/translate";
import { invoiceManageRoute, routeTitle } from "../../routes/routeTable";
import { useDistrictAssociationGlobalId } from "../../shell/useDistrictAssociationGlobalId";
import { useAppState } from "../../state/AppStateContext";
import type { InvoiceManageScreenQuery } from "./__generated__/InvoiceManageScreenQuery.graphql";
import { InvoiceEventView } from "./InvoiceEventView";
import { PaymentsSection } from "./PaymentsSection";

/**
 * "Rechnungen" (invoice_read, invoice_manage; docs/decisions.md "Invoices"): pick an event of the
 * active district association, then its fee table, issuing, and its invoices with their documents,
 * cancellation, credit note and payment by hand; below, for the whole district: the open items per
 * club, the SEPA direct-debit file and the bank statement import. Club accounts see their own
 * club's invoices on "Mein Verein bearbeiten". The server decides who may do what.
 */
export function InvoiceManageScreen() {
  const { state } = useAppState();
  const districtAssociationId = state.activeDistrictAssociationId;
  return (
    <Page title={routeTitle(invoiceManageRoute)}>
      <p>{t("invoice.intro")}</p>
      {districtAssociationId === null ? (
        <Notice>{t("district.noneSelected")}</Notice>
      ) : (
        <ErrorBoundary key={districtAssociationId} fallback={(error) => <LoadFailure prefix="error.events.load" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <InvoiceManageContent districtAssociationId={districtAssociationId} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Page>
  );
}

function InvoiceManageContent({ districtAssociationId }: { districtAssociationId: number }) {
  const district = useDistrictAssociationGlobalId(districtAssociationId);
  const data = useLazyLoadQuery<InvoiceManageScreenQuery>(
    graphql`
      query InvoiceManageScreenQuery($districtAssociationId: Int!) {
        viewer {
          roles
        }
        events(districtAssociationId: $districtAssociationId, first: 100) {
          edges {
            node {
              id
              databaseId
              name
              formType
              start
              end
            }
          }
        }
      }
    `,
    { districtAssociationId },
    { fetchPolicy: "store-and-network" },
  );
  const [, startTransition] = useTransition();
  const events = useMemo(() => data.events.edges.map((edge) => edge.node), [data.events.edges]);
  const { event, choose } = useChosenEvent(events);
  const options = useMemo(() => events.map((candidate) => ({ value: candidate.id, label: candidate.name })), [events]);
  const roles = data.viewer.roles;
  const manage = mayCall(roles, "invoice.issue");
  const picker = <SelectField label={t("event.picker")} options={options} value={event?.id ?? null} onChange={(id) => startTransition(() => choose(id))} />;
  return (
    <>
      {event ? (
        <ErrorBoundary key={event.id} fallback={(error) => <LoadFailure prefix="invoice.loadFailed" error={error} />}>
          <Suspense
            fallback={
              <>
                <Toolbar>{picker}</Toolbar>
                <PageLoading />
              </>
            }
          >
            <InvoiceEventView eventId={event.id} formType={event.formType} picker={picker} manage={manage} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <>
          <Toolbar>{picker}</Toolbar>
          <Notice>{events.length === 0 ? t("event.none") : t("event.pickFirst")}</Notice>
        </>
      )}
      <ErrorBoundary fallback={(error) => <LoadFailure prefix="invoice.openItems.loadFailed" error={error} />}>
        <Suspense fallback={<PageLoading />}>
          <PaymentsSection district={district} manage={mayCall(roles, "invoicePayment.import")} />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
