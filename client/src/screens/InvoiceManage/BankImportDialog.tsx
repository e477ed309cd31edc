import { useId, useRef, useState } from "react";
import { Button } from "../../components/Button";
import { DataTable } from "../../components/DataTable";
import { formatGermanDate } from "../../components/dateText";
import fieldStyles from "../../components/Field.module.css";
import { formatFileSize } from "../../components/FileUploadField";
import { FormDialog } from "../../components/FormDialog";
import { FieldLabel, HiddenFileInput } from "../../components/fieldParts";
import { t } from "../../i18n/translate";
import { formatCents } from "../../invoices/invoiceTexts";
import type { useInvoiceMutationsImportMutation$data } from "./__generated__/useInvoiceMutationsImportMutation.graphql";
import { useImportBankStatement } from "./useInvoiceMutations";

/** The server reads bank files up to 5 MB. */
const MAX_BYTES = 5 * 1024 * 1024;

type Imported = useInvoiceMutationsImportMutation$data["importBankStatement"];

/**
 * "Kontoauszug einlesen": a camt.053 statement or camt.054 notification (.xml, up to 5 MB) is read
 * into payments matched by the invoice number in the reference; afterwards the dialog shows what
 * was read: credits, matched, not matched, left out, and each credit with its invoice.
 */
export function BankImportDialog({ district, onClose }: { district: string | null; onClose: () => void }) {
  const id = useId();
  const labelId = `${id}-label`;
  const statusId = `${id}-status`;
  const buttonTextId = `${id}-button`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Imported | null>(null);
  const [importFile, importing] = useImportBankStatement();

  const submit = async () => {
    if (!chosen) return setError(t("invoice.import.noFile"));
    if (chosen.size > MAX_BYTES) return setError(t("invoice.import.tooLarge"));
    setError(null);
    const answer = await importFile({ districtAssociation: district, xml: await chosen.text() });
    if (answer.ok) setResult(answer.response.importBankStatement);
    else setError(answer.fieldErrors.xml ?? null);
  };

  if (result) {
    const unmatched = result.credits - result.matched;
    return (
      <FormDialog title={t("invoice.import.resultTitle")} onCancel={onClose} wide>
        <p role="status">{t("invoice.import.summary", { kind: result.kind, credits: result.credits, matched: result.matched, unmatched })}</p>
        {(result.alreadyRead > 0 || result.skipped > 0) && <p>{t("invoice.import.leftOut", { alreadyRead: result.alreadyRead, skipped: result.skipped })}</p>}
        {result.payments.length > 0 && (
          <DataTable
            label={t("invoice.import.payments")}
            columns={[
              { key: "paidOn", header: t("invoice.field.paidOn") },
              { key: "amount", header: t("invoice.field.amount") },
              { key: "payer", header: t("invoice.import.payer") },
              { key: "reference", header: t("invoice.import.reference") },
              { key: "invoice", header: t("invoice.import.matchedInvoice") },
            ]}
            rowCount={result.payments.length}
          >
            {result.payments.map((payment, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the credits read have no id of their own and this list never changes
              <tr key={`${payment.reference}-${index}`}>
                <td>{formatGermanDate(payment.paidOn)}</td>
                <td>{formatCents(payment.amountCents)}</td>
                <td>{payment.payerName ?? ""}</td>
                <td>{payment.reference}</td>
                <td>{payment.invoiceNumber ?? t("invoice.import.notMatched")}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </FormDialog>
    );
  }

  return (
    <FormDialog
      title={t("invoice.import.title")}
      acceptLabel={t("invoice.import.accept")}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitting={importing}
    >
      <p>{t("invoice.import.hint")}</p>
      <div className={fieldStyles.field}>
        <FieldLabel id={labelId} htmlFor={id} label={t("invoice.import.file")} required />
        <HiddenFileInput
          ref={inputRef}
          id={id}
          accept=".xml,application/xml,text/xml"
          disabled={importing}
          invalid={!!error}
          describedBy={statusId}
          onFiles={(files) => {
            setChosen(files[0] ?? null);
            setError(null);
          }}
        />
        <div>
          <Button
            variant="secondary"
            disabled={importing}
            aria-labelledby={`${labelId} ${buttonTextId}`}
            aria-describedby={statusId}
            onClick={() => inputRef.current?.click()}
          >
            <span id={buttonTextId}>{t("invoice.import.choose")}</span>
          </Button>
        </div>
        <p id={statusId}>{chosen ? `${chosen.name} (${formatFileSize(chosen.size)})` : t("invoice.import.none")}</p>
        {error && (
          <p className={fieldStyles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
