import { useEffect, useMemo, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import { FormDialog } from "../../components/FormDialog";
import { SelectField } from "../../components/SelectField";
import { t } from "../../i18n/translate";
import type { SlotDialogsProblemsQuery } from "./__generated__/SlotDialogsProblemsQuery.graphql";
import type { LocationData, SlotData } from "./TimetableView";
import { clock, dayLabel, startTimes } from "./timetableTexts";
import { useChangeTimetableSlot } from "./useTimetableMutations";

const PROBLEMS = graphql`
  query SlotDialogsProblemsQuery($id: ID!, $room: String!, $day: String!, $startMinute: Int!) {
    timetableSlotProblems(id: $id, room: $room, day: $day, startMinute: $startMinute)
  }
`;

/** "Sa., 13.03.2027, 09:00, Raum 1: Anna Muster" */
const slotText = (slot: SlotData) => `${dayLabel(slot.day)}, ${clock(slot.startMinute)}, ${slot.room}: ${slot.title}`;

/** The conflicts as the server names them, announced to screen readers. */
function Problems({ problems, checking }: { problems: readonly string[]; checking: boolean }) {
  return (
    <div role="status" aria-live="polite">
      {checking ? (
        <p>{t("timetable.checking")}</p>
      ) : problems.length > 0 ? (
        <>
          <p>
            <strong>{t("timetable.conflicts")}</strong>
          </p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t("timetable.fits")}</p>
      )}
    </div>
  );
}

/**
 * "Verschieben…": room, day and start of a slot (its length stays), with the server's conflict
 * check before saving; saving locks the slot.
 */
export function MoveSlotDialog({ location, slot, onClose, onSaved }: { location: LocationData; slot: SlotData; onClose: () => void; onSaved: () => void }) {
  const environment = useRelayEnvironment();
  const [room, setRoom] = useState(slot.room);
  const [day, setDay] = useState(slot.day);
  const [start, setStart] = useState(slot.startMinute);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [checking, setChecking] = useState(false);
  const [move, moving] = useChangeTimetableSlot("move");
  const length = slot.endMinute - slot.startMinute;
  const rules = location.rules;
  const dayRules = rules.days.find((candidate) => candidate.day === day);
  const starts = useMemo(() => {
    const list = dayRules ? startTimes(dayRules.start, dayRules.end, length) : [];
    return list.includes(start) ? list : [...list, start].sort((a, b) => a - b);
  }, [dayRules, length, start]);
  const unchanged = room === slot.room && day === slot.day && start === slot.startMinute;

  useEffect(() => {
    if (unchanged) {
      setProblems([]);
      return;
    }
    let current = true;
    setChecking(true);
    fetchQuery<SlotDialogsProblemsQuery>(environment, PROBLEMS, { id: slot.id, room, day, startMinute: start }, { fetchPolicy: "network-only" })
      .toPromise()
      .then((answer) => {
        if (current) setProblems(answer?.timetableSlotProblems ?? []);
      })
      .catch((error: unknown) => {
        if (current) setProblems([error instanceof Error ? error.message : String(error)]);
      })
      .finally(() => {
        if (current) setChecking(false);
      });
    return () => {
      current = false;
    };
  }, [environment, slot.id, room, day, start, unchanged]);

  return (
    <FormDialog
      title={t("timetable.moveTitle", { name: slot.title })}
      subtitle={slotText(slot)}
      acceptLabel={t("timetable.action.moveAccept")}
      submitting={moving}
      submitDisabled={unchanged || checking || problems.length > 0}
      onCancel={onClose}
      onSubmit={async () => {
        const result = await move({ id: slot.id, version: slot.version, room, day, startMinute: start });
        if (result.ok) onSaved();
      }}
    >
      <SelectField
        label={t("timetable.field.room")}
        options={rules.rooms.map((value) => ({ value, label: value }))}
        value={room}
        onChange={(value) => value && setRoom(value)}
        required
      />
      <SelectField
        label={t("timetable.field.day")}
        options={rules.days.map((candidate) => ({ value: candidate.day, label: dayLabel(candidate.day) }))}
        value={day}
        onChange={(value) => value && setDay(value)}
        required
      />
      <SelectField
        label={t("timetable.field.start")}
        options={starts.map((minute) => ({ value: String(minute), label: `${clock(minute)}–${clock(minute + length)}` }))}
        value={String(start)}
        onChange={(value) => value && setStart(Number(value))}
        required
      />
      {!unchanged && <Problems problems={problems} checking={checking} />}
    </FormDialog>
  );
}

/** "Tauschen mit…": another slot of the location on the day shown; both take the other's place (the server checks and names conflicts). */
export function SwapSlotDialog({ slots, slot, onClose, onSaved }: { slots: readonly SlotData[]; slot: SlotData; onClose: () => void; onSaved: () => void }) {
  const [other, setOther] = useState<string | null>(null);
  const [swap, swapping] = useChangeTimetableSlot("swap");
  const options = slots.filter((candidate) => candidate.id !== slot.id).map((candidate) => ({ value: candidate.id, label: slotText(candidate) }));
  return (
    <FormDialog
      title={t("timetable.swapTitle", { name: slot.title })}
      subtitle={slotText(slot)}
      acceptLabel={t("timetable.action.swapAccept")}
      submitting={swapping}
      submitDisabled={!other}
      onCancel={onClose}
      onSubmit={async () => {
        const second = slots.find((candidate) => candidate.id === other);
        if (!second) return;
        const result = await swap({ first: slot.id, firstVersion: slot.version, second: second.id, secondVersion: second.version });
        if (result.ok) onSaved();
      }}
    >
      <SelectField label={t("timetable.field.swapWith")} options={options} value={other} onChange={setOther} required />
    </FormDialog>
  );
}
