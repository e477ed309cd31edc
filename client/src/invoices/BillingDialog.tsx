import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { DateField } from "../components/DateField";
import { formatGermanDate } from "../components/dateText";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { FormDialog } from "../components/FormDialog";
import { LoadFailure } from "../components/LoadFailure";
import { SelectField } from "../components/SelectField";
import { TextField } from "../components/TextField";
import { t } from "../i18n/translate";
import { FieldGroup } from "../registration/formParts";
import { useFeedbackMutation } from "../relay/useFeedbackMutation";
import type { BillingDialogMutation } from "./__generated__/BillingDialogMutation.graphql";
import type { BillingDialogQuery } from "./__generated__/BillingDialogQuery.graphql";
import { BILLING_FIELDS, type BillingValues, billingInput, billingLabel, billingValues, type MandateField } from "./billingForms";

/**
 * "Rechnungsdaten" of a club (invoice_manage of its district): the billing address printed on its
 * invoices (empty: the club's name), the buyer reference (Leitweg-ID or order number) and the SEPA
 * direct-debit mandate; the account is stored encrypted and shown only by its last four characters.
 */
export function BillingDialog({ association, name, onClose }: { association: string; name: string; onClose: () => void }) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="invoice.billing.loadFailed" error={error} onDismiss={onClose} />}>
      <Suspense fallback={null}>
        <BillingForm association={association} name={name} onClose={onClose} />
      </Suspense>
    </ErrorBoundary>
  );
}

const MANDATE_TEXT: Record<
  Exclude<MandateField, "signedOn">,
  "invoice.mandate.reference" | "invoice.mandate.iban" | "invoice.mandate.bic" | "invoice.mandate.holder"
> = {
  reference: "invoice.mandate.reference",
  iban: "invoice.mandate.iban",
  bic: "invoice.mandate.bic",
  holder: "invoice.mandate.holder",
};

function BillingForm({ association, name, onClose }: { association: string; name: string; onClose: () => void }) {
  const data = useLazyLoadQuery<BillingDialogQuery>(
    graphql`
      query BillingDialogQuery($association: ID!) {
        clubBilling(association: $association) {
          billingName
          billingStreet
          billingPostcode
          billingCity
          billingCountry
          buyerReference
          invoiceEmail
          mandate {
            reference
            signedOn
            ibanMasked
          }
        }
      }
    `,
    { association },
    { fetchPolicy: "network-only" },
  );
  const billing = data.clubBilling;
  const [values, setValues] = useState<BillingValues>(() => billingValues(billing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useFeedbackMutation<BillingDialogMutation>(
    graphql`
      mutation BillingDialogMutation($input: ClubBillingInput!) {
        setClubBilling(input: $input) {
          association
        }
      }
    `,
    { success: "invoice.billing.saved", failure: "invoice.billing.saveFailed" },
  );
  const setMandate = (field: MandateField) => (text: string) => setValues((current) => ({ ...current, mandate: { ...current.mandate, [field]: text } }));
  const submit = async () => {
    const checked = billingInput(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const result = await save({ input: { ...checked.input, association } as never });
    if (result.ok) onClose();
    else setErrors(result.fieldErrors);
  };
  const mandateFields = (
    <>
      {(["reference", "iban", "bic", "holder"] as const).map((field) => (
        <TextField
          key={field}
          label={t(MANDATE_TEXT[field])}
          value={values.mandate[field]}
          onChange={setMandate(field)}
          error={errors[`mandate.${field}`]}
          required={field !== "bic" && values.mandateChange === "set" && billing.mandate !== null}
        />
      ))}
      <DateField label={t("invoice.mandate.signedOn")} value={values.mandate.signedOn} onChange={setMandate("signedOn")} error={errors["mandate.signedOn"]} />
    </>
  );
  return (
    <FormDialog title={t("invoice.billing.title")} subtitle={name} onCancel={onClose} onSubmit={() => void submit()} submitting={saving} wide>
      <p>{billing.invoiceEmail ? t("invoice.billing.emailShown", { email: billing.invoiceEmail }) : t("invoice.billing.noEmail")}</p>
      <FieldGroup legend={t("invoice.billing.groupAddress")}>
        {BILLING_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(billingLabel(field))}
            value={values[field]}
            onChange={(text) => setValues((current) => ({ ...current, [field]: text }))}
            error={errors[field]}
          />
        ))}
      </FieldGroup>
      <FieldGroup legend={t("invoice.mandate.title")}>
        {billing.mandate ? (
          <>
            <p>
              {t("invoice.mandate.current", {
                reference: billing.mandate.reference,
                date: formatGermanDate(billing.mandate.signedOn),
                iban: billing.mandate.ibanMasked,
              })}
            </p>
            <SelectField
              label={t("invoice.mandate.change")}
              options={[
                { value: "keep", label: t("invoice.mandate.keep") },
                { value: "set", label: t("invoice.mandate.replace") },
                { value: "remove", label: t("invoice.mandate.remove") },
              ]}
              value={values.mandateChange}
              onChange={(choice) => setValues((current) => ({ ...current, mandateChange: (choice ?? "keep") as BillingValues["mandateChange"] }))}
            />
            {values.mandateChange === "set" && mandateFields}
          </>
        ) : (
          <>
            <p>{t("invoice.mandate.none")}</p>
            {mandateFields}
          </>
        )}
      </FieldGroup>
    </FormDialog>
  );
}
