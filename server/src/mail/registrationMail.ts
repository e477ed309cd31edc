// The confirmation e-mails of registrations (pure): what the outbox row holds (RegistrationFacts,
// never camp health data) and the German message rendered from it, as plain text and HTML.
import type { CompetitionRegistration, DexamRegistration, EventLocation } from "../generated/prisma/client.ts";
import {
  CAST_LABELS,
  CATEGORY_LABELS,
  COMPETITION_TYPE_LABELS,
  DEXAM_TYPE_LABELS,
  DIFFICULTY_LEVEL_LABELS,
  INSTRUMENT_LABELS,
  LOCATION_TYPE_LABELS,
} from "../shared/labels.ts";
import { TIME_ZONE } from "../shared/time.ts";

/** created; changed by someone else; cancelled; deleted; results published */
export const MAIL_KINDS = ["created", "changed", "cancelled", "deleted", "results"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type LocationFacts = { role: string; name: string; address: string; when: string | null };

/** What a confirmation e-mail shows: a snapshot written with the change (the registration may be gone when it is sent). */
export type RegistrationFacts = {
  registration: "dexam" | "competition";
  /** null in the row of a create (the id comes from the insert: registrationFactsSql) */
  id: number | null;
  event: string;
  /** filled from the database in the row of a create */
  district?: { name: string; imprint: string; privacy: string };
  club?: string;
  /** D-exam: first and last name; competition: the ensemble's name */
  participant: string;
  /** D-exam: course and instrument; competition: type, cast, category or age group */
  course: string;
  locations: LocationFacts[];
  /** competitions: the pieces (title, composer) */
  pieces: string[];
};

const DATE = new Intl.DateTimeFormat("de-DE", { timeZone: TIME_ZONE, weekday: "short", day: "2-digit", month: "2-digit", year: "numeric" });
const TIME = new Intl.DateTimeFormat("de-DE", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit" });

/** "Sa., 14.03.2027, 09:00 – 17:00 Uhr" (Europe/Berlin); another end day is written out. */
export function whenOf(start: Date | null, end: Date | null): string | null {
  if (!start) return null;
  const from = `${DATE.format(start)}, ${TIME.format(start)}`;
  if (!end) return `${from} Uhr`;
  const sameDay = DATE.format(start) === DATE.format(end);
  return `${from} – ${sameDay ? "" : `${DATE.format(end)}, `}${TIME.format(end)} Uhr`;
}

type Place = Pick<EventLocation, "id" | "name" | "type" | "street" | "postcode" | "city" | "start" | "end">;

export function locationFacts(l: Place): LocationFacts {
  return {
    role: LOCATION_TYPE_LABELS[l.type],
    name: l.name,
    address: [l.street, [l.postcode, l.city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    when: whenOf(l.start, l.end),
  };
}

const placesOf = (locations: readonly Place[], ids: (number | null)[]) =>
  ids.flatMap((id) => {
    const l = id === null ? undefined : locations.find((x) => x.id === id);
    return l ? [locationFacts(l)] : [];
  });

/** A D-exam registration's facts: participant, course, instrument, its locations. Nothing of the camp data. */
export function dexamFacts(
  r: Pick<DexamRegistration, "firstname" | "lastname" | "type" | "instrument" | "theoryLocationId" | "practiceLocationId" | "preparationLocationId">,
  id: number | null,
  event: { name: string; locations: readonly Place[] },
): RegistrationFacts {
  return {
    registration: "dexam",
    id,
    event: event.name,
    participant: `${r.firstname} ${r.lastname}`,
    course: `${DEXAM_TYPE_LABELS[r.type]}, ${INSTRUMENT_LABELS[r.instrument]}`,
    locations: placesOf(event.locations, [r.preparationLocationId, r.theoryLocationId, r.practiceLocationId]),
    pieces: [],
  };
}

type Song = { name?: string | null; composer?: string | null };

/** A competition registration's facts: ensemble, type, cast, category or age group, location, pieces. */
export function competitionFacts(
  r: Pick<CompetitionRegistration, "name" | "type" | "cast" | "category" | "ageGroup" | "locationId"> & { songs: unknown },
  id: number | null,
  event: { name: string; locations: readonly Place[] },
): RegistrationFacts {
  const level = r.category ? `Kategorie ${CATEGORY_LABELS[r.category]}` : r.ageGroup ? `Stufe ${DIFFICULTY_LEVEL_LABELS[r.ageGroup]}` : null;
  const songs = Array.isArray(r.songs) ? (r.songs as Song[]) : [];
  return {
    registration: "competition",
    id,
    event: event.name,
    participant: r.name,
    course: [COMPETITION_TYPE_LABELS[r.type], CAST_LABELS[r.cast], level].filter(Boolean).join(", "),
    locations: placesOf(event.locations, [r.locationId]),
    pieces: songs.filter((s) => s?.name?.trim()).map((s) => (s.composer?.trim() ? `${s.name!.trim()} (${s.composer.trim()})` : s.name!.trim())),
  };
}

const WHAT = { dexam: "D-Prüfungsanmeldung", competition: "Wertungsspielanmeldung" } as const;

const SUBJECTS: Record<MailKind, string> = {
  created: "Anmeldung eingegangen",
  changed: "Anmeldung geändert",
  cancelled: "Anmeldung storniert",
  deleted: "Anmeldung gelöscht",
  results: "Ergebnisse veröffentlicht",
};

const INTRO: Record<MailKind, (what: string) => string> = {
  created: (what) => `Ihre ${what} ist eingegangen.`,
  changed: (what) => `Ihre ${what} wurde von einer anderen Person geändert.`,
  cancelled: (what) => `Ihre ${what} wurde storniert.`,
  deleted: (what) => `Ihre ${what} wurde gelöscht.`,
  results: () => "Die Ergebnisse Ihrer Anmeldung wurden veröffentlicht. Sie finden sie in der Übersicht der Anmeldungen.",
};

/** The overview of the registrations (the client's hash route). */
export const overviewUrl = (publicUrl: string) => `${publicUrl}/#/registration/overview`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Subject, plain text and HTML of one confirmation e-mail. Every value from the payload is escaped in the HTML. */
export function renderRegistrationMail(kind: MailKind, f: RegistrationFacts, publicUrl: string): { subject: string; text: string; html: string } {
  const what = WHAT[f.registration];
  const subject = `${SUBJECTS[kind]}: ${f.participant} (${f.event})`;
  const rows: [string, string][] = [
    ["Veranstaltung", f.event],
    [f.registration === "dexam" ? "Teilnehmer/in" : "Ensemble", f.participant],
    ...(f.club ? ([["Verein", f.club]] as [string, string][]) : []),
    [f.registration === "dexam" ? "Prüfung" : "Wertung", f.course],
    ...(f.id !== null ? ([["Anmeldungsnummer", String(f.id)]] as [string, string][]) : []),
  ];
  const place = (l: LocationFacts) => [`${l.role}: ${l.name}`, l.address, l.when].filter(Boolean) as string[];
  const overview = overviewUrl(publicUrl);
  const footer = f.district ? [`${f.district.name}`, `Impressum: ${f.district.imprint}`, `Datenschutz: ${f.district.privacy}`] : [];
  const text = [
    "Guten Tag,",
    "",
    INTRO[kind](what),
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(f.locations.length ? ["", "Orte und Termine:", ...f.locations.map((l) => `- ${place(l).join("\n  ")}`)] : []),
    ...(f.pieces.length ? ["", "Stücke:", ...f.pieces.map((p) => `- ${p}`)] : []),
    "",
    `Zur Übersicht Ihrer Anmeldungen: ${overview}`,
    "",
    "Diese E-Mail wurde automatisch erstellt.",
    ...(footer.length ? ["", ...footer] : []),
    "",
  ].join("\n");
  const e = escapeHtml;
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
  const html = [
    `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>${e(subject)}</title></head><body>`,
    "<p>Guten Tag,</p>",
    `<p>${e(INTRO[kind](what))}</p>`,
    `<table>${rows.map(([k, v]) => `<tr><th align="left">${e(k)}</th><td>${e(v)}</td></tr>`).join("")}</table>`,
    f.locations.length ? `<p>Orte und Termine:</p>${list(f.locations.map((l) => place(l).map(e).join("<br>")))}` : "",
    f.pieces.length ? `<p>Stücke:</p>${list(f.pieces.map(e))}` : "",
    `<p><a href="${e(overview)}">Zur Übersicht Ihrer Anmeldungen</a></p>`,
    "<p>Diese E-Mail wurde automatisch erstellt.</p>",
    f.district ? `<p>${e(f.district.name)} · <a href="${e(f.district.imprint)}">Impressum</a> · <a href="${e(f.district.privacy)}">Datenschutz</a></p>` : "",
    "</body></html>",
  ].join("");
  return { subject, text, html };
}
