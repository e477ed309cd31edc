// Results (spec sections 4 and 5): points, the file names of practice sheets, header matching of
// the jury program's workbook, durations. Pure functions; the workbook formats are in sheet.ts,
// pcjuror.ts and exports.ts, the database work in service.ts.
import { createHmac } from "node:crypto";
import { parseDecimal } from "../../shared/decimal.ts";

export const MAX_POINTS = 100;

/** Points 0..100 with at most two decimals (spec: step 0.01); the German message, or null when fine. */
export function pointsError(v: unknown): string | null {
  if (v === null || v === undefined || v === "" || (typeof v === "number" && Number.isNaN(v))) return "Bitte eine Punktzahl eingeben";
  if (typeof v !== "number" || !Number.isFinite(v)) return "Die Punktzahl muss eine Zahl sein";
  if (v < 0 || v > MAX_POINTS) return "Die Punktzahl muss zwischen 0 und 100 liegen";
  if (Math.abs(Math.round(v * 100) - v * 100) > 1e-6) return "Die Punktzahl darf höchstens zwei Nachkommastellen haben";
  return null;
}

/** Rounds to the stored precision (two decimals). */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Numbers written as text: "72,5", "72.50", " 80 " (the one decimal reading, shared/decimal.ts); null for anything else. */
export function parseNumberText(s: string): number | null {
  const parsed = parseDecimal(s);
  return parsed.ok ? parsed.value : null;
}

/** Letters NFKD does not take apart, written as German readers spell them in ASCII. */
const TRANSLITERATION: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  Ä: "Ae",
  Ö: "Oe",
  Ü: "Ue",
  ß: "ss",
  ẞ: "SS",
  ø: "oe",
  Ø: "Oe",
  æ: "ae",
  Æ: "Ae",
  œ: "oe",
  Œ: "Oe",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ł: "l",
  Ł: "L",
  ı: "i",
};

/**
 * ASCII-only part of a file name: German umlauts and ß, ø, æ, œ and the other letters without a
 * base letter transliterated ("Søren" -> "Soeren", "Ælfgifu" -> "Aelfgifu"), accents dropped
 * ("José" -> "Jose"); what remains but letters, digits and "-" becomes "_".
 */
export function fileNamePart(s: string): string {
  return (
    s
      .replace(/[äöüÄÖÜßẞøØæÆœŒđĐðÐþÞłŁı]/g, (c) => TRANSLITERATION[c])
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9-]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 60) || "x"
  );
}

/** The file name of a practice sheet: Praxisbogen_R<registration>_L<location>_<Lastname>_<Firstname>.xlsx */
export const practiceSheetFileName = (r: { id: number; practiceLocationId: number; lastname: string; firstname: string }) =>
  `Praxisbogen_R${r.id}_L${r.practiceLocationId}_${fileNamePart(r.lastname)}_${fileNamePart(r.firstname)}.xlsx`;

/**
 * The ids a practice sheet's file name carries. A browser's duplicate suffix ("… (1).xlsx") and a
 * changed name part keep the ids; a file whose name no longer starts with
 * "Praxisbogen_R<id>_L<id>" counts as renamed (R-RE013).
 */
export function idsFromFileName(name: string): { registrationId: number; locationId: number } | null {
  const m = /^Praxisbogen_R(\d{1,9})_L(\d{1,9})(?=[_ .(]|$)/i.exec(name.trim());
  return m ? { registrationId: Number(m[1]), locationId: Number(m[2]) } : null;
}

/**
 * The check code a practice sheet carries next to its ids: an HMAC of both ids under the server's
 * data key. A sheet made by hand or by another installation does not have it ("foreign file").
 */
export const sheetCheckCode = (key: Uint8Array, registrationId: number, locationId: number) =>
  createHmac("sha256", key).update(`anmeldesystem:praxisbogen:v1:${registrationId}:${locationId}`).digest("hex").slice(0, 20);

/** Header names compared without case, umlauts, spaces and punctuation: "Prädikat" = "praedikat" = "PRAEDIKAT ". */
export function normalizeHeader(s: string): string {
  return s
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[^a-z0-9]/g, "");
}

/** Seconds as mm:ss (R-CF018): 245 -> "04:05"; null stays empty. */
export function mmss(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return "";
  const s = Math.round(seconds);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/** dd.mm.yyyy of a date (UTC calendar day, as birth dates are stored). */
export const germanDate = (d: Date | null | undefined) =>
  d ? `${String(d.getUTCDate()).padStart(2, "0")}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${d.getUTCFullYear()}` : "";

// built once: constructing an Intl formatter costs far more than formatting with it (a fifth of
// the overview export's time when it was built per cell)
const BERLIN_DATE_TIME = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** dd.mm.yyyy HH:MM in Berlin time (locations, cancellations). */
export function germanDateTime(d: Date | null | undefined): string {
  if (!d) return "";
  return BERLIN_DATE_TIME.format(d).replace(",", "");
}

const GERMAN_NUMBER = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 2, useGrouping: false });

/** A number inside German text: 52.5 -> "52,5" (at most two decimals, no grouping). */
export const germanNumber = (n: number | null | undefined) => (n === null || n === undefined || !Number.isFinite(n) ? "" : GERMAN_NUMBER.format(n));

/** An ISO calendar day inside German text: "2021-05-01" -> "01.05.2021"; anything else unchanged. */
export function germanIsoDate(s: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s?.trim() ?? "");
  return m ? `${m[3]}.${m[2]}.${m[1]}` : (s ?? "");
}

const BERLIN_PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Berlin",
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/**
 * The Berlin wall-clock time of an instant as a Date whose UTC fields carry it: what a date cell
 * of a spreadsheet (which has no time zone) shows for "Angemeldet am" 14:30 in Berlin.
 */
export function berlinWallClock(d: Date): Date {
  // Berlin's offset changes only on the hour: asked once per UTC hour (formatToParts is slow and an
  // export converts two date-times per row)
  const hour = Math.floor(d.getTime() / 3_600_000);
  let offset = BERLIN_OFFSETS.get(hour);
  if (offset === undefined) {
    const at = new Date(hour * 3_600_000);
    const p = Object.fromEntries(BERLIN_PARTS.formatToParts(at).map((x) => [x.type, Number(x.value)]));
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at.getTime();
    if (BERLIN_OFFSETS.size > 10_000) BERLIN_OFFSETS.clear();
    BERLIN_OFFSETS.set(hour, offset);
  }
  return new Date(d.getTime() + offset);
}
const BERLIN_OFFSETS = new Map<number, number>();
