import { COMPETITION_TYPE_LABELS, INSTRUMENT_LABELS, LOCATION_TYPE_LABELS } from "@shared/labels";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { ChipsMultiSelect } from "../../components/ChipsMultiSelect";
import { DateTimeField } from "../../components/DateField";
import { FormDialog } from "../../components/FormDialog";
import { SelectField } from "../../components/SelectField";
import { SwitchField } from "../../components/SwitchField";
import { TextField } from "../../components/TextField";
import { type FieldErrors, hasErrors, NO_ERRORS, withoutError } from "../../forms/fieldErrors";
import { updateVersion } from "../../forms/version";
import { t } from "../../i18n/translate";
import type { LocationDialog_location$key } from "./__generated__/LocationDialog_location.graphql";
import { DEXAM_LOCATION_TYPES, type LocationFormValues, locationFields, locationFormValues, locationInput, validateLocationForm } from "./locationForm";
import { useCreateEventLocation } from "./useCreateEventLocation";
import { useUpdateEventLocation } from "./useUpdateEventLocation";

const DEXAM_TYPE_OPTIONS = DEXAM_LOCATION_TYPES.map((value) => ({ value, label: LOCATION_TYPE_LABELS[value] }));
const COMPETITION_TYPE_OPTION = [{ value: "COMPETITION", label: LOCATION_TYPE_LABELS.COMPETITION }];
const COURSE_OPTIONS = ["D1", "D2", "D3"].map((value) => ({ value, label: value }));
const COMPETITION_OPTIONS = Object.entries(COMPETITION_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const INSTRUMENT_OPTIONS = Object.entries(INSTRUMENT_LABELS).map(([value, label]) => ({ value, label }));

/**
 * Create ("Neuer Veranstaltungsort") or edit ("Veranstaltungsort bearbeiten") a location (R-LO013):
 * D-exam events choose theory, practice or preparation (fixed afterwards, R-LO014); competition
 * events always get a competition venue (R-LO015). Courses or competition types (R-LO017),
 * instruments for practice locations, and "Ergebnisse veröffentlichen?".
 */
export function LocationDialog({
  location,
  eventId,
  formType,
  onClose,
  onSaved,
}: {
  location: LocationDialog_location$key | null;
  eventId: string;
  formType: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const data = useFragment(
    graphql`
      fragment LocationDialog_location on EventLocation {
        id
        version
        name
        type
        street
        postcode
        city
        country
        start
        end
        dexamTypes
        competitionTypes
        instruments
        publishResults
      }
    `,
    location,
  );
  const [values, setValues] = useState<LocationFormValues>(() => locationFormValues(data, formType));
  // no lost updates: the save names the version the form was filled from (a newer one is refused)
  const [version] = useState(data?.version);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [create, creating] = useCreateEventLocation();
  const [update, updating] = useUpdateEventLocation();
  const fields = locationFields(values.type);
  const competition = formType === "COMPETITION";

  const set = <K extends keyof LocationFormValues>(field: K, value: LocationFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };
  const text = (field: "name" | "street" | "postcode" | "city" | "country" | "start" | "end") => (value: string) => set(field, value);

  const submit = async () => {
    const found = validateLocationForm(values);
    setErrors(found);
    if (hasErrors(found)) return;
    const result = data
      ? await update({ id: data.id, input: { ...locationInput(values, "edit"), ...updateVersion(version) } })
      : await create({ eventId, input: locationInput(values, "create") }, { required: ["eventId"] });
    if (result.ok) onSaved();
    else setErrors(result.fieldErrors);
  };

  return (
    <FormDialog title={data ? t("location.editTitle") : t("location.create")} onCancel={onClose} onSubmit={submit} submitting={creating || updating} wide>
      <TextField label={t("location.field.name")} value={values.name} onChange={text("name")} error={errors.name} required autoComplete="off" />
      <SelectField
        label={t("location.field.type")}
        options={competition ? COMPETITION_TYPE_OPTION : DEXAM_TYPE_OPTIONS}
        value={values.type || null}
        onChange={(value) => set("type", value ?? "")}
        disabled={data !== null || competition}
        error={errors.type}
        required
      />
      <TextField label={t("location.field.street")} value={values.street} onChange={text("street")} error={errors.street} required autoComplete="off" />
      <TextField label={t("location.field.postcode")} value={values.postcode} onChange={text("postcode")} error={errors.postcode} autoComplete="off" />
      <TextField label={t("location.field.city")} value={values.city} onChange={text("city")} error={errors.city} required autoComplete="off" />
      <TextField label={t("location.field.country")} value={values.country} onChange={text("country")} error={errors.country} autoComplete="off" />
      <DateTimeField label={t("location.field.start")} value={values.start} onChange={text("start")} error={errors.start} required={fields.datesRequired} />
      <DateTimeField label={t("location.field.end")} value={values.end} onChange={text("end")} error={errors.end} required={fields.datesRequired} />
      {fields.courses && (
        <ChipsMultiSelect
          label={t("location.field.courses")}
          options={COURSE_OPTIONS}
          value={values.dexamTypes}
          onChange={(value) => set("dexamTypes", value)}
          error={errors.dexamTypes}
          required={values.type === "DEXAM_THEORY" || values.type === "DEXAM_PRACTICE"}
        />
      )}
      {fields.competitionTypes && (
        <ChipsMultiSelect
          label={t("location.field.competitionTypes")}
          options={COMPETITION_OPTIONS}
          value={values.competitionTypes}
          onChange={(value) => set("competitionTypes", value)}
          error={errors.competitionTypes}
          required
        />
      )}
      {fields.instruments && (
        <ChipsMultiSelect
          label={t("location.field.instruments")}
          options={INSTRUMENT_OPTIONS}
          value={values.instruments}
          onChange={(value) => set("instruments", value)}
          error={errors.instruments}
          required
        />
      )}
      <SwitchField label={t("location.field.publishSwitch")} checked={values.publishResults} onChange={(checked) => set("publishResults", checked)} />
    </FormDialog>
  );
}
