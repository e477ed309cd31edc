import { useState } from "react";
import { DateField } from "../../components/DateField";
import { FormDialog } from "../../components/FormDialog";
import { todayInBerlin } from "../../events/eventDates";
import { saveFile } from "../../http/download";
import { t } from "../../i18n/translate";
import { useCreateSepaDebit } from "./useInvoiceMutations";

/** The day after `day` ("YYYY-MM-DD"). */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * "Lastschriftdatei erstellen": the collection date (from tomorrow), then the pain.008 file of the
 * invoices due by then of clubs with a SEPA mandate is made and downloaded; each invoice is
 * collected once, so a second file leaves them out.
 */
export function SepaDebitDialog({ district, onClose }: { district: string | null; onClose: () => void }) {
  const [collectionDate, setCollectionDate] = useState(() => nextDay(todayInBerlin()));
  const [error, setError] = useState<string | undefined>();
  const [create, creating] = useCreateSepaDebit();
  const submit = async () => {
    if (!collectionDate) return setError(t("invoice.debit.dateMissing"));
    const result = await create({ input: { districtAssociation: district, collectionDate } });
    if (!result.ok) return setError(result.fieldErrors.collectionDate);
    const debit = result.response.createSepaDebit;
    saveFile({ blob: new Blob([debit.xml], { type: "application/xml" }), fileName: `Lastschrift-${debit.messageId}.xml` });
    onClose();
  };
  return (
    <FormDialog
      title={t("invoice.debit.create")}
      acceptLabel={t("invoice.debit.accept")}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitting={creating}
    >
      <p>{t("invoice.debit.hint")}</p>
      <DateField label={t("invoice.debit.collectionDate")} value={collectionDate} onChange={setCollectionDate} error={error} required />
    </FormDialog>
  );
}
