import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Button } from "../components/Button";
import { DataTable } from "../components/DataTable";
import { formatGermanDate } from "../components/dateText";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { LoadFailure } from "../components/LoadFailure";
import { Notice } from "../components/Notice";
import { PageLoading } from "../components/PageLoading";
import { t } from "../i18n/translate";
import type { ClubInvoicesQuery } from "./__generated__/ClubInvoicesQuery.graphql";
import { formatCents, invoiceStatus } from "./invoiceTexts";
import { useInvoiceDownload } from "./useInvoiceDownload";

/**
 * A club's invoices for its own accounts (invoice.list answers a club account its clubs' only):
 * number, event, amount, status and due date, each with "PDF" and "XML" to download.
 */
export function ClubInvoices({ associationId }: { associationId: string }) {
  return (
    <ErrorBoundary key={associationId} fallback={(error) => <LoadFailure prefix="invoice.loadFailed" error={error} />}>
      <Suspense fallback={<PageLoading />}>
        <ClubInvoiceList associationId={associationId} />
      </Suspense>
    </ErrorBoundary>
  );
}

function ClubInvoiceList({ associationId }: { associationId: string }) {
  const data = useLazyLoadQuery<ClubInvoicesQuery>(
    graphql`
      query ClubInvoicesQuery($association: ID!) {
        invoices(association: $association) {
          id
          number
          kind
          eventName
          totalCents
          dueDate
          cancelled
        }
        openItems(association: $association, all: true) {
          invoice
          status
        }
      }
    `,
    { association: associationId },
    { fetchPolicy: "store-and-network" },
  );
  const { download, busy } = useInvoiceDownload();
  const payments = new Map(data.openItems.map((item) => [item.invoice, item.status]));
  if (data.invoices.length === 0) return <Notice>{t("invoice.club.empty")}</Notice>;
  const columns = [
    { key: "number", header: t("invoice.field.number") },
    { key: "event", header: t("invoice.field.event") },
    { key: "amount", header: t("invoice.field.amount") },
    { key: "status", header: t("invoice.field.status") },
    { key: "dueDate", header: t("invoice.field.dueDate") },
    { key: "documents", header: t("invoice.field.documents") },
  ];
  return (
    <DataTable label={t("invoice.club.title")} columns={columns} rowCount={data.invoices.length}>
      {data.invoices.map((invoice) => (
        <tr key={invoice.id}>
          <td>{invoice.number}</td>
          <td>{invoice.eventName}</td>
          <td>{formatCents(invoice.totalCents)}</td>
          <td>{invoiceStatus(invoice, payments.get(invoice.id))}</td>
          <td>{formatGermanDate(invoice.dueDate)}</td>
          <td>
            <Button
              variant="text"
              disabled={busy === invoice.id}
              aria-label={t("invoice.action.pdfOf", { number: invoice.number })}
              onClick={() => void download(invoice.id, "pdf")}
            >
              {t("invoice.format.pdf")}
            </Button>
            <Button
              variant="text"
              disabled={busy === invoice.id}
              aria-label={t("invoice.action.xmlOf", { number: invoice.number })}
              onClick={() => void download(invoice.id, "xml")}
            >
              {t("invoice.format.xml")}
            </Button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
