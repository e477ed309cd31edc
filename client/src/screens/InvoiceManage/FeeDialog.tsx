import { useState } from "react";
import { DateTimeField } from "../../components/DateField";
import { FormDialog } from "../../components/FormDialog";
import { TextField } from "../../components/TextField";
import { fromDateTimeLocal, toDateTimeLocal } from "../../events/eventDates";
import { t } from "../../i18n/translate";
import { feeFormValues, feeGrid, feeTableInput } from "../../invoices/invoiceTexts";
import { FieldGroup } from "../../registration/formParts";
import { useSetEventFees } from "./useInvoiceMutations";

interface FeeTable {
  fees: readonly { item: string; amountCents: number }[];
  lateFrom?: string | null;
  lateFeeCents: number;
  version: number;
}

/**
 * "Gebühren bearbeiten" (invoice_manage): the amount per fee item of the event's form in euros (empty:
 * no fee), the late fee and from when it applies. Checked here with the server's rules, saved with
 * the version as read; issued invoices keep what they billed.
 */
export function FeeDialog({
  eventId,
  formType,
  table,
  onClose,
  onSaved,
}: {
  eventId: string;
  formType: string;
  table: FeeTable;
  onClose: () => void;
  onSaved: () => void;
}) {
  const grid = feeGrid(formType);
  const [values, setValues] = useState(() => feeFormValues(table, table.lateFrom ? toDateTimeLocal(table.lateFrom) : ""));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSetEventFees();

  const setAmount = (item: string) => (text: string) => setValues((current) => ({ ...current, amounts: { ...current.amounts, [item]: text } }));

  const submit = async () => {
    const checked = feeTableInput(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const result = await save({
      input: {
        event: eventId,
        fees: checked.fees,
        lateFeeCents: checked.lateFeeCents,
        lateFrom: values.lateFrom ? fromDateTimeLocal(values.lateFrom) : null,
        version: table.version,
      },
    });
    if (result.ok) onSaved();
    else setErrors(result.fieldErrors);
  };

  return (
    <FormDialog title={t("invoice.fees.edit")} onCancel={onClose} onSubmit={() => void submit()} submitting={saving} wide>
      <p>{t("invoice.fees.hint")}</p>
      {grid.rows.map((row) => (
        <FieldGroup key={row.label} legend={row.label}>
          {row.items.map((item, column) =>
            item ? (
              <TextField
                key={item}
                label={grid.columns[column] ?? item}
                value={values.amounts[item] ?? ""}
                onChange={setAmount(item)}
                error={errors[`fees.${item}`]}
                decimal
              />
            ) : null,
          )}
        </FieldGroup>
      ))}
      <FieldGroup legend={t("invoice.fees.late")}>
        <TextField
          label={t("invoice.fees.lateAmount")}
          value={values.late}
          onChange={(late) => setValues((current) => ({ ...current, late }))}
          error={errors.lateFeeCents}
          decimal
        />
        <DateTimeField
          label={t("invoice.fees.lateFrom")}
          value={values.lateFrom}
          onChange={(lateFrom) => setValues((current) => ({ ...current, lateFrom }))}
          error={errors.lateFrom}
        />
      </FieldGroup>
    </FormDialog>
  );
}
