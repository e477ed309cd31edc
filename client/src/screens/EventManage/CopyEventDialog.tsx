import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { FormDialog } from "../../components/FormDialog";
import { LoadFailure } from "../../components/LoadFailure";
import { formatCalendarDay } from "../../events/eventDates";
import { t } from "../../i18n/translate";
import type { CopyEventDialogQuery } from "./__generated__/CopyEventDialogQuery.graphql";
import styles from "./CopyEventDialog.module.css";
import { useCopyEvent } from "./useCopyEvent";

/**
 * "Kopieren" (R-EV021..R-EV026): the events of the same form family still before their deadline
 * (eventCopyTargets) as a required choice; master data and locations go INTO the chosen event.
 */
export function CopyEventDialog({ eventId, name, onClose, onSaved }: { eventId: string; name: string; onClose: () => void; onSaved: () => void }) {
  const [target, setTarget] = useState<string | null>(null);
  const [copy, copying] = useCopyEvent();
  const submit = async () => {
    if (!target) return;
    const result = await copy({ sourceId: eventId, targetId: target });
    if (result.ok) onSaved();
  };
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.copyTargets.load" error={error} onDismiss={onClose} />}>
      <FormDialog
        title={t("event.copyTitle")}
        onCancel={onClose}
        onSubmit={submit}
        submitting={copying}
        submitDisabled={target === null}
        acceptLabel={t("event.copyAccept")}
      >
        <p className={styles.text}>
          <strong>{name}</strong>: {t("event.copyText")}
        </p>
        <Suspense fallback={<p>{t("app.loading")}</p>}>
          <CopyTargets eventId={eventId} value={target} onChange={setTarget} />
        </Suspense>
      </FormDialog>
    </ErrorBoundary>
  );
}

function CopyTargets({ eventId, value, onChange }: { eventId: string; value: string | null; onChange: (id: string) => void }) {
  const data = useLazyLoadQuery<CopyEventDialogQuery>(
    graphql`
      query CopyEventDialogQuery($eventId: ID!) {
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
          <input type="radio" name="copy-target" value={target.id} checked={value === target.id} required onChange={() => onChange(target.id)} />
          <span>
            {target.name} ({t("start.deadline", { date: formatCalendarDay(target.registrationDeadlineDay) })})
          </span>
        </label>
      ))}
    </fieldset>
  );
}
