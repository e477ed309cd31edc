import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { FormDialog } from "../../components/FormDialog";
import { ImageUploadField } from "../../components/ImageUploadField";
import { TextField } from "../../components/TextField";
import { type FieldErrors, hasErrors, NO_ERRORS, withoutError } from "../../forms/fieldErrors";
import { updateVersion } from "../../forms/version";
import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";
import type { DistrictAssociationDialog_districtAssociation$key } from "./__generated__/DistrictAssociationDialog_districtAssociation.graphql";
import {
  type DistrictAssociationFormValues,
  districtAssociationFormValues,
  districtAssociationInput,
  type SignatureChange,
  shownSignature,
  validateDistrictAssociationForm,
} from "./districtAssociationForm";
import { useCreateDistrictAssociation } from "./useCreateDistrictAssociation";
import { useUpdateDistrictAssociation } from "./useUpdateDistrictAssociation";

const TEXT_FIELDS: { field: keyof DistrictAssociationFormValues; label: MessageKey; type: string }[] = [
  { field: "name", label: "districtAssociation.field.name", type: "text" },
  { field: "iamRef", label: "districtAssociation.field.iamRef", type: "text" },
  { field: "gdprLink", label: "districtAssociation.field.gdprLink", type: "url" },
  { field: "impressLink", label: "districtAssociation.field.impressLink", type: "url" },
];

/**
 * Create ("Neuer Kreisverband") or edit ("Kreisverband bearbeiten"): name, IamRef, privacy and
 * imprint URL (all required, R-VA017) and the signature image (R-DA003, R-DA004).
 */
export function DistrictAssociationDialog({
  districtAssociation,
  onClose,
  onSaved,
}: {
  districtAssociation: DistrictAssociationDialog_districtAssociation$key | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const data = useFragment(
    graphql`
      fragment DistrictAssociationDialog_districtAssociation on DistrictAssociation {
        id
        version
        name
        iamRef
        gdprLink
        impressLink
        signatureImage
      }
    `,
    districtAssociation,
  );
  const [values, setValues] = useState(() => districtAssociationFormValues(data));
  // no lost updates: the save names the version the form was filled from (a newer one is refused)
  const [version] = useState(data?.version);
  const [signature, setSignature] = useState<SignatureChange>({ kind: "keep" });
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [create, creating] = useCreateDistrictAssociation();
  const [update, updating] = useUpdateDistrictAssociation();

  const change = (field: keyof DistrictAssociationFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };
  const changeSignature = (next: SignatureChange) => {
    setSignature(next);
    setErrors((current) => withoutError(current, "signatureImage"));
  };

  const submit = async () => {
    const found = validateDistrictAssociationForm(values);
    setErrors(found);
    if (hasErrors(found)) return;
    const result = data
      ? await update({ id: data.id, input: { ...districtAssociationInput(values, signature), ...updateVersion(version) } })
      : await create({ input: districtAssociationInput(values, signature) });
    if (result.ok) onSaved();
    else setErrors(result.fieldErrors);
  };

  return (
    <FormDialog
      title={data ? t("districtAssociation.editTitle") : t("districtAssociation.create")}
      onCancel={onClose}
      onSubmit={submit}
      submitting={creating || updating}
      wide
    >
      {TEXT_FIELDS.map(({ field, label, type }) => (
        <TextField
          key={field}
          label={t(label)}
          type={type}
          value={values[field]}
          onChange={(value) => change(field, value)}
          error={errors[field]}
          required
          autoComplete="off"
        />
      ))}
      <ImageUploadField
        label={t("districtAssociation.field.signatureImage")}
        image={shownSignature(data?.signatureImage, signature)}
        onChange={(dataUrl) => changeSignature({ kind: "set", dataUrl })}
        onRemove={() => changeSignature(data?.signatureImage ? { kind: "remove" } : { kind: "keep" })}
        error={errors.signatureImage}
      />
    </FormDialog>
  );
}
