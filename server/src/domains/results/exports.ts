// The list exports (R-API042, docs/decisions.md): the overview list of an event (D-exam or
// competition columns), the list for certificate printing ("Liste für Urkundendruck") and the
// PC Juror import list. Each is one .xlsx whose first sheet is the list (header row 1, one row per
// registration, A4 landscape, header repeated on every printed page); a second sheet names the
// event and the time of the export.
import type { CompetitionRegistration, DexamRegistration, ExamPart } from "../../generated/prisma/client.ts";
import {
  CAST_LABELS,
  CATEGORY_LABELS,
  COMPETITION_TYPE_LABELS,
  GENDER_LABELS,
  INSTRUMENT_LABELS,
  MEAL_REQUEST_LABELS,
  PERCUSSION_SONG_LABELS,
  VACCINATION_LABELS,
} from "../../shared/labels.ts";
import { asBuffer, spreadsheetPool } from "../../workers/pool.ts";
import type { CompetitionSong } from "../competition/rules.ts";
import { competitionSongsComplete } from "../competition/rules.ts";
import type { CampData, DexamSong } from "../dexam/rules.ts";
import { gradeOf, songsComplete } from "../dexam/rules.ts";
import { berlinWallClock, germanIsoDate, germanNumber, mmss } from "./rules.ts";
import { type Cell, type ColumnFormats, type ExcelJS, type InfoLine, infoSheet, type ListSpec, listSheet, newWorkbook, workbookBuffer } from "./xlsx.ts";

/** A list workbook (xlsx.ts streamedListWorkbook), written in a spreadsheet thread (workers/pool.ts). */
async function listWorkbook(list: ListSpec, info: { name: string; lines: InfoLine[] }): Promise<Buffer> {
  return asBuffer(await spreadsheetPool.build({ kind: "listWorkbook", list, info }));
}

const yesNo = (b: boolean) => (b ? "ja" : "nein");
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const PART: Record<ExamPart, string> = { THEORY: "Theorie", PRACTICE: "Praxis" };

export type EventFacts = { id: number; name: string; districtName: string; exportedAt: Date; locationName?: string | null };

/** Date-times as Berlin wall-clock cells (a spreadsheet has no time zones); null stays empty. */
const when = (d: Date | null | undefined) => (d ? berlinWallClock(d) : null);

/**
 * The lines of the "Angaben" sheet. `counts`: one line per count, e.g. the active and the cancelled
 * registrations of an overview, which lists both.
 */
const eventLines = (e: EventFacts, counts: [string, number][]): InfoLine[] => [
  ["Kreisverband", e.districtName],
  ["Veranstaltung", `${e.name} (Nr. ${e.id})`],
  ...(e.locationName ? [["Veranstaltungsort", e.locationName] as InfoLine] : []),
  ...counts,
  ["Erstellt am", berlinWallClock(e.exportedAt), "dateTime"],
];

/** The counts of an overview: its rows are the active and the cancelled registrations. */
const overviewCounts = (rows: { cancelledAt: Date | null }[]): [string, number][] => {
  const cancelled = rows.filter((r) => r.cancelledAt !== null).length;
  return [
    ["Anmeldungen (aktiv)", rows.length - cancelled],
    ["Stornierte Anmeldungen", cancelled],
  ];
};

/** The cell formats of the date and points columns, by header. */
const FORMATS: ColumnFormats = {
  Geburtsdatum: "date",
  "Angemeldet am": "dateTime",
  "Storniert am": "dateTime",
  "Theorie-Punkte": "points",
  "Praxis-Punkte": "points",
  Punkte: "points",
};

// ---- overview list

export type DexamOverviewRow = DexamRegistration & {
  association: { name: string };
  theoryLocation: { name: string } | null;
  practiceLocation: { name: string } | null;
  preparationLocation: { name: string } | null;
  /** decrypted camp data; null when the viewer may not see it or the event is no camp */
  camp: CampData | null;
};

export async function dexamOverview(e: EventFacts, rows: DexamOverviewRow[], opts: { camp: boolean; results: boolean }): Promise<Buffer> {
  const headers = [
    "ID",
    "Nachname",
    "Vorname",
    "Geburtsdatum",
    "Geschlecht",
    "Verein",
    "Instrument",
    "Kurs",
    "Theorieort",
    "Praxisort",
    "Vorbereitungsort",
    "Vorhandene Teilprüfung",
    "Teilprüfung geprüft",
    "Stück 1",
    "Stück 2",
    "Stück 3",
    "Stück 4",
    "Stücke vollständig",
    "Bemerkungen",
    "Angemeldet am",
    "Storniert am",
    ...(opts.results ? ["Theorie-Punkte", "Praxis-Punkte", "Ergebnis", "Praxisbogen"] : []),
    ...(opts.camp ? ["Essenswunsch", "Krankheiten", "Unverträglichkeiten", "Allergien", "Impfungen", "Notfallkontakte", "Einverständniserklärung"] : []),
  ];
  const data = rows.map((r): Cell[] => {
    const songs = (r.songs as DexamSong[]) ?? [];
    const song = (i: number) => {
      const s = songs[i];
      if (!s?.name && !s?.number) return "";
      const label = r.instrument === "PERCUSSION" ? PERCUSSION_SONG_LABELS[i] : s.number;
      return [label, s.name].filter(Boolean).join(" – ");
    };
    const grade = gradeOf({
      theoryPoints: num(r.theoryPoints),
      practicePoints: num(r.practicePoints),
      partialResultType: r.partialResultType,
      existingPartialResultVerified: r.existingPartialResultVerified,
    });
    const c = r.camp;
    return [
      r.id,
      r.lastname,
      r.firstname,
      r.birthdate,
      GENDER_LABELS[r.gender],
      r.association.name,
      INSTRUMENT_LABELS[r.instrument],
      r.type,
      r.theoryLocation?.name ?? "",
      r.practiceLocation?.name ?? "",
      r.preparationLocation?.name ?? "",
      r.partialResultType
        ? `${PART[r.partialResultType]}: ${[r.partialResultDistrict, r.partialResultYear, r.partialResultLocation].filter(Boolean).join(", ")}, ${germanNumber(num(r.partialResultPoints)) || "–"} Punkte`
        : "",
      r.partialResultType ? yesNo(r.existingPartialResultVerified) : "",
      song(0),
      song(1),
      song(2),
      song(3),
      yesNo(songsComplete({ practiceLocationId: r.practiceLocationId, instrument: r.instrument, songs })),
      r.remarks ?? "",
      when(r.createdAt),
      when(r.cancelledAt),
      ...(opts.results
        ? [
            num(r.theoryPoints),
            num(r.practicePoints),
            grade === "PASSED" ? "bestanden" : grade === "FAILED" ? "nicht bestanden" : "",
            yesNo(r.practiceSheetFileId !== null),
          ]
        : []),
      ...(opts.camp
        ? [
            c?.mealRequest ? MEAL_REQUEST_LABELS[c.mealRequest] : "",
            c?.diseases ?? "",
            c?.intolerances ?? "",
            c?.allergies ?? "",
            (c?.vaccinations ?? [])
              .map((v) => `${VACCINATION_LABELS[v.type]}: ${v.available ? `ja${v.date ? ` (${germanIsoDate(v.date)})` : ""}` : "nein"}`)
              .join("; "),
            (c?.emergencyContacts ?? []).map((k) => [k.name, k.phone].filter(Boolean).join(" ")).join("; "),
            yesNo(r.consentFormFileId !== null),
          ]
        : []),
    ];
  });
  return listWorkbook({ name: "Übersicht", headers, rows: data, formats: FORMATS }, { name: "Angaben", lines: eventLines(e, overviewCounts(rows)) });
}

export type CompetitionOverviewRow = CompetitionRegistration & { association: { name: string }; location: { name: string } | null };

const songColumns = (): string[] =>
  [1, 2, 3, 4].flatMap((i) => [`Stück ${i} Titel`, `Stück ${i} Komponist`, `Stück ${i} Arrangeur`, `Stück ${i} Verlag`, `Stück ${i} Dauer`]);
const songCells = (songs: CompetitionSong[]): Cell[] =>
  [0, 1, 2, 3].flatMap((i) => {
    const s = songs[i] ?? {};
    return [s.name ?? "", s.composer ?? "", s.arranger ?? "", s.publisher ?? "", mmss(s.duration)];
  });
const memberList = (m: string | null) =>
  (m ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join("; ");

export async function competitionOverview(e: EventFacts, rows: CompetitionOverviewRow[], opts: { results: boolean }): Promise<Buffer> {
  const headers = [
    "ID",
    "Name",
    "Verein",
    "Wertungsart",
    "Besetzung",
    "Kategorie",
    "Altersgruppe",
    "Dirigent",
    "Anzahl Musiker",
    "Mitglieder",
    "Ort",
    ...songColumns(),
    "Unterlagen vollständig",
    "Stücke vollständig",
    "Bemerkungen",
    "Angemeldet am",
    "Storniert am",
    ...(opts.results ? ["Punkte", "Prädikat"] : []),
  ];
  const data = rows.map((r): Cell[] => {
    const songs = (r.songs as CompetitionSong[]) ?? [];
    return [
      r.id,
      r.name,
      r.association.name,
      COMPETITION_TYPE_LABELS[r.type],
      CAST_LABELS[r.cast],
      r.category ? CATEGORY_LABELS[r.category] : "",
      r.ageGroup ?? "",
      r.conductorName,
      r.numberOfMusicians,
      memberList(r.members),
      r.location?.name ?? "",
      ...songCells(songs),
      yesNo(r.documentsComplete),
      yesNo(competitionSongsComplete({ type: r.type, songs })),
      r.remarks ?? "",
      when(r.createdAt),
      when(r.cancelledAt),
      ...(opts.results ? [num(r.points), r.mark ?? ""] : []),
    ];
  });
  return listWorkbook({ name: "Übersicht", headers, rows: data, formats: FORMATS }, { name: "Angaben", lines: eventLines(e, overviewCounts(rows)) });
}

// ---- list for certificate printing

export type CertificateRow = DexamOverviewRow;
export type Signature = { data: Uint8Array; extension: "png" | "jpeg" } | null;

/** The passed candidates (the caller filters with examOutcome): one row per certificate. */
export async function certificateList(e: EventFacts, rows: CertificateRow[], signature: Signature): Promise<Buffer> {
  const headers = [
    "Anmelde-ID",
    "Nachname",
    "Vorname",
    "Geburtsdatum",
    "Verein",
    "Instrument",
    "Kurs",
    "Theorie-Punkte",
    "Praxis-Punkte",
    "Ergebnis",
    "Hinweis",
    "Theorieort",
    "Praxisort",
  ];
  const data = rows.map((r): Cell[] => {
    const partial =
      r.existingPartialResultVerified && r.partialResultType
        ? `${PART[r.partialResultType]} aus Teilprüfung (${[r.partialResultDistrict, r.partialResultYear].filter(Boolean).join(" ")}${r.partialResultPoints !== null ? `, ${germanNumber(Number(r.partialResultPoints))} Punkte` : ""})`
        : "";
    return [
      r.id,
      r.lastname,
      r.firstname,
      r.birthdate,
      r.association.name,
      INSTRUMENT_LABELS[r.instrument],
      r.type,
      num(r.theoryPoints),
      num(r.practicePoints),
      "bestanden",
      partial,
      r.theoryLocation?.name ?? "",
      r.practiceLocation?.name ?? "",
    ];
  });
  const lines: InfoLine[] = [
    ...eventLines(e, [["Bestandene Prüfungen", rows.length]]),
    ...(signature ? [["", null] as InfoLine, ["Unterschrift", null] as InfoLine] : []),
  ];
  return asBuffer(await spreadsheetPool.build({ kind: "certificateWorkbook", headers, data, lines, signature }));
}

export type CertificateSpec = { headers: string[]; data: Cell[][]; lines: InfoLine[]; signature: Signature };

/** The certificate list's workbook from its cells (in a spreadsheet thread). */
export async function certificateWorkbook({ headers, data, lines, signature }: CertificateSpec): Promise<Buffer> {
  const wb = newWorkbook();
  wb.creator = "Anmeldesystem";
  listSheet(wb, "Urkunden", headers, data, FORMATS);
  const info = infoSheet(wb, lines);
  if (signature) {
    // the district association's signature image for the certificates (decision R-DA011): in the
    // "Unterschrift" row, which is as high as the image, so the page break never cuts it
    const row = info.rowCount;
    info.getRow(row).height = 66;
    const image = wb.addImage({ buffer: Buffer.from(signature.data) as unknown as ExcelJS.Buffer, extension: signature.extension });
    info.addImage(image, { tl: { col: 1, row: row - 1 }, ext: { width: 240, height: 80 }, editAs: "oneCell" });
  }
  return workbookBuffer(wb);
}

// ---- PC Juror import list

export type PcJurorListRow = CompetitionOverviewRow;

export const PC_JUROR_LIST_HEADERS = [
  "Anmelde-ID",
  "Verein",
  "Name",
  "Wertungsart",
  "Wertungsart Bezeichnung",
  "Besetzung",
  "Besetzung Bezeichnung",
  "Kategorie",
  "Altersgruppe",
  "Dirigent",
  "Anzahl Musiker",
  "Mitglieder",
  "Ort-ID",
  "Ort",
  ...songColumns(),
  "Gesamtdauer",
  "Punkte",
  "Prädikat",
];

export async function pcJurorImportList(e: EventFacts, rows: PcJurorListRow[]): Promise<Buffer> {
  const data = rows.map((r): Cell[] => {
    const songs = (r.songs as CompetitionSong[]) ?? [];
    const total = songs.reduce((s, x) => s + (x?.duration ?? 0), 0);
    return [
      r.id,
      r.association.name,
      r.name,
      r.type,
      COMPETITION_TYPE_LABELS[r.type].replace(/^\w – /, ""),
      r.cast,
      CAST_LABELS[r.cast],
      r.category ? Number(r.category.slice(4)) : "",
      r.ageGroup ?? "",
      r.conductorName,
      r.numberOfMusicians,
      memberList(r.members),
      r.locationId ?? "",
      r.location?.name ?? "",
      ...songCells(songs),
      total ? mmss(total) : "",
      "",
      "",
    ];
  });
  const lines: InfoLine[] = [
    ...eventLines(e, [["Anmeldungen", rows.length]]),
    [
      "Rückweg",
      "PC Juror gibt die Ergebnisse als pcjuror.xlsm zurück: Spalten „Anmelde-ID“, „Punkte“ (0 bis 100) und „Prädikat“; " +
        "Hochladen in der Ergebnisverwaltung (Wertungsspiele).",
    ],
  ];
  return asBuffer(await spreadsheetPool.build({ kind: "pcJurorWorkbook", data, lines }));
}

export type PcJurorListSpec = { data: Cell[][]; lines: InfoLine[] };

/** The PC Juror import list's workbook from its cells (in a spreadsheet thread). */
export async function pcJurorWorkbook({ data, lines }: PcJurorListSpec): Promise<Buffer> {
  const wb = newWorkbook();
  wb.creator = "Anmeldesystem";
  listSheet(wb, "Importliste", PC_JUROR_LIST_HEADERS, data, { Punkte: "points" });
  infoSheet(wb, lines);
  return workbookBuffer(wb);
}
