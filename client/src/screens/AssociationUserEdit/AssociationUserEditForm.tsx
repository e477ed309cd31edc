import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { associationFormValues, associationInput, canSaveOwnAssociation, validateAssociationForm } from "../../associations/associationForm";
import { useUpdateAssociation } from "../../associations/useUpdateAssociation";
import { Button } from "../../components/Button";
import { TextField } from "../../components/TextField";
import { type FieldErrors, hasErrors, NO_ERRORS, withoutError } from "../../forms/fieldErrors";
import { updateVersion } from "../../forms/version";
import { t } from "../../i18n/translate";
import type { AssociationUserEditForm_association$key } from "./__generated__/AssociationUserEditForm_association.graphql";
import styles from "./AssociationUserEditScreen.module.css";

/**
 * The selected own club: name (required) and invoice e-mail with the e-mail rule (R-MC006,
 * R-VA016); "Speichern" stores it, "Verein aktualisiert" (R-MC005).
 */
export function AssociationUserEditForm({ association }: { association: AssociationUserEditForm_association$key }) {
  const data = useFragment(
    graphql`
      fragment AssociationUserEditForm_association on Association {
        id
        version
        name
        invoiceEmail
      }
    `,
    association,
  );
  const [values, setValues] = useState(() => associationFormValues(data));
  // no lost updates: the save names the version the form was filled from (a newer one is refused).
  // A newer stored version (the own save's answer, or fresher data from the network) fills the form again.
  const [version, setVersion] = useState(data.version);
  if (data.version !== version) {
    setVersion(data.version);
    setValues(associationFormValues(data));
  }
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [save, saving] = useUpdateAssociation();

  const change = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  const submit = async () => {
    const found = validateAssociationForm(values, "member");
    setErrors(found);
    if (hasErrors(found)) return;
    const result = await save({ id: data.id, input: { ...associationInput(values), ...updateVersion(version) } });
    if (!result.ok) setErrors(result.fieldErrors);
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField label={t("association.field.name")} value={values.name} onChange={change("name")} error={errors.name} required autoComplete="organization" />
      <TextField
        label={t("association.field.invoiceEmail")}
        type="email"
        inputMode="email"
        value={values.invoiceEmail}
        onChange={change("invoiceEmail")}
        error={errors.invoiceEmail}
        autoComplete="email"
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={saving || !canSaveOwnAssociation(data.id)}>
          {t("common.save")}
        </Button>
      </div>
    </form>
  );
}
