import { graphql, useFragment } from "react-relay";
import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";
import type { TimetableSlots_slots$key } from "./__generated__/TimetableSlots_slots.graphql";

/** A registration's slot in a published timetable as the server answers it (RegistrationTimetableSlot). */
export interface RegistrationSlot {
  readonly part: string;
  readonly locationName: string;
  readonly room: string;
  readonly start: string;
  readonly end: string;
}

/** What the overview's cell and the registration dialog show of a registration's slots (`timetableSlots { ...TimetableSlots_slots }`). */
const slotsFragment = graphql`
  fragment TimetableSlots_slots on RegistrationTimetableSlot @relay(plural: true) {
    part
    locationName
    room
    start
    end
  }
`;

const PARTS: Record<string, MessageKey> = {
  THEORY: "timetable.part.THEORY",
  PRACTICE: "timetable.part.PRACTICE",
  PERFORMANCE: "timetable.part.PERFORMANCE",
};

const day = new Intl.DateTimeFormat("de-DE", { weekday: "short", day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" });
const time = new Intl.DateTimeFormat("de-DE", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Berlin" });

/** "Sa., 13.03.2027, 09:00–09:20 Uhr" of a slot (Europe/Berlin). */
export function slotWhen(slot: Pick<RegistrationSlot, "start" | "end">): string {
  const start = new Date(slot.start);
  const end = new Date(slot.end);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return "";
  return `${day.format(start)}, ${time.format(start)}–${time.format(end)} Uhr`;
}

/** "Praxis: Sa., 13.03.2027, 09:00–09:20 Uhr, Raum 1, Musikschule" */
export function slotText(slot: RegistrationSlot): string {
  return t("registration.timetable.slot", {
    part: t(PARTS[slot.part] ?? "timetable.part.PRACTICE"),
    when: slotWhen(slot),
    room: slot.room,
    location: slot.locationName,
  });
}

const shortDay = new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", timeZone: "Europe/Berlin" });

/** "Praxis: 13.03., 09:00, Raum 1": the overview's short form (the dialog names everything). */
export function slotShort(slot: RegistrationSlot): string {
  const start = new Date(slot.start);
  if (Number.isNaN(start.getTime())) return "";
  return `${t(PARTS[slot.part] ?? "timetable.part.PRACTICE")}: ${shortDay.format(start)}, ${time.format(start)}, ${slot.room}`;
}

/** The overview's "Zeitplan" cell: one line per slot (the full text as its title), empty before publishing. */
export function TimetableCell({ slots: key }: { slots: TimetableSlots_slots$key }) {
  const slots = useFragment(slotsFragment, key);
  return (
    <>
      {slots.map((slot) => (
        <div key={`${slot.part}:${slot.start}`} title={slotText(slot)}>
          {slotShort(slot)}
        </div>
      ))}
    </>
  );
}

/** The registration dialog's "Zeitplan" section (only when the timetable is published). */
export function TimetableSection({ slots: key }: { slots: TimetableSlots_slots$key }) {
  const slots = useFragment(slotsFragment, key);
  if (slots.length === 0) return null;
  return (
    <section aria-label={t("registration.timetable")}>
      <h3>{t("registration.timetable")}</h3>
      <ul>
        {slots.map((slot) => (
          <li key={`${slot.part}:${slot.start}`}>{slotText(slot)}</li>
        ))}
      </ul>
    </section>
  );
}
