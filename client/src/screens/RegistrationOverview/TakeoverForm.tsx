import { useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { FormDialog } from "../../components/FormDialog";
import { SelectField } from "../../components/SelectField";
import { TextField } from "../../components/TextField";
import { todayInBerlin } from "../../events/eventDates";
import { type FieldErrors, hasErrors, NO_ERRORS, withoutError } from "../../forms/fieldErrors";
import { t } from "../../i18n/translate";
import { ConsentSection } from "../../registration/ConsentSection";
import { choosesDistrictClubs } from "../../registration/formValues";
import type { TakeoverFormQuery } from "./__generated__/TakeoverFormQuery.graphql";
import type { DexamRowData } from "./DexamRow";
import { formatPoints, hasUnverifiedPartialResult } from "./display";
import { PartialResultAlert } from "./PartialResultAlert";
import styles from "./TakeoverDialog.module.css";
import {
  carriedPoints,
  EMPTY_TAKEOVER,
  type ExamPart,
  missingPart,
  missingPartLocations,
  preparationLocations,
  type TakeoverValues,
  takeoverFieldErrors,
  takeoverInput,
  takeoverPart,
  takeoverTargets,
  validateTakeover,
} from "./takeover";
import { useTakeOverPartialResult } from "./useTakeOverPartialResult";

const NONE = "none";

/**
 * The takeover form: the target event (other D-exams of the district before their deadline), the
 * location of the missing part (by course and, for practice, instrument), an optional preparation
 * course, remarks and the event's consents (with its automatic deletion date). The carried part is
 * named in the text. Staff who register for the district's clubs (registration_manage of the event's
 * district, admin) confirm the legal guardians' consent, as in the registration form; members consent
 * in the first person.
 */
export function TakeoverForm({
  registration,
  sourceEventId,
  districtAssociationId,
  onClose,
  onSaved,
}: {
  registration: DexamRowData;
  sourceEventId: string;
  districtAssociationId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const data = useLazyLoadQuery<TakeoverFormQuery>(
    graphql`
      query TakeoverFormQuery($districtAssociationId: Int!, $from: Date!) {
        viewer {
          roles
          districtAssociationId
        }
        events(districtAssociationId: $districtAssociationId, from: $from, first: 100) {
          edges {
            node {
              id
              name
              deadlinePassed
              # the D-exam form's event: its consent texts and the locations with courses and instruments
              ...useDexamEvent_event @relay(mask: false)
            }
          }
        }
      }
    `,
    { districtAssociationId, from: todayInBerlin() },
    { fetchPolicy: "network-only" },
  );
  const [values, setValues] = useState<TakeoverValues>(EMPTY_TAKEOVER);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [takeOver, submitting] = useTakeOverPartialResult();
  const targets = useMemo(
    () =>
      takeoverTargets(
        data.events.edges.map((edge) => edge.node),
        sourceEventId,
      ),
    [data, sourceEventId],
  );
  const target = targets.find((event) => event.id === values.eventId) ?? null;
  // the row menu offers the takeover only when one part is passed (R-RO031); THEORY is a safe default otherwise
  const part: ExamPart = takeoverPart(registration) ?? "THEORY";
  const missing = missingPart(part);
  const name = `${registration.firstname} ${registration.lastname}`;
  const conditions = target?.cancellationConditions?.trim() ?? "";
  // the same rule as the registration form's club field: staff entering for the district's clubs
  const confirmedBy = choosesDistrictClubs(data.viewer, { districtAssociationId }) ? "guardians" : null;
  const locationOptions = useMemo(
    () =>
      missingPartLocations(target?.locations ?? [], missing, registration.type, registration.instrument).map((location) => ({
        value: location.id,
        label: location.name,
      })),
    [target, missing, registration.type, registration.instrument],
  );
  const preparationOptions = useMemo(() => {
    const found = preparationLocations(target?.locations ?? [], registration.type);
    return found.length === 0
      ? []
      : [{ value: NONE, label: t("overview.takeover.noPreparation") }, ...found.map((location) => ({ value: location.id, label: location.name }))];
  }, [target, registration.type]);

  const set = <K extends keyof TakeoverValues>(field: K, value: TakeoverValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };
  const chooseEvent = (id: string | null) => {
    // locations and consents belong to the chosen event
    setValues((current) => ({ ...current, eventId: id, locationId: null, preparationLocationId: null, gdprAccepted: false, cancellationAccepted: false }));
    setErrors(NO_ERRORS);
  };
  const submit = async () => {
    const found = validateTakeover(values, conditions !== "");
    setErrors(found);
    if (hasErrors(found)) return;
    const result = await takeOver({ id: registration.id, input: takeoverInput(values, part) }, { required: ["id", "input.eventId"] });
    if (result.ok) onSaved();
    else setErrors(takeoverFieldErrors(result.fieldErrors));
  };

  return (
    <FormDialog
      title={t("overview.takeover.title")}
      acceptLabel={t("overview.takeover.accept")}
      onCancel={onClose}
      onSubmit={submit}
      submitting={submitting}
      submitDisabled={targets.length === 0}
      wide
    >
      {hasUnverifiedPartialResult(registration) && <PartialResultAlert />}
      <p className={styles.text}>
        {t("overview.takeover.intro", {
          part: t(`overview.part.${part}`),
          name,
          points: formatPoints(carriedPoints(registration, part)),
          missing: t(`overview.part.${missing}`),
        })}
      </p>
      {targets.length === 0 ? (
        <p className={styles.hint}>{t("overview.takeover.noTargets")}</p>
      ) : (
        <SelectField
          label={t("overview.takeover.event")}
          options={targets.map((event) => ({ value: event.id, label: event.name }))}
          value={values.eventId}
          onChange={chooseEvent}
          error={errors.eventId}
          required
        />
      )}
      {target && (
        <>
          <SelectField
            label={t(missing === "THEORY" ? "overview.takeover.theoryLocation" : "overview.takeover.practiceLocation")}
            options={locationOptions}
            value={values.locationId}
            onChange={(value) => set("locationId", value)}
            disabled={locationOptions.length === 0}
            error={errors.locationId}
            required
          />
          {locationOptions.length === 0 && <p className={styles.hint}>{t("overview.takeover.noLocation", { course: registration.type })}</p>}
          {preparationOptions.length > 0 && (
            <SelectField
              label={t("overview.takeover.preparationLocation")}
              options={preparationOptions}
              value={values.preparationLocationId ?? NONE}
              onChange={(value) => set("preparationLocationId", value === null || value === NONE ? null : value)}
              error={errors.preparationLocationId}
            />
          )}
          <TextField
            label={t("overview.takeover.remarks")}
            value={values.remarks}
            onChange={(value) => set("remarks", value)}
            error={errors.remarks}
            rows={3}
          />
          <ConsentSection
            values={values}
            errors={errors}
            // the targets are D-exams without camp data (takeoverTargets): no health-data consent
            onChange={(field, checked) => field !== "healthConsentAccepted" && set(field, checked)}
            privacyPolicy={target.privacyPolicy}
            cancellationConditions={conditions || null}
            confirmedBy={confirmedBy}
            expiration={target.expiration}
          />
        </>
      )}
    </FormDialog>
  );
}
