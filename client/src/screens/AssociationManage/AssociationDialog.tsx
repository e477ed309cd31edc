import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { associationFormValues, associationInput, validateAssociationForm } from "../../associations/associationForm";
import { useUpdateAssociation } from "../../associations/useUpdateAssociation";
import { FormDialog } from "../../components/FormDialog";
import { TextField } from "../../components/TextField";
import { type FieldErrors, hasErrors, NO_ERRORS, withoutError } from "../../forms/fieldErrors";
import { updateVersion } from "../../forms/version";
import { t } from "../../i18n/translate";
import { useDistrictAssociationGlobalId } from "../../shell/useDistrictAssociationGlobalId";
import type { AssociationDialog_association$key } from "./__generated__/AssociationDialog_association.graphql";
import { useCreateAssociation } from "./useCreateAssociation";

/**
 * Create ("Neuer Verein") or edit ("Verein bearbeiten") a club in club management: name
 * (required) and invoice e-mail WITHOUT the e-mail rule (R-CM008). A new club belongs to the active
 * district association (R-CM005).
 */
export function AssociationDialog({
  association,
  districtAssociationId,
  onClose,
  onSaved,
}: {
  association: AssociationDialog_association$key | null;
  districtAssociationId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const data = useFragment(
    graphql`
      fragment AssociationDialog_association on Association {
        id
        version
        name
        invoiceEmail
      }
    `,
    association,
  );
  const [values, setValues] = useState(() => associationFormValues(data));
  // no lost updates: the save names the version the form was filled from (a newer one is refused)
  const [version] = useState(data?.version);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [create, creating] = useCreateAssociation();
  const districtAssociation = useDistrictAssociationGlobalId(districtAssociationId);
  const [update, updating] = useUpdateAssociation();

  const change = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  const submit = async () => {
    const found = validateAssociationForm(values, "manage");
    setErrors(found);
    if (hasErrors(found)) return;
    const result = data
      ? await update({ id: data.id, input: { ...associationInput(values), ...updateVersion(version) } })
      : await create({ input: { ...associationInput(values), districtAssociation } }, { required: ["input.districtAssociation"] });
    if (result.ok) onSaved();
    else setErrors(result.fieldErrors);
  };

  return (
    <FormDialog title={data ? t("association.editTitle") : t("association.create")} onCancel={onClose} onSubmit={submit} submitting={creating || updating}>
      <TextField label={t("association.field.name")} value={values.name} onChange={change("name")} error={errors.name} required autoComplete="off" />
      <TextField
        label={t("association.field.invoiceEmail")}
        type="email"
        value={values.invoiceEmail}
        onChange={change("invoiceEmail")}
        error={errors.invoiceEmail}
        autoComplete="off"
      />
    </FormDialog>
  );
}
