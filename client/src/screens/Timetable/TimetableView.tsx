import { type ReactNode, Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useSearchParams } from "react-router-dom";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, menuColumn } from "../../components/DataTable";
import { Notice } from "../../components/Notice";
import { DeferredRowMenu, RowMenu } from "../../components/RowMenu";
import { Toolbar } from "../../components/Toolbar";
import { useManageDialogs } from "../../components/useManageDialogs";
import { runDownload } from "../../http/runDownload";
import { formatDateTime } from "../../i18n/format";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import { notify } from "../../shell/snackbarQueue";
import type { TimetableDaySlotsQuery } from "./__generated__/TimetableDaySlotsQuery.graphql";
import type { TimetableViewQuery } from "./__generated__/TimetableViewQuery.graphql";
import { MoveSlotDialog, SwapSlotDialog } from "./SlotDialogs";
import styles from "./Timetable.module.css";
import { TimetableRulesDialog } from "./TimetableRulesDialog";
import { clock, dayLabel, locationDays, PART_LABELS, shownDay, type TimetablePart } from "./timetableTexts";
import { useLockTimetableSlot, usePlanTimetable, usePublishTimetable } from "./useTimetableMutations";

export type TimetableData = TimetableViewQuery["response"]["timetable"];
export type LocationData = TimetableData["locations"][number];
export type SlotData = TimetableDaySlotsQuery["response"]["timetable"]["locations"][number]["slots"][number];

type Dialog =
  | { kind: "rules"; location: LocationData }
  | { kind: "publish"; location: LocationData }
  | { kind: "startOver" }
  | { kind: "move"; location: LocationData; slot: SlotData }
  | { kind: "swap"; location: LocationData; slot: SlotData; daySlots: readonly SlotData[] };

type SlotAction = "move" | "swap" | "lock" | "unlock";
type PrintAction = `${"timetable" | "attendance" | "examiners"}:${"pdf" | "xlsx"}`;

const PRINTS: readonly PrintAction[] = ["timetable:pdf", "timetable:xlsx", "attendance:pdf", "attendance:xlsx", "examiners:pdf", "examiners:xlsx"];

/** The timetable of one event: planning, and per location its rules, state, printed lists and the slots by day and room. */
export function TimetableView({ eventId, picker, may }: { eventId: string; picker: ReactNode; may: { manage: boolean; publish: boolean; print: boolean } }) {
  const { fetchKey, refresh, pending } = useRefresh();
  const data = useLazyLoadQuery<TimetableViewQuery>(
    graphql`
      query TimetableViewQuery($eventId: ID!) {
        timetable(eventId: $eventId) {
          eventId
          eventName
          locations {
            part
            rulesSaved
            rulesVersion
            published
            publishedAt
            location {
              id
              databaseId
              name
            }
            rules {
              rooms
              practiceMinutes
              theoryMinutes
              theoryCapacity
              warmupMinutes
              changeoverMinutes
              days {
                day
                start
                end
                breaks {
                  start
                  end
                }
              }
              practiceOverrides {
                course
                instrument
                minutes
              }
            }
            slotCount
            slotDays
            unplaced {
              part
              registrationId
              title
            }
          }
        }
      }
    `,
    { eventId },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const { dialog, setDialog, close, saved } = useManageDialogs<Dialog>(refresh);
  const [plan, planning] = usePlanTimetable();
  const [publish, publishing] = usePublishTimetable();
  const [lock] = useLockTimetableSlot();
  const [unplacedReasons, setUnplacedReasons] = useState<readonly { title: string; reason: string }[]>([]);
  const timetable = data.timetable;
  // the location and day shown, kept in the URL like the event (one update: both at once, the event kept)
  const [params, setParams] = useSearchParams();
  const shown = shownDay(timetable.locations, params.get("location") ?? "", params.get("day") ?? "");
  const showDay = (locationId: number, day: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set("location", String(locationId));
        updated.set("day", day);
        return updated;
      },
      { replace: true },
    );

  const runPlan = async (startOver: boolean) => {
    const result = await plan({ eventId, startOver });
    if (!result.ok) return close();
    const summary = result.response.planTimetable;
    notify({
      type: "success",
      text: t("timetable.planned", { placed: summary.placed, kept: summary.kept, removed: summary.removed, unplaced: summary.unplaced.length }),
    });
    setUnplacedReasons(summary.unplaced);
    saved();
  };

  const onSlot = async (location: LocationData, slot: SlotData, action: SlotAction, daySlots: readonly SlotData[]) => {
    if (action === "move") return setDialog({ kind: action, location, slot });
    if (action === "swap") return setDialog({ kind: action, location, slot, daySlots });
    const result = await lock({ id: slot.id, version: slot.version, locked: action === "lock" });
    if (result.ok) refresh();
  };

  return (
    <>
      <Toolbar
        actions={
          may.manage && (
            <div className={styles.actions}>
              <Button onClick={() => runPlan(false)} disabled={planning}>
                {t("timetable.plan")}
              </Button>
              <Button variant="secondary" onClick={() => setDialog({ kind: "startOver" })} disabled={planning}>
                {t("timetable.startOver")}
              </Button>
            </div>
          )
        }
      >
        {picker}
      </Toolbar>
      {unplacedReasons.length > 0 && (
        <div role="status">
          <Notice>{t("timetable.unplacedAfterPlan")}</Notice>
          <ul>
            {unplacedReasons.map((u) => (
              <li key={`${u.title}:${u.reason}`}>
                {u.title}: {u.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {timetable.locations.length === 0 && <Notice>{t("timetable.noLocations")}</Notice>}
      {timetable.locations.map((location) => (
        <LocationSection
          key={location.location.id}
          location={location}
          may={may}
          pending={pending}
          eventId={eventId}
          fetchKey={fetchKey}
          day={shown?.locationId === location.location.databaseId ? shown.day : null}
          onDay={(day) => showDay(location.location.databaseId, day)}
          onRules={() => setDialog({ kind: "rules", location })}
          onPublish={() => setDialog({ kind: "publish", location })}
          onSlot={(slot, action, daySlots) => onSlot(location, slot, action, daySlots)}
        />
      ))}
      {dialog?.kind === "rules" && <TimetableRulesDialog location={dialog.location} onClose={close} onSaved={saved} />}
      {dialog?.kind === "move" && <MoveSlotDialog location={dialog.location} slot={dialog.slot} onClose={close} onSaved={saved} />}
      {dialog?.kind === "swap" && <SwapSlotDialog slots={dialog.daySlots} slot={dialog.slot} onClose={close} onSaved={saved} />}
      {dialog?.kind === "startOver" && (
        <ConfirmDialog
          text={t("timetable.confirmStartOver")}
          confirmLabel={t("timetable.startOver")}
          busy={planning}
          onCancel={close}
          onConfirm={() => runPlan(true)}
        />
      )}
      {dialog?.kind === "publish" && (
        <ConfirmDialog
          text={t("timetable.confirmPublish", { name: dialog.location.location.name })}
          confirmLabel={t("timetable.publish")}
          busy={publishing}
          onCancel={close}
          onConfirm={async () => {
            const result = await publish({ locationId: dialog.location.location.id, version: dialog.location.rulesVersion });
            if (!result.ok) return close();
            notify({ type: "success", text: t("timetable.published", { mails: result.response.publishTimetable }) });
            saved();
          }}
        />
      )}
    </>
  );
}

/** The slots of one day of a location grouped by room (the grid: one table per room). */
function groups(location: LocationData, slots: readonly SlotData[]): { day: string; room: string; slots: SlotData[] }[] {
  const out = new Map<string, { day: string; room: string; slots: SlotData[] }>();
  const roomOrder = (room: string) => {
    const i = location.rules.rooms.indexOf(room);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const sorted = [...slots].sort(
    (a, b) => a.day.localeCompare(b.day) || roomOrder(a.room) - roomOrder(b.room) || a.room.localeCompare(b.room) || a.startMinute - b.startMinute,
  );
  for (const slot of sorted) {
    const key = `${slot.day}\u0000${slot.room}`;
    const group = out.get(key) ?? { day: slot.day, room: slot.room, slots: [] };
    group.slots.push(slot);
    out.set(key, group);
  }
  return [...out.values()];
}

function LocationSection({
  location,
  may,
  pending,
  eventId,
  fetchKey,
  day,
  onDay,
  onRules,
  onPublish,
  onSlot,
}: {
  location: LocationData;
  may: { manage: boolean; publish: boolean; print: boolean };
  pending: boolean;
  eventId: string;
  fetchKey: number;
  /** the day shown, or null: this location's slots are not shown */
  day: string | null;
  onDay: (day: string) => void;
  onRules: () => void;
  onPublish: () => void;
  onSlot: (slot: SlotData, action: SlotAction, daySlots: readonly SlotData[]) => void;
}) {
  const name = location.location.name;
  const part = t(PART_LABELS[location.part as TimetablePart]);
  const state = location.published
    ? t("timetable.state.published", { at: formatDateTime(location.publishedAt) })
    : location.rulesSaved
      ? t("timetable.state.draft")
      : t("timetable.state.defaults");
  return (
    <section aria-labelledby={`timetable-location-${location.location.databaseId}`}>
      <h2 id={`timetable-location-${location.location.databaseId}`} className={styles.heading}>
        {part}: {name}
      </h2>
      <p>
        {state} · {t("timetable.rooms", { rooms: location.rules.rooms.join(", ") })}
      </p>
      <Toolbar
        actions={
          <div className={styles.actions}>
            {may.manage && (
              <Button variant="secondary" onClick={onRules}>
                {t("timetable.rules.edit")}
              </Button>
            )}
            {may.publish && !location.published && (
              <Button onClick={onPublish} disabled={location.slotCount === 0 || !location.rulesSaved}>
                {t("timetable.publish")}
              </Button>
            )}
            {may.print && location.slotCount > 0 && (
              <RowMenu<PrintAction>
                label={t("timetable.print", { name })}
                items={PRINTS.map((value) => ({ value, label: t(`timetable.print.${value.replace(":", ".")}` as "timetable.print.timetable.pdf") }))}
                onSelect={(value) => {
                  const [kind, format] = value.split(":");
                  void runDownload(`/export/location/${location.location.databaseId}/timetable`, "timetable.printFailed", { kind, format });
                }}
              />
            )}
          </div>
        }
      />
      {!location.rulesSaved && may.publish && <Notice>{t("timetable.saveRulesFirst")}</Notice>}
      {location.unplaced.length > 0 && <Notice>{t("timetable.unplaced", { names: location.unplaced.map((u) => u.title).join(", ") })}</Notice>}
      {location.slotCount === 0 ? (
        <Notice>{t("timetable.empty")}</Notice>
      ) : (
        <>
          <fieldset className={styles.days}>
            <legend className={styles.daysLegend}>{t("timetable.days")}</legend>
            {locationDays(location).map((candidate) => (
              <Button key={candidate} variant={candidate === day ? "primary" : "secondary"} aria-pressed={candidate === day} onClick={() => onDay(candidate)}>
                {dayLabel(candidate)}
              </Button>
            ))}
          </fieldset>
          {day && (
            <Suspense fallback={<p>{t("app.loading")}</p>}>
              <DaySlots eventId={eventId} location={location} day={day} fetchKey={fetchKey} pending={pending} manage={may.manage} onSlot={onSlot} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}

/** One day of a location: its slots read on their own (`timetable(location, day)`), one table per room. */
function DaySlots({
  eventId,
  location,
  day,
  fetchKey,
  pending,
  manage,
  onSlot,
}: {
  eventId: string;
  location: LocationData;
  day: string;
  fetchKey: number;
  pending: boolean;
  manage: boolean;
  onSlot: (slot: SlotData, action: SlotAction, daySlots: readonly SlotData[]) => void;
}) {
  const data = useLazyLoadQuery<TimetableDaySlotsQuery>(
    graphql`
      query TimetableDaySlotsQuery($eventId: ID!, $location: ID!, $day: String!) {
        timetable(eventId: $eventId, location: $location, day: $day) {
          locations {
            location {
              id
            }
            slots {
              ...useTimetableMutations_slot @relay(mask: false)
              title
              club
              details
            }
          }
        }
      }
    `,
    { eventId, location: location.location.id, day },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const slots = data.timetable.locations.find((l) => l.location.id === location.location.id)?.slots ?? [];
  const name = location.location.name;
  const part = t(PART_LABELS[location.part as TimetablePart]);
  const columns = [
    { key: "time", header: t("timetable.field.time"), narrow: true },
    { key: "title", header: t("timetable.field.title") },
    { key: "details", header: t("timetable.field.details") },
    { key: "club", header: t("timetable.field.club") },
    { key: "locked", header: t("timetable.field.locked"), narrow: true },
    ...menuColumn(manage),
  ];
  if (slots.length === 0) return <Notice>{t("timetable.dayEmpty", { day: dayLabel(day) })}</Notice>;
  return groups(location, slots).map((group) => (
    <div key={`${group.day}:${group.room}`}>
      <h3 className={styles.heading}>
        {dayLabel(group.day)} · {group.room}
      </h3>
      <DataTable
        label={t("timetable.tableLabel", { name, day: dayLabel(group.day), room: group.room })}
        columns={columns}
        rowCount={group.slots.length}
        loading={pending}
      >
        {group.slots.map((slot) => (
          <tr key={slot.id}>
            <td>
              {clock(slot.startMinute)}–{clock(slot.endMinute)}
            </td>
            <td>{slot.title}</td>
            <td>{slot.details}</td>
            <td>{slot.club}</td>
            <td>{slot.locked ? t("common.yes") : t("common.no")}</td>
            {manage && (
              <td>
                <DeferredRowMenu<SlotAction>
                  label={t("timetable.slotMenu", { name: slot.title, part, day: dayLabel(slot.day), time: clock(slot.startMinute) })}
                  items={[
                    { value: "move", label: t("timetable.action.move") },
                    { value: "swap", label: t("timetable.action.swap") },
                    slot.locked ? { value: "unlock", label: t("timetable.action.unlock") } : { value: "lock", label: t("timetable.action.lock") },
                  ]}
                  onSelect={(action) => onSlot(slot, action, slots)}
                />
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  ));
}
