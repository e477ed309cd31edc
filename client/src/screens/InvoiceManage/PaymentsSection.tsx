import { graphql, useLazyLoadQuery } from "react-relay";
import { Button } from "../../components/Button";
import { DataTable } from "../../components/DataTable";
import { Notice } from "../../components/Notice";
import { Toolbar } from "../../components/Toolbar";
import { useManageDialogs } from "../../components/useManageDialogs";
import { t } from "../../i18n/translate";
import { formatCents, openItemsPerClub } from "../../invoices/invoiceTexts";
import { SellerDialog } from "../../invoices/SellerDialog";
import { useRefresh } from "../../relay/useRefresh";
import type { PaymentsSectionQuery } from "./__generated__/PaymentsSectionQuery.graphql";
import { BankImportDialog } from "./BankImportDialog";
import { SepaDebitDialog } from "./SepaDebitDialog";

type Dialog = { kind: "debit" } | { kind: "import" } | { kind: "seller" };

/**
 * The payments of the district: the open items per club (what the invoices still ask for, what was
 * paid too much), and for invoice_manage the seller data, the SEPA direct-debit file and the bank
 * statement import.
 */
export function PaymentsSection({ district, manage }: { district: string | null; manage: boolean }) {
  const { fetchKey, refresh, pending } = useRefresh();
  const data = useLazyLoadQuery<PaymentsSectionQuery>(
    graphql`
      query PaymentsSectionQuery {
        openItems {
          invoice
          clubName
          openCents
          overpaidCents
        }
      }
    `,
    {},
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const { dialog, setDialog, close } = useManageDialogs<Dialog>(refresh);
  const clubs = openItemsPerClub(data.openItems);
  const columns = [
    { key: "club", header: t("invoice.field.club") },
    { key: "count", header: t("invoice.openItems.count") },
    { key: "open", header: t("invoice.openItems.open") },
    { key: "overpaid", header: t("invoice.openItems.overpaid") },
  ];
  return (
    <>
      <h2>{t("invoice.openItems.title")}</h2>
      {manage && (
        <Toolbar
          actions={
            <>
              <Button variant="secondary" onClick={() => setDialog({ kind: "seller" })}>
                {t("invoice.seller.title")}
              </Button>
              <Button variant="secondary" onClick={() => setDialog({ kind: "debit" })}>
                {t("invoice.debit.create")}
              </Button>
              <Button variant="secondary" onClick={() => setDialog({ kind: "import" })}>
                {t("invoice.import.title")}
              </Button>
            </>
          }
        />
      )}
      {clubs.length === 0 ? (
        <Notice>{t("invoice.openItems.empty")}</Notice>
      ) : (
        <DataTable label={t("invoice.openItems.title")} columns={columns} rowCount={clubs.length} loading={pending}>
          {clubs.map((club) => (
            <tr key={club.clubName}>
              <td>{club.clubName}</td>
              <td>{club.count}</td>
              <td>{formatCents(club.openCents)}</td>
              <td>{club.overpaidCents ? formatCents(club.overpaidCents) : ""}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {dialog?.kind === "seller" && <SellerDialog district={district} onClose={close} />}
      {dialog?.kind === "debit" && <SepaDebitDialog district={district} onClose={close} />}
      {dialog?.kind === "import" && (
        <BankImportDialog
          district={district}
          onClose={() => {
            close();
            refresh();
          }}
        />
      )}
    </>
  );
}
