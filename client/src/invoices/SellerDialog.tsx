import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { FormDialog } from "../components/FormDialog";
import { LoadFailure } from "../components/LoadFailure";
import { TextField } from "../components/TextField";
import { t } from "../i18n/translate";
import { FieldGroup } from "../registration/formParts";
import { useFeedbackMutation } from "../relay/useFeedbackMutation";
import type { SellerDialogMutation } from "./__generated__/SellerDialogMutation.graphql";
import type { SellerDialogQuery } from "./__generated__/SellerDialogQuery.graphql";
import { SELLER_REQUIRED, type SellerField, type SellerValues, sellerInput, sellerLabel, sellerValues } from "./billingForms";

const GROUPS: { legend: "invoice.seller.groupAddress" | "invoice.seller.groupTax" | "invoice.seller.groupBank"; fields: SellerField[] }[] = [
  { legend: "invoice.seller.groupAddress", fields: ["name", "street", "postcode", "city", "country", "email", "phone"] },
  { legend: "invoice.seller.groupTax", fields: ["taxNumber", "vatId", "registrationId", "exemptionNote"] },
  { legend: "invoice.seller.groupBank", fields: ["iban", "bic", "bankName", "creditorId"] },
];

/**
 * "Rechnungssteller" (invoice_manage of the district; admin any): the seller data printed on the
 * district association's invoices and in their XML: address, tax number, VAT id or the exemption
 * note of a non-profit association, register entry, bank account and SEPA creditor id, VAT rate and
 * payment term. Opened from "Rechnungen" (the active district) and the district administration.
 */
export function SellerDialog({ district, name, onClose }: { district: string | null; name?: string; onClose: () => void }) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="invoice.seller.loadFailed" error={error} onDismiss={onClose} />}>
      <Suspense fallback={null}>
        <SellerForm district={district} name={name} onClose={onClose} />
      </Suspense>
    </ErrorBoundary>
  );
}

function SellerForm({ district, name, onClose }: { district: string | null; name?: string; onClose: () => void }) {
  const data = useLazyLoadQuery<SellerDialogQuery>(
    graphql`
      query SellerDialogQuery($district: ID) {
        invoiceSeller(districtAssociation: $district) {
          name
          street
          postcode
          city
          country
          email
          phone
          taxNumber
          vatId
          registrationId
          exemptionNote
          iban
          bic
          bankName
          creditorId
          vatRateBasisPoints
          paymentDays
          version
        }
      }
    `,
    { district },
    { fetchPolicy: "network-only" },
  );
  const [values, setValues] = useState<SellerValues>(() => sellerValues(data.invoiceSeller));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useFeedbackMutation<SellerDialogMutation>(
    graphql`
      mutation SellerDialogMutation($input: InvoiceSellerInput!) {
        setInvoiceSeller(input: $input) {
          version
        }
      }
    `,
    { success: "invoice.seller.saved", failure: "invoice.seller.saveFailed" },
  );
  const set = (field: keyof SellerValues) => (text: string) => setValues((current) => ({ ...current, [field]: text }));
  const submit = async () => {
    const checked = sellerInput(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const result = await save({ input: { ...checked.input, districtAssociation: district, version: data.invoiceSeller?.version ?? null } as never });
    if (result.ok) onClose();
    else setErrors(result.fieldErrors);
  };
  return (
    <FormDialog title={t("invoice.seller.title")} subtitle={name} onCancel={onClose} onSubmit={() => void submit()} submitting={saving} wide>
      <p>{t("invoice.seller.hint")}</p>
      {GROUPS.map((group) => (
        <FieldGroup key={group.legend} legend={t(group.legend)}>
          {group.fields.map((field) => (
            <TextField
              key={field}
              label={t(sellerLabel(field))}
              value={values[field]}
              onChange={set(field)}
              error={errors[field]}
              required={SELLER_REQUIRED.includes(field)}
              rows={field === "exemptionNote" ? 2 : undefined}
            />
          ))}
        </FieldGroup>
      ))}
      <FieldGroup legend={t("invoice.seller.groupTerms")}>
        <TextField
          label={t("invoice.seller.vatRate")}
          value={values.vatRate}
          onChange={set("vatRate")}
          error={errors.vatRateBasisPoints}
          hint={t("invoice.seller.vatRateHint")}
          decimal
        />
        <TextField
          label={t("invoice.seller.paymentDays")}
          value={values.paymentDays}
          onChange={set("paymentDays")}
          error={errors.paymentDays}
          inputMode="numeric"
        />
      </FieldGroup>
    </FormDialog>
  );
}
