import { DEXAM_TYPE_LABELS, INSTRUMENT_LABELS } from "@shared/labels";
import { useState } from "react";
import { Button } from "../../components/Button";
import { FormDialog } from "../../components/FormDialog";
import { SelectField } from "../../components/SelectField";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import type { TimetablePracticeOverrideInput } from "./__generated__/useTimetableMutationsRulesMutation.graphql";
import type { LocationData } from "./TimetableView";
import { breaksText, clock, type OverrideRow, overrideRows, parseBreaks, parseClock, parseOverrides, parseRooms } from "./timetableTexts";
import { useSaveTimetableRules } from "./useTimetableMutations";

type DayRow = { day: string; start: string; end: string; breaks: string };

type NumberField = "practiceMinutes" | "theoryMinutes" | "theoryCapacity" | "warmupMinutes" | "changeoverMinutes";

/** The numbers each part's rules use (the others are kept as read). */
const NUMBERS: Record<string, NumberField[]> = {
  THEORY: ["theoryMinutes", "theoryCapacity"],
  PRACTICE: ["practiceMinutes"],
  PERFORMANCE: ["warmupMinutes", "changeoverMinutes"],
};

/** "Any" in the course and instrument choices of an override (stored as null). */
const ANY = "ANY";
const COURSE_OPTIONS = [
  { value: ANY, label: t("timetable.rules.overrideAnyCourse") },
  ...Object.entries(DEXAM_TYPE_LABELS).map(([value, label]) => ({ value, label })),
];
const INSTRUMENT_OPTIONS = [
  { value: ANY, label: t("timetable.rules.overrideAnyInstrument") },
  ...Object.entries(INSTRUMENT_LABELS).map(([value, label]) => ({ value, label })),
];

/**
 * "Regeln bearbeiten": a location's days with start, end and breaks, its parallel rooms (panels,
 * stages) and the lengths its part uses (practice: also per course and/or instrument). The server validates (German field messages) and refuses a
 * save based on an older version like every edit.
 */
export function TimetableRulesDialog({ location, onClose, onSaved }: { location: LocationData; onClose: () => void; onSaved: () => void }) {
  const rules = location.rules;
  const [rooms, setRooms] = useState(rules.rooms.join("\n"));
  const [days, setDays] = useState<DayRow[]>(rules.days.map((d) => ({ day: d.day, start: clock(d.start), end: clock(d.end), breaks: breaksText(d.breaks) })));
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    practiceMinutes: String(rules.practiceMinutes),
    theoryMinutes: String(rules.theoryMinutes),
    theoryCapacity: String(rules.theoryCapacity),
    warmupMinutes: String(rules.warmupMinutes),
    changeoverMinutes: String(rules.changeoverMinutes),
  });
  const [overrides, setOverrides] = useState<OverrideRow[]>(overrideRows(rules.practiceOverrides));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSaveTimetableRules();
  const setDay = (index: number, change: Partial<DayRow>) => setDays((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const setOverride = (index: number, change: Partial<OverrideRow>) =>
    setOverrides((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const submit = async () => {
    const found: Record<string, string> = {};
    const roomList = parseRooms(rooms);
    if (roomList.length === 0) found.rooms = t("timetable.rules.roomsMissing");
    const parsedDays = days.map((row, index) => {
      const start = parseClock(row.start);
      const end = parseClock(row.end);
      const breaks = parseBreaks(row.breaks);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(row.day)) found[`day${index}`] = t("timetable.rules.dayInvalid");
      if (start === null) found[`start${index}`] = t("timetable.rules.timeInvalid");
      if (end === null) found[`end${index}`] = t("timetable.rules.timeInvalid");
      if (breaks === null) found[`breaks${index}`] = t("timetable.rules.breaksInvalid");
      return { day: row.day, start: start ?? 0, end: end ?? 0, breaks: breaks ?? [] };
    });
    if (parsedDays.length === 0) found.days = t("timetable.rules.daysMissing");
    const numeric = Object.fromEntries(
      Object.entries(numbers).map(([key, value]) => {
        const n = Number(value);
        if (!/^\d+$/.test(value.trim())) found[key] = t("timetable.rules.numberInvalid");
        return [key, n];
      }),
    ) as Record<NumberField, number>;
    const practice = parseOverrides(overrides);
    for (const [key, message] of Object.entries(practice.errors)) found[key] = t(message);
    setErrors(found);
    if (Object.keys(found).length) return;
    const result = await save({
      locationId: location.location.id,
      version: location.rulesVersion,
      input: {
        days: parsedDays,
        rooms: roomList,
        ...numeric,
        // course and instrument come from the option lists (DEXAM_TYPE_LABELS, INSTRUMENT_LABELS)
        practiceOverrides: practice.overrides as TimetablePracticeOverrideInput[],
      },
    });
    if (result.ok) onSaved();
    else setErrors(result.fieldErrors);
  };

  return (
    <FormDialog title={t("timetable.rules.title", { name: location.location.name })} wide submitting={saving} onCancel={onClose} onSubmit={submit}>
      <TextField
        label={t("timetable.rules.rooms")}
        hint={t("timetable.rules.roomsHint")}
        rows={3}
        value={rooms}
        onChange={setRooms}
        error={errors.rooms}
        required
      />
      <fieldset>
        <legend>{t("timetable.rules.days")}</legend>
        {errors.days && <p role="alert">{errors.days}</p>}
        {days.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity of their own while edited
          <div key={index}>
            <TextField
              type="date"
              label={t("timetable.rules.day", { n: index + 1 })}
              value={row.day}
              onChange={(day) => setDay(index, { day })}
              error={errors[`day${index}`]}
              required
            />
            <TextField
              label={t("timetable.rules.start")}
              value={row.start}
              onChange={(start) => setDay(index, { start })}
              error={errors[`start${index}`]}
              required
            />
            <TextField label={t("timetable.rules.end")} value={row.end} onChange={(end) => setDay(index, { end })} error={errors[`end${index}`]} required />
            <TextField
              label={t("timetable.rules.breaks")}
              hint={t("timetable.rules.breaksHint")}
              value={row.breaks}
              onChange={(breaks) => setDay(index, { breaks })}
              error={errors[`breaks${index}`]}
            />
            <Button variant="text" onClick={() => setDays((rows) => rows.filter((_, i) => i !== index))}>
              {t("timetable.rules.removeDay", { n: index + 1 })}
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() => setDays((rows) => [...rows, { ...(rows.at(-1) ?? { day: "", start: "09:00", end: "17:00", breaks: "" }), day: "" }])}
        >
          {t("timetable.rules.addDay")}
        </Button>
      </fieldset>
      {(NUMBERS[location.part] ?? []).map((key) => (
        <TextField
          key={key}
          label={t(`timetable.rules.${key}`)}
          inputMode="numeric"
          value={numbers[key]}
          onChange={(value) => setNumbers((current) => ({ ...current, [key]: value }))}
          error={errors[key]}
          required
        />
      ))}
      {location.part === "PRACTICE" && (
        <fieldset>
          <legend>{t("timetable.rules.overrides")}</legend>
          <p>{t("timetable.rules.overridesHint")}</p>
          {errors.practiceOverrides && <p role="alert">{errors.practiceOverrides}</p>}
          {overrides.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity of their own while edited
            <div key={index}>
              <SelectField
                label={t("timetable.rules.overrideCourse", { n: index + 1 })}
                options={COURSE_OPTIONS}
                value={row.course || ANY}
                onChange={(course) => setOverride(index, { course: course === ANY ? "" : (course ?? "") })}
                error={errors[`practiceOverrides.${index}`]}
              />
              <SelectField
                label={t("timetable.rules.overrideInstrument", { n: index + 1 })}
                options={INSTRUMENT_OPTIONS}
                value={row.instrument || ANY}
                onChange={(instrument) => setOverride(index, { instrument: instrument === ANY ? "" : (instrument ?? "") })}
              />
              <TextField
                label={t("timetable.rules.overrideMinutes", { n: index + 1 })}
                inputMode="numeric"
                value={row.minutes}
                onChange={(minutes) => setOverride(index, { minutes })}
                error={errors[`practiceOverrides.${index}.minutes`]}
                required
              />
              <Button variant="text" onClick={() => setOverrides((rows) => rows.filter((_, i) => i !== index))}>
                {t("timetable.rules.removeOverride", { n: index + 1 })}
              </Button>
            </div>
          ))}
          <Button variant="secondary" onClick={() => setOverrides((rows) => [...rows, { course: "", instrument: "", minutes: numbers.practiceMinutes }])}>
            {t("timetable.rules.addOverride")}
          </Button>
        </fieldset>
      )}
    </FormDialog>
  );
}
