import { useState } from "react";
import { FormDialog } from "../../components/FormDialog";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { formatCents, parseEuro } from "../../invoices/invoiceTexts";
import { useCreditInvoice } from "./useInvoiceMutations";

/**
 * "Gutschrift erstellen": credits part of an invoice with one line (what, net amount) and the reason
 * printed on the credit note; the server refuses more than the invoice's total over all credit notes.
 */
export function CreditDialog({
  id,
  number,
  totalCents,
  onClose,
  onSaved,
}: {
  id: string;
  number: string;
  totalCents: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [reason, setReason] = useState("");
  const [description, setDescription] = useState("");
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [credit, crediting] = useCreditInvoice();
  const submit = async () => {
    const found: Record<string, string> = {};
    const read = parseEuro(amount);
    if (!reason.trim()) found.reason = t("invoice.credit.reasonMissing");
    if (!description.trim()) found.description = t("invoice.credit.descriptionMissing");
    if (!read.ok) found.amount = read.error;
    else if (read.cents === 0) found.amount = t("invoice.credit.amountMissing");
    setErrors(found);
    if (Object.keys(found).length > 0 || !read.ok) return;
    const result = await credit({ id, reason: reason.trim(), lines: [{ description: description.trim(), quantity: 1, unitCents: read.cents }] });
    if (result.ok) onSaved();
    else setErrors(result.fieldErrors);
  };
  return (
    <FormDialog
      title={t("invoice.action.credit")}
      subtitle={t("invoice.credit.subtitle", { number, total: formatCents(totalCents) })}
      acceptLabel={t("invoice.credit.accept")}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitting={crediting}
    >
      <TextField label={t("invoice.credit.reason")} value={reason} onChange={setReason} error={errors.reason} required />
      <TextField
        label={t("invoice.credit.description")}
        value={description}
        onChange={setDescription}
        error={errors.description ?? errors["lines.0.description"]}
        required
      />
      <TextField
        label={t("invoice.credit.amount")}
        value={amount}
        onChange={setAmount}
        error={errors.amount ?? errors["lines.0.unitCents"]}
        hint={t("invoice.credit.amountHint")}
        decimal
        required
      />
    </FormDialog>
  );
}
