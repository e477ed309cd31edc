import { duplicateErrors } from "@shared/eventSchema";
import { Suspense, useEffect, useRef, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DateField } from "../../components/DateField";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { FormDialog } from "../../components/FormDialog";
import { LoadFailure } from "../../components/LoadFailure";
import { formatCalendarDay, sameDayNextYear, toDateInput } from "../../events/eventDates";
import { t } from "../../i18n/translate";
import type { DuplicateEventDialogQuery } from "./__generated__/DuplicateEventDialogQuery.graphql";
import type { DuplicateEventDialogTargetsQuery as DuplicateEventDialogTargetsQueryType } from "./__generated__/DuplicateEventDialogTargetsQuery.graphql";
import styles from "./DuplicateEventDialog.module.css";
import { useCopyEvent } from "./useCopyEvent";
import { useDuplicateEvent } from "./useDuplicateEvent";

type Mode = "new" | "into";
type Target = { id: string; name: string };

/**
 * "Duplizieren" (R-EV021..R-EV026, decision R-EV026): by default a new, unpublished event
 * "Kopie von <Name>" whose dates all move by the days between the source's start and the chosen
 * start of the copy (duplicateEvent). Or, as before, master data and locations INTO one of the
 * open events of the same form family without registrations (eventCopyTargets), only after a
 * confirmation that names the target; the server refuses a target with registrations as well.
 */
export function DuplicateEventDialog({ eventId, name, onClose, onSaved }: { eventId: string; name: string; onClose: () => void; onSaved: () => void }) {
  const [mode, setMode] = useState<Mode>("new");
  const [startDay, setStartDay] = useState("");
  const [startError, setStartError] = useState<string | undefined>();
  const [target, setTarget] = useState<Target | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [duplicate, duplicating] = useDuplicateEvent();
  const [copy, copying] = useCopyEvent();

  const submit = async () => {
    if (mode === "into") {
      if (target) setConfirming(true);
      return;
    }
    const invalid = duplicateErrors({ startDay }).startDay;
    if (invalid) {
      setStartError(invalid);
      return;
    }
    const result = await duplicate({ sourceId: eventId, startDay });
    if (result.ok) onSaved();
    else setStartError(result.fieldErrors.startDay);
  };
  const copyInto = async () => {
    if (!target) return;
    const result = await copy({ sourceId: eventId, targetId: target.id });
    if (result.ok) onSaved();
    else setConfirming(false);
  };

  if (confirming && target) {
    return (
      <ConfirmDialog
        text={t("event.copyConfirm", { source: name, target: target.name })}
        busy={copying}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void copyInto()}
      />
    );
  }
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.copyTargets.load" error={error} onDismiss={onClose} />}>
      <FormDialog
        title={t("event.copyTitle")}
        onCancel={onClose}
        onSubmit={submit}
        submitting={duplicating || copying}
        submitDisabled={mode === "into" && target === null}
        acceptLabel={mode === "new" ? t("event.duplicateAccept") : t("event.copyAccept")}
      >
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t("event.copyMode")}</legend>
          {(["new", "into"] as const).map((value) => (
            <label key={value} className={styles.option}>
              <input type="radio" name="copy-mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
              <span>{t(value === "new" ? "event.copyMode.new" : "event.copyMode.into")}</span>
            </label>
          ))}
        </fieldset>
        <Suspense fallback={<p>{t("app.loading")}</p>}>
          {mode === "new" ? (
            <NewEventFields
              eventId={eventId}
              name={name}
              startDay={startDay}
              error={startError}
              onChange={(value) => {
                setStartDay(value);
                setStartError(undefined);
              }}
            />
          ) : (
            <>
              <p className={styles.text}>
                <strong>{name}</strong>: {t("event.copyText")}
              </p>
              <CopyTargets eventId={eventId} value={target?.id ?? null} onChange={setTarget} />
            </>
          )}
        </Suspense>
      </FormDialog>
    </ErrorBoundary>
  );
}

function NewEventFields({
  eventId,
  name,
  startDay,
  error,
  onChange,
}: {
  eventId: string;
  name: string;
  startDay: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const data = useLazyLoadQuery<DuplicateEventDialogQuery>(
    graphql`
      query DuplicateEventDialogQuery($eventId: ID!) {
        node(id: $eventId) {
          ... on Event {
            start
            registrationDeadlineDay
          }
        }
      }
    `,
    { eventId },
    { fetchPolicy: "store-or-network" },
  );
  const firstDay = data.node?.start ? toDateInput(data.node.start) : (data.node?.registrationDeadlineDay ?? "");
  // the suggestion: the same day next year (the usual yearly repeat), once; a cleared field stays empty
  const suggested = useRef(false);
  useEffect(() => {
    if (suggested.current) return;
    suggested.current = true;
    if (!startDay && firstDay) onChange(sameDayNextYear(firstDay));
  }, [firstDay, startDay, onChange]);
  return (
    <>
      <p className={styles.text}>{t("event.duplicateText", { name })}</p>
      <DateField
        label={t("event.duplicateStart")}
        value={startDay}
        onChange={onChange}
        error={error}
        hint={firstDay ? t("event.duplicateStartHint", { date: formatCalendarDay(firstDay) }) : undefined}
        required
      />
    </>
  );
}

function CopyTargets({ eventId, value, onChange }: { eventId: string; value: string | null; onChange: (target: Target) => void }) {
  const data = useLazyLoadQuery<DuplicateEventDialogTargetsQueryType>(
    graphql`
      query DuplicateEventDialogTargetsQuery($eventId: ID!) {
        eventCopyTargets(eventId: $eventId) {
          id
          name
          registrationDeadlineDay
        }
      }
    `,
    { eventId },
    { fetchPolicy: "network-only" },
  );
  if (data.eventCopyTargets.length === 0) return <p className={styles.text}>{t("event.copyNoTargets")}</p>;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        {t("event.copyTarget")}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </legend>
      {data.eventCopyTargets.map((target) => (
        <label key={target.id} className={styles.option}>
          <input type="radio" name="copy-target" value={target.id} checked={value === target.id} required onChange={() => onChange(target)} />
          <span>
            {target.name} ({t("start.deadline", { date: formatCalendarDay(target.registrationDeadlineDay) })})
          </span>
        </label>
      ))}
    </fieldset>
  );
}
