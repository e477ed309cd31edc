import { DatePicker, type DateValue, parseDate } from "@ark-ui/react/date-picker";
import { type ReactNode, useEffect, useId, useState } from "react";
import { t } from "../i18n/translate";
import { classNames } from "./classNames";
import styles from "./DateField.module.css";
import { formatGermanDate, joinDateTime, parseGermanDate, parseGermanTime, splitDateTime } from "./dateText";
import fieldStyles from "./Field.module.css";
import { describedBy, FieldLabel, FieldMessages, type FieldProps } from "./fieldParts";
import { useMarkDirty } from "./formDirty";
import { Icon } from "./Icon";

/**
 * German date and time fields, the same in every browser language (a native date input shows
 * "mm/dd/yyyy" in an English browser): the date is typed as TT.MM.JJJJ (also T.M.JJJJ) or picked
 * in Ark UI's DatePicker calendar (locale de-DE), the time is typed as HH:MM (24 h). The wire
 * values stay those of the native inputs: "YYYY-MM-DD", "HH:MM" and "YYYY-MM-DDTHH:MM".
 * Text that is no date or time shows its own message and counts as empty.
 */

const CALENDAR_TRANSLATIONS = {
  trigger: (open: boolean) => (open ? t("date.calendarClose") : t("date.calendarOpen")),
  content: t("date.calendar"),
  monthSelect: t("date.month"),
  yearSelect: t("date.year"),
  prevTrigger: () => t("date.previousMonth"),
  nextTrigger: () => t("date.nextMonth"),
  // each day's accessible name: "Dienstag, 3. November 2026 wählen" (Ark's default is English)
  dayCell: (state: { valueText: string; selected: boolean; unavailable: boolean }) =>
    t(state.unavailable ? "date.dayUnavailable" : state.selected ? "date.daySelected" : "date.dayChoose", { date: state.valueText }),
  clearTrigger: t("date.clear"),
};

/** A typed text that follows a wire value: shown formatted, reported when it parses (or is empty). */
function useTypedText(value: string, format: (wire: string) => string, parse: (text: string) => string | null, onChange: (wire: string) => void) {
  const [text, setText] = useState(() => format(value));
  const [wrong, setWrong] = useState(false);
  // a new value from outside (the calendar, a reset) replaces the text; the text's own value does not
  useEffect(() => {
    setText((current) => ((parse(current) ?? "") === value ? current : format(value)));
    if (value) setWrong(false);
  }, [value, format, parse]);
  return {
    text,
    wrong,
    type(next: string) {
      setText(next);
      const parsed = next.trim() === "" ? "" : parse(next);
      if (parsed !== null) setWrong(false);
      if ((parsed ?? "") !== value) onChange(parsed ?? "");
    },
    leave() {
      const parsed = text.trim() === "" ? "" : parse(text);
      setWrong(parsed === null);
      if (parsed) setText(format(parsed));
    },
  };
}

/** What the date and the time text input take. */
type TextInputProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  ariaLabel?: string;
  invalid: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  onWrongChange: (wrong: boolean) => void;
};

/** What the date and the time input set alike: the typed text, its state for assistive technology, typing and leaving. */
function inputAttributes(props: TextInputProps, typed: ReturnType<typeof useTypedText>) {
  return {
    id: props.id,
    value: typed.text,
    autoComplete: "off",
    "aria-label": props.ariaLabel,
    "aria-invalid": props.invalid || undefined,
    "aria-describedby": props.describedBy,
    required: props.required,
    disabled: props.disabled,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => typed.type(event.target.value),
    onBlur: typed.leave,
  };
}

/** The date text input with its calendar button (Ark UI DatePicker, German). */
function DateInput(props: TextInputProps) {
  const { value, onChange, disabled, onWrongChange } = props;
  const markDirty = useMarkDirty();
  const typed = useTypedText(value, formatGermanDate, parseGermanDate, onChange);
  useEffect(() => onWrongChange(typed.wrong), [typed.wrong, onWrongChange]);
  let picked: DateValue[] = [];
  try {
    picked = value ? [parseDate(value)] : [];
  } catch {
    picked = [];
  }
  return (
    <DatePicker.Root
      className={styles.dateRoot}
      locale="de-DE"
      value={picked}
      onValueChange={(details) => {
        const chosen = details.value[0]?.toString() ?? "";
        markDirty();
        onChange(chosen);
      }}
      disabled={disabled}
      translations={CALENDAR_TRANSLATIONS}
      positioning={{ strategy: "fixed", placement: "bottom-end" }}
      lazyMount
      unmountOnExit
    >
      {/* the control is the calendar's anchor: without it the calendar opened in the window's top-left corner */}
      <DatePicker.Control className={styles.dateControl}>
        <input
          {...inputAttributes(props, typed)}
          className={classNames(fieldStyles.input, styles.input)}
          placeholder={t("date.placeholder")}
          inputMode="numeric"
        />
        <DatePicker.Trigger className={styles.calendarButton}>
          <Icon name="calendar" />
        </DatePicker.Trigger>
      </DatePicker.Control>
      <DatePicker.Positioner>
        <DatePicker.Content className={styles.calendar}>
          <DatePicker.View view="day">
            <DatePicker.Context>
              {(api) => (
                <>
                  <DatePicker.ViewControl className={styles.viewControl}>
                    <DatePicker.PrevTrigger className={styles.navButton}>
                      <Icon name="chevronLeft" />
                    </DatePicker.PrevTrigger>
                    <DatePicker.MonthSelect className={styles.select} />
                    <DatePicker.YearSelect className={styles.select} />
                    <DatePicker.NextTrigger className={styles.navButton}>
                      <Icon name="chevronRight" />
                    </DatePicker.NextTrigger>
                  </DatePicker.ViewControl>
                  <DatePicker.Table className={styles.table}>
                    <DatePicker.TableHead>
                      <DatePicker.TableRow>
                        {api.weekDays.map((weekDay) => (
                          <DatePicker.TableHeader key={weekDay.long} abbr={weekDay.long}>
                            {weekDay.short}
                          </DatePicker.TableHeader>
                        ))}
                      </DatePicker.TableRow>
                    </DatePicker.TableHead>
                    <DatePicker.TableBody>
                      {api.weeks.map((week) => (
                        <DatePicker.TableRow key={week[0]?.toString()}>
                          {week.map((day) => (
                            <DatePicker.TableCell key={day.toString()} value={day}>
                              <DatePicker.TableCellTrigger className={styles.day}>{day.day}</DatePicker.TableCellTrigger>
                            </DatePicker.TableCell>
                          ))}
                        </DatePicker.TableRow>
                      ))}
                    </DatePicker.TableBody>
                  </DatePicker.Table>
                </>
              )}
            </DatePicker.Context>
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}

/** The time text input, HH:MM in 24 hours. */
function TimeInput(props: TextInputProps) {
  const { value, onChange, onWrongChange } = props;
  const typed = useTypedText(value, identity, parseGermanTime, onChange);
  useEffect(() => onWrongChange(typed.wrong), [typed.wrong, onWrongChange]);
  return <input {...inputAttributes(props, typed)} className={classNames(fieldStyles.input, styles.time)} placeholder={t("time.placeholder")} />;
}

const identity = (text: string) => text;

function FieldFrame({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={classNames(fieldStyles.field, className)}>{children}</div>;
}

/** A labelled German date ("YYYY-MM-DD" on the wire). */
export function DateField(props: FieldProps) {
  return <OnePartField {...props} input={DateInput} invalidText="date.invalid" />;
}

/** A labelled German time ("HH:MM", 24 h). */
export function TimeField(props: FieldProps) {
  return <OnePartField {...props} input={TimeInput} invalidText="time.invalid" />;
}

/** A date or a time field: its input (the date input in a row with its calendar button), and `invalidText` while the typed text is no date or time. */
function OnePartField({
  input: Input,
  invalidText,
  ...field
}: FieldProps & { input: (props: TextInputProps) => ReactNode; invalidText: "date.invalid" | "time.invalid" }) {
  const id = useId();
  const [wrong, setWrong] = useState(false);
  const shown = wrong ? t(invalidText) : field.error;
  const control = (
    <Input
      id={id}
      value={field.value}
      onChange={field.onChange}
      invalid={Boolean(shown)}
      describedBy={describedBy(id, field.hint, shown)}
      required={field.required}
      disabled={field.disabled}
      onWrongChange={setWrong}
    />
  );
  return (
    <FieldFrame className={field.className}>
      <FieldLabel htmlFor={id} label={field.label} required={field.required} />
      {Input === DateInput ? <div className={styles.row}>{control}</div> : control}
      <FieldMessages id={id} hint={field.hint} error={shown} />
    </FieldFrame>
  );
}

/**
 * A labelled date with time ("YYYY-MM-DDTHH:MM", the native datetime-local format): the date input
 * carries the label, the time input is named "<label>, Uhrzeit". Until both parts are there the
 * value is empty.
 */
export function DateTimeField({ label, value, onChange, error, hint, required, disabled, className }: FieldProps) {
  const id = useId();
  const timeId = `${id}-time`;
  const [parts, setParts] = useState(() => splitDateTime(value));
  const [wrongDate, setWrongDate] = useState(false);
  const [wrongTime, setWrongTime] = useState(false);
  // a new value from outside replaces both parts; half a value (only the date so far) stays
  useEffect(() => {
    setParts((current) => (joinDateTime(...current) === value ? current : splitDateTime(value)));
  }, [value]);
  const change = (index: 0 | 1) => (part: string) => {
    const next: [string, string] = index === 0 ? [part, parts[1]] : [parts[0], part];
    setParts(next);
    const joined = joinDateTime(...next);
    if (joined !== value) onChange(joined);
  };
  const shown = wrongDate ? t("date.invalid") : wrongTime ? t("time.invalid") : error;
  const described = describedBy(id, hint, shown);
  return (
    <FieldFrame className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div className={styles.row}>
        <DateInput
          id={id}
          value={parts[0]}
          onChange={change(0)}
          invalid={Boolean(shown) && !wrongTime}
          describedBy={described}
          required={required}
          disabled={disabled}
          onWrongChange={setWrongDate}
        />
        <TimeInput
          id={timeId}
          value={parts[1]}
          onChange={change(1)}
          ariaLabel={t("time.ofField", { label })}
          invalid={Boolean(shown) && !wrongDate}
          describedBy={described}
          required={required}
          disabled={disabled}
          onWrongChange={setWrongTime}
        />
      </div>
      <FieldMessages id={id} hint={hint} error={shown} />
    </FieldFrame>
  );
}
