import { mayCall } from "@shared/permissions";
import { Suspense } from "react";
import { DistrictPage } from "../../components/DistrictPage";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { PageLoading } from "../../components/PageLoading";
import { EventPickedContent } from "../../events/EventPickedContent";
import { t } from "../../i18n/translate";
import { invoiceManageRoute, routeTitle } from "../../routes/routeTable";
import { useDistrictAssociationGlobalId } from "../../shell/useDistrictAssociationGlobalId";
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
  return (
    <DistrictPage title={routeTitle(invoiceManageRoute)} intro={<p>{t("invoice.intro")}</p>} loadError="error.events.load">
      {(districtAssociationId) => <InvoiceManageContent districtAssociationId={districtAssociationId} />}
    </DistrictPage>
  );
}

function InvoiceManageContent({ districtAssociationId }: { districtAssociationId: number }) {
  const district = useDistrictAssociationGlobalId(districtAssociationId);
  return (
    <EventPickedContent
      districtAssociationId={districtAssociationId}
      loadFailed="invoice.loadFailed"
      after={(roles) => (
        <ErrorBoundary fallback={(error) => <LoadFailure prefix="invoice.openItems.loadFailed" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <PaymentsSection district={district} manage={mayCall(roles, "invoicePayment.import")} />
          </Suspense>
        </ErrorBoundary>
      )}
    >
      {(event, picker, roles) => <InvoiceEventView eventId={event.id} formType={event.formType} picker={picker} manage={mayCall(roles, "invoice.issue")} />}
    </EventPickedContent>
  );
}
