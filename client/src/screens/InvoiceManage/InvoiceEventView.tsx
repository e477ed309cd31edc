import type { ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable } from "../../components/DataTable";
import { formatGermanDate } from "../../components/dateText";
import { Notice } from "../../components/Notice";
import { RowMenu, type RowMenuItem } from "../../components/RowMenu";
import { Toolbar } from "../../components/Toolbar";
import { useManageDialogs } from "../../components/useManageDialogs";
import { formatDateTime } from "../../i18n/format";
import { t } from "../../i18n/translate";
import { formatCents, invoiceStatus, isLiveInvoice } from "../../invoices/invoiceTexts";
import { useInvoiceDownload } from "../../invoices/useInvoiceDownload";
import { useRefresh } from "../../relay/useRefresh";
import { notify } from "../../shell/snackbarQueue";
import type { InvoiceEventViewQuery } from "./__generated__/InvoiceEventViewQuery.graphql";
import { CreditDialog } from "./CreditDialog";
import { FeeDialog } from "./FeeDialog";
import { MarkPaidDialog } from "./MarkPaidDialog";
import { useCancelInvoice, useIssueInvoices } from "./useInvoiceMutations";

type Dialog =
  | { kind: "fees" }
  | { kind: "issue" }
  | { kind: "cancel"; id: string; number: string }
  | { kind: "credit"; id: string; number: string; totalCents: number }
  | { kind: "paid"; id: string; number: string };

type RowAction = "pdf" | "xml" | "paid" | "credit" | "cancel";

/** The fees, the issuing and the invoices of one event. */
export function InvoiceEventView({ eventId, formType, picker, manage }: { eventId: string; formType: string; picker: ReactNode; manage: boolean }) {
  const { fetchKey, refresh, pending } = useRefresh();
  const data = useLazyLoadQuery<InvoiceEventViewQuery>(
    graphql`
      query InvoiceEventViewQuery($event: ID!) {
        eventFees(event: $event) {
          fees {
            item
            label
            amountCents
          }
          lateFrom
          lateFeeCents
          version
        }
        invoices(event: $event) {
          id
          number
          kind
          clubName
          totalCents
          issueDate
          dueDate
          cancelled
          corrects {
            number
          }
        }
        openItems(event: $event, all: true) {
          invoice
          status
          paidCents
          lastPaidOn
        }
      }
    `,
    { event: eventId },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const { dialog, setDialog, close, saved } = useManageDialogs<Dialog>(refresh);
  const [issue, issuing] = useIssueInvoices();
  const [cancel, cancelling] = useCancelInvoice();
  const { download } = useInvoiceDownload();
  const fees = data.eventFees;
  const payments = new Map(data.openItems.map((item) => [item.invoice, item]));

  const onAction = (invoice: (typeof data.invoices)[number], action: RowAction) => {
    switch (action) {
      case "pdf":
      case "xml":
        return void download(invoice.id, action);
      case "paid":
        return setDialog({ kind: "paid", id: invoice.id, number: invoice.number });
      case "credit":
        return setDialog({ kind: "credit", id: invoice.id, number: invoice.number, totalCents: invoice.totalCents });
      case "cancel":
        return setDialog({ kind: "cancel", id: invoice.id, number: invoice.number });
    }
  };

  const columns = [
    { key: "number", header: t("invoice.field.number") },
    { key: "club", header: t("invoice.field.club") },
    { key: "amount", header: t("invoice.field.amount") },
    { key: "status", header: t("invoice.field.status") },
    { key: "dueDate", header: t("invoice.field.dueDate") },
    { key: "menu", header: t("table.actions"), hiddenHeader: true, narrow: true },
  ];

  return (
    <>
      <Toolbar
        actions={
          manage && (
            <>
              <Button variant="secondary" onClick={() => setDialog({ kind: "fees" })}>
                {t("invoice.fees.edit")}
              </Button>
              <Button onClick={() => setDialog({ kind: "issue" })}>{t("invoice.issue")}</Button>
            </>
          )
        }
      >
        {picker}
      </Toolbar>
      <Card title={t("invoice.fees.title")}>
        {fees.fees.length === 0 ? (
          <Notice>{t("invoice.fees.none")}</Notice>
        ) : (
          <ul aria-label={t("invoice.fees.title")}>
            {fees.fees.map((fee) => (
              <li key={fee.item}>
                {fee.label}: {formatCents(fee.amountCents)}
              </li>
            ))}
            {fees.lateFeeCents > 0 && fees.lateFrom && (
              <li>{t("invoice.fees.lateShown", { amount: formatCents(fees.lateFeeCents), from: formatDateTime(fees.lateFrom) })}</li>
            )}
          </ul>
        )}
      </Card>
      <h2>{t("invoice.list.title")}</h2>
      {data.invoices.length === 0 ? (
        <Notice>{t("invoice.list.empty")}</Notice>
      ) : (
        <DataTable label={t("invoice.list.title")} columns={columns} rowCount={data.invoices.length} loading={pending}>
          {data.invoices.map((invoice) => {
            const payment = payments.get(invoice.id);
            const live = isLiveInvoice(invoice);
            const items: RowMenuItem<RowAction>[] = [
              { value: "pdf", label: t("invoice.action.pdf") },
              { value: "xml", label: t("invoice.action.xml") },
            ];
            if (manage && live && payment?.status !== "PAID" && payment?.status !== "OVERPAID") items.push({ value: "paid", label: t("invoice.action.paid") });
            if (manage && live)
              items.push({ value: "credit", label: t("invoice.action.credit") }, { value: "cancel", label: t("invoice.action.cancel"), danger: true });
            return (
              <tr key={invoice.id}>
                <td>
                  {invoice.number}
                  {invoice.corrects && <div>{t("invoice.corrects", { number: invoice.corrects.number })}</div>}
                </td>
                <td>{invoice.clubName}</td>
                <td>{formatCents(invoice.totalCents)}</td>
                <td>
                  {invoiceStatus(invoice, payment?.status)}
                  {payment?.lastPaidOn && live && <div>{t("invoice.paidOn", { date: formatGermanDate(payment.lastPaidOn) })}</div>}
                </td>
                <td>{formatGermanDate(invoice.dueDate)}</td>
                <td>
                  <RowMenu<RowAction> label={t("rowMenu.label", { name: invoice.number })} items={items} onSelect={(action) => onAction(invoice, action)} />
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {dialog?.kind === "fees" && <FeeDialog eventId={eventId} formType={formType} table={fees} onClose={close} onSaved={saved} />}
      {dialog?.kind === "issue" && (
        <ConfirmDialog
          text={t("invoice.confirmIssue")}
          confirmLabel={t("invoice.issue")}
          busy={issuing}
          onCancel={close}
          onConfirm={async () => {
            const result = await issue({ event: eventId });
            if (result.ok) {
              const count = result.response.issueInvoices.length;
              notify({ type: "success", text: count === 0 ? t("invoice.issuedNone") : t("invoice.issuedCount", { count }) });
              saved();
            } else close();
          }}
        />
      )}
      {dialog?.kind === "cancel" && (
        <ConfirmDialog
          text={t("invoice.confirmCancel", { number: dialog.number })}
          confirmLabel={t("invoice.action.cancel")}
          busy={cancelling}
          onCancel={close}
          onConfirm={async () => {
            const result = await cancel({ id: dialog.id });
            if (result.ok) saved();
            else close();
          }}
        />
      )}
      {dialog?.kind === "credit" && <CreditDialog id={dialog.id} number={dialog.number} totalCents={dialog.totalCents} onClose={close} onSaved={saved} />}
      {dialog?.kind === "paid" && <MarkPaidDialog id={dialog.id} number={dialog.number} onClose={close} onSaved={saved} />}
    </>
  );
}
