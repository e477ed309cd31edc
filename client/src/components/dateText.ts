/**
 * German date and time text for DateField/TimeField, independent of the browser's language: the
 * wire keeps the formats of the native inputs ("YYYY-MM-DD", "HH:MM", "YYYY-MM-DDTHH:MM"), the
 * person reads and types "TT.MM.JJJJ" (also "T.M.JJJJ") and "HH:MM" (24 h).
 */

const pad = (n: number) => String(n).padStart(2, "0");

function validDay(year: number, month: number, day: number): boolean {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** "15.6.2012" / "15.06.2012" → "2012-06-15"; null for anything else (a two-digit year too). */
export function parseGermanDate(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return validDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** "2012-06-15" → "15.06.2012"; "" for an empty or malformed wire value. */
export function formatGermanDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : "";
}

/** "9:05", "09:05", "09.05" or "0905" → "09:05" (24 h); null for anything else. */
export function parseGermanTime(text: string): string | null {
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour <= 23 && minute <= 59 ? `${pad(hour)}:${pad(minute)}` : null;
}

/** "2030-10-10T09:00" (also with seconds) → ["2030-10-10", "09:00"]; ["", ""] when empty. */
export function splitDateTime(value: string): [string, string] {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? [match[1] as string, match[2] as string] : ["", ""];
}

/** The wire value of a date and a time: both or nothing ("" while one of them is missing). */
export function joinDateTime(date: string, time: string): string {
  return date && time ? `${date}T${time}` : "";
}
