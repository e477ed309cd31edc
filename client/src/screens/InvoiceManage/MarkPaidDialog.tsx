import { useState } from "react";
import { DateField } from "../../components/DateField";
import { FormDialog } from "../../components/FormDialog";
import { todayInBerlin } from "../../events/eventDates";
import { t } from "../../i18n/translate";
import { useMarkInvoicePaid } from "./useInvoiceMutations";

/** "Als bezahlt markieren": the day of payment (today unless changed; not in the future, the server checks). */
export function MarkPaidDialog({ id, number, onClose, onSaved }: { id: string; number: string; onClose: () => void; onSaved: () => void }) {
  const [paidOn, setPaidOn] = useState(() => todayInBerlin());
  const [error, setError] = useState<string | undefined>();
  const [mark, marking] = useMarkInvoicePaid();
  const submit = async () => {
    if (!paidOn) return setError(t("invoice.paidOnMissing"));
    const result = await mark({ id, paidOn });
    if (result.ok) onSaved();
    else setError(result.fieldErrors.paidOn);
  };
  return (
    <FormDialog
      title={t("invoice.action.paid")}
      subtitle={t("invoice.numberShown", { number })}
      acceptLabel={t("invoice.markPaidAccept")}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitting={marking}
    >
      <DateField label={t("invoice.field.paidOn")} value={paidOn} onChange={setPaidOn} error={error} required />
    </FormDialog>
  );
}
