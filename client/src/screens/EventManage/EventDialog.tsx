import { EDIT_PHASE_LABELS, FORM_TYPE_LABELS } from "@shared/labels";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { DateField, DateTimeField } from "../../components/DateField";
import { FormDialog } from "../../components/FormDialog";
import { SelectField } from "../../components/SelectField";
import { TextField } from "../../components/TextField";
import { type FieldErrors, hasErrors, NO_ERRORS, withoutError } from "../../forms/fieldErrors";
import { updateVersion } from "../../forms/version";
import { t } from "../../i18n/translate";
import { useDistrictAssociationGlobalId } from "../../shell/useDistrictAssociationGlobalId";
import type { EventDialog_event$key } from "./__generated__/EventDialog_event.graphql";
import { type EventFormValues, eventFormValues, eventInput, followExpiration, validateEventForm } from "./eventForm";
import { useCreateEvent } from "./useCreateEvent";
import { useUpdateEvent } from "./useUpdateEvent";

const FORM_TYPE_OPTIONS = Object.entries(FORM_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const EDIT_PHASE_OPTIONS = Object.entries(EDIT_PHASE_LABELS).map(([value, label]) => ({ value, label }));

/**
 * Create ("Neue Veranstaltung") or edit ("Veranstaltung bearbeiten") an event (R-EV007, R-EV008,
 * R-EV011): the form type is chosen once and fixed afterwards (R-EV012); the deadline is a day
 * stored as 23:59:59 Berlin (R-EV013). A new event belongs to the active district association.
 */
export function EventDialog({
  event,
  districtAssociationId,
  onClose,
  onSaved,
}: {
  event: EventDialog_event$key | null;
  districtAssociationId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const data = useFragment(
    graphql`
      fragment EventDialog_event on Event {
        id
        version
        name
        description
        formType
        editPhase
        registrationDeadlineDay
        startPublishing
        finishPublishing
        expiration
        start
        end
        address
        cancellationConditions
        privacyPolicy
      }
    `,
    event,
  );
  const [values, setValues] = useState<EventFormValues>(() => eventFormValues(data));
  // no lost updates: the save names the version the form was filled from (a newer one is refused)
  const [version] = useState(data?.version);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [create, creating] = useCreateEvent();
  const districtAssociation = useDistrictAssociationGlobalId(districtAssociationId);
  const [update, updating] = useUpdateEvent();

  const change = (field: keyof EventFormValues) => (value: string | null) => {
    // the deletion day follows form type and dates while it is the default (eventForm.ts followExpiration)
    setValues((current) => followExpiration(current, { ...current, [field]: value ?? "" }));
    setErrors((current) => withoutError(current, field));
  };

  const submit = async () => {
    const found = validateEventForm(values);
    setErrors(found);
    if (hasErrors(found)) return;
    const result = data
      ? await update({ id: data.id, input: { ...eventInput(values, "edit"), ...updateVersion(version) } })
      : await create({ districtAssociation, input: eventInput(values, "create") }, { required: ["districtAssociation"] });
    if (result.ok) onSaved();
    else setErrors(result.fieldErrors);
  };

  return (
    <FormDialog title={data ? t("event.editTitle") : t("event.create")} onCancel={onClose} onSubmit={submit} submitting={creating || updating} wide>
      <TextField label={t("event.field.name")} value={values.name} onChange={change("name")} error={errors.name} required autoComplete="off" />
      <TextField label={t("event.field.description")} value={values.description} onChange={change("description")} error={errors.description} rows={3} />
      <SelectField
        label={t("event.field.formType")}
        options={FORM_TYPE_OPTIONS}
        value={values.formType || null}
        onChange={change("formType")}
        disabled={data !== null}
        error={errors.formType}
        required
      />
      <SelectField
        label={t("event.field.editPhase")}
        options={EDIT_PHASE_OPTIONS}
        value={values.editPhase || null}
        onChange={change("editPhase")}
        error={errors.editPhase}
        required
      />
      <DateField
        label={t("event.field.registrationDeadline")}
        value={values.registrationDeadline}
        onChange={change("registrationDeadline")}
        error={errors.registrationDeadline}
        hint={t("event.deadlineHint")}
        required
      />
      <DateTimeField
        label={t("event.field.startPublishing")}
        value={values.startPublishing}
        onChange={change("startPublishing")}
        error={errors.startPublishing}
        required
      />
      <DateTimeField
        label={t("event.field.finishPublishing")}
        value={values.finishPublishing}
        onChange={change("finishPublishing")}
        error={errors.finishPublishing}
        required
      />
      <DateField
        label={t("event.field.expiration")}
        value={values.expiration}
        onChange={change("expiration")}
        error={errors.expiration}
        hint={t("event.expirationHint")}
        required={values.formType === "DEXAM_CAMP"}
      />
      <DateTimeField label={t("event.field.start")} value={values.start} onChange={change("start")} error={errors.start} />
      <DateTimeField label={t("event.field.end")} value={values.end} onChange={change("end")} error={errors.end} />
      <TextField label={t("event.field.address")} value={values.address} onChange={change("address")} error={errors.address} autoComplete="off" />
      <TextField
        label={t("event.field.cancellationConditions")}
        value={values.cancellationConditions}
        onChange={change("cancellationConditions")}
        error={errors.cancellationConditions}
        rows={3}
      />
      <TextField
        label={t("event.field.privacyPolicy")}
        value={values.privacyPolicy}
        onChange={change("privacyPolicy")}
        error={errors.privacyPolicy}
        required
        rows={3}
      />
    </FormDialog>
  );
}
