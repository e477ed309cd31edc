// The e-mails of the outbox (pure): what a row holds (RegistrationFacts or, for a club assignment,
// AccountFacts; never camp health data) and the German message rendered from it, as plain text and HTML.
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

/**
 * created; changed by someone else; cancelled; deleted; results published; a location's time or
 * place moved; an account assigned to a club (AccountFacts, to the club's other accounts); a webhook
 * endpoint disabled after repeated failure (WebhookFacts, to its creator); a message of the
 * district's staff to the registrants (MessageFacts)
 */
export const MAIL_KINDS = [
  "created",
  "changed",
  "cancelled",
  "deleted",
  "results",
  "moved",
  "clubAssigned",
  "webhookDisabled",
  "invoice",
  "invoiceReminder",
  "timetable",
  "timetableChanged",
  "message",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** A location's time or place before and after a change ("moved" mails). */
export type Move = { what: string; before: string; after: string };

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
  /** "results": the published part ("Theorieprüfung", "Praxisprüfung"); absent: the registration's results */
  part?: string;
  /** "moved": what changed, old and new */
  moves?: Move[];
  /** the event's automatic deletion day ("31.01.2027"), when it has one: the mail states it (transparency, Art. 13(2)(a) GDPR) */
  deletion?: string;
  /** "timetable", "timetableChanged": the registration's slots ("Theorie: Sa., 13.03.2027, 09:00 – 10:30 Uhr, Raum 1, Musikschule") */
  slots?: string[];
};

/** What a club-assignment mail shows: whose account was assigned, by whom; club and district are read with the row. */
export type AccountFacts = {
  account: string;
  by: string;
  club?: string;
  district?: { name: string; imprint: string; privacy: string };
};

/** What the mail about a disabled webhook endpoint shows: its address and how many attempts failed. */
export type WebhookFacts = { url: string; failures: number; district?: { name: string; imprint: string; privacy: string } };

/** An invoice, cancellation invoice or credit note to a club's invoice e-mail (its PDF and XML attached when sent). */
export type InvoiceFacts = {
  /** Rechnung, Stornorechnung, Gutschrift */
  label: string;
  number: string;
  club: string;
  event: string;
  /** "123,45 €" */
  total: string;
  /** "12.12.2026", invoices only */
  due: string | null;
  /** the mandate's reference when the amount is collected by direct debit */
  mandate: string | null;
  district?: { name: string; imprint: string; privacy: string };
};

/** A reminder of an open invoice (Zahlungserinnerung, Mahnung; domains/invoices/reminders.ts), the invoice's files attached. */
export type ReminderFacts = {
  /** Zahlungserinnerung, 1. Mahnung, ... */
  label: string;
  level: number;
  number: string;
  club: string;
  event: string;
  /** "50,50 €" */
  total: string;
  open: string;
  /** the invoice's due date and the new one, "12.12.2026" */
  due: string;
  payBy: string;
  iban: string;
  district?: { name: string; imprint: string; privacy: string };
};

/** A message of the district's staff to the registrants (registrations/message.ts): subject and text, placeholders filled in. */
export type MessageFacts = { subject: string; text: string; event: string; district?: { name: string; imprint: string; privacy: string } };

export type MailPayload = RegistrationFacts | AccountFacts | WebhookFacts | InvoiceFacts | ReminderFacts | MessageFacts;

const DATE = new Intl.DateTimeFormat("de-DE", { timeZone: TIME_ZONE, weekday: "short", day: "2-digit", month: "2-digit", year: "numeric" });
const TIME = new Intl.DateTimeFormat("de-DE", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const DAY = new Intl.DateTimeFormat("de-DE", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });

/** The event's automatic deletion day as the facts carry it (Berlin day of Event.expiration), nothing without one. */
const deletionOf = (event: { expiration?: Date | null }) => (event.expiration ? { deletion: DAY.format(event.expiration) } : {});

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

/** What a location's change moves for its registrations: its time ("Termin") and its place ("Ort": name and address), old and new. */
export function locationMoves(before: Place, after: Place): Move[] {
  const [was, is] = [locationFacts(before), locationFacts(after)];
  const place = (f: LocationFacts) => [f.name, f.address].filter(Boolean).join(", ");
  const moves: Move[] = [];
  if (was.when !== is.when) moves.push({ what: `${is.role} ${is.name}: Termin`, before: was.when ?? "kein Termin", after: is.when ?? "kein Termin" });
  if (place(was) !== place(is)) moves.push({ what: `${is.role} ${is.name}: Ort`, before: place(was), after: place(is) });
  return moves;
}

const placesOf = (locations: readonly Place[], ids: (number | null)[]) =>
  ids.flatMap((id) => {
    const l = id === null ? undefined : locations.find((x) => x.id === id);
    return l ? [locationFacts(l)] : [];
  });

/** A D-exam registration's facts: participant, course, instrument, its locations, the event's deletion day. Nothing of the camp data. */
export function dexamFacts(
  r: Pick<DexamRegistration, "firstname" | "lastname" | "type" | "instrument" | "theoryLocationId" | "practiceLocationId" | "preparationLocationId">,
  id: number | null,
  event: { name: string; locations: readonly Place[]; expiration?: Date | null },
): RegistrationFacts {
  return {
    registration: "dexam",
    id,
    event: event.name,
    participant: `${r.firstname} ${r.lastname}`,
    course: `${DEXAM_TYPE_LABELS[r.type]}, ${INSTRUMENT_LABELS[r.instrument]}`,
    locations: placesOf(event.locations, [r.preparationLocationId, r.theoryLocationId, r.practiceLocationId]),
    pieces: [],
    ...deletionOf(event),
  };
}

type Song = { name?: string | null; composer?: string | null };

/** A competition registration's facts: ensemble, type, cast, category or age group, location, pieces, the event's deletion day. */
export function competitionFacts(
  r: Pick<CompetitionRegistration, "name" | "type" | "cast" | "category" | "ageGroup" | "locationId"> & { songs: unknown },
  id: number | null,
  event: { name: string; locations: readonly Place[]; expiration?: Date | null },
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
    ...deletionOf(event),
  };
}

const WHAT = { dexam: "D-Prüfungsanmeldung", competition: "Wertungsspielanmeldung" } as const;

type RegistrationKind = Exclude<MailKind, "clubAssigned" | "webhookDisabled" | "invoice" | "invoiceReminder" | "message">;

const SUBJECTS: Record<RegistrationKind, (f: RegistrationFacts) => string> = {
  created: () => "Anmeldung eingegangen",
  changed: () => "Anmeldung geändert",
  cancelled: () => "Anmeldung storniert",
  deleted: () => "Anmeldung gelöscht",
  results: (f) => (f.part ? `Ergebnis der ${f.part} veröffentlicht` : "Ergebnisse veröffentlicht"),
  moved: () => "Termin oder Ort geändert",
  timetable: () => "Zeitplan veröffentlicht",
  timetableChanged: () => "Zeitplan geändert",
};

const INTRO: Record<RegistrationKind, (what: string, f: RegistrationFacts) => string> = {
  created: (what) => `Ihre ${what} ist eingegangen.`,
  changed: (what) => `Ihre ${what} wurde von einer anderen Person geändert.`,
  cancelled: (what) => `Ihre ${what} wurde storniert.`,
  deleted: (what) => `Ihre ${what} wurde gelöscht.`,
  results: (_what, f) =>
    f.part
      ? `Das Ergebnis der ${f.part} Ihrer Anmeldung wurde veröffentlicht. Sie finden es in der Übersicht der Anmeldungen.`
      : "Die Ergebnisse Ihrer Anmeldung wurden veröffentlicht. Sie finden sie in der Übersicht der Anmeldungen.",
  moved: (what) => `Bei Ihrer ${what} hat sich ein Termin oder Ort geändert:`,
  timetable: (what) => `Der Zeitplan ist veröffentlicht. Ihre Zeiten zur ${what}:`,
  timetableChanged: (what) => `Der Zeitplan hat sich geändert. Ihre Zeiten zur ${what} sind jetzt:`,
};

/** The overview of the registrations (the client's hash route). */
export const overviewUrl = (publicUrl: string) => `${publicUrl}/#/registration/overview`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Rendered = { subject: string; text: string; html: string };

/** Subject, plain text and HTML of the outbox row's mail, by its kind. */
export function renderMail(kind: MailKind, payload: MailPayload, publicUrl: string): Rendered {
  if (kind === "webhookDisabled") return renderWebhookDisabledMail(payload as WebhookFacts, publicUrl);
  if (kind === "invoice") return renderInvoiceMail(payload as InvoiceFacts);
  if (kind === "invoiceReminder") return renderReminderMail(payload as ReminderFacts);
  if (kind === "message") return renderMessageMail(payload as MessageFacts);
  return kind === "clubAssigned" ? renderClubAssignedMail(payload as AccountFacts) : renderRegistrationMail(kind, payload as RegistrationFacts, publicUrl);
}

/** Subject, plain text and HTML of one confirmation e-mail. Every value from the payload is escaped in the HTML. */
export function renderRegistrationMail(kind: RegistrationKind, f: RegistrationFacts, publicUrl: string): Rendered {
  const what = WHAT[f.registration];
  const subject = `${SUBJECTS[kind](f)}: ${f.participant} (${f.event})`;
  const moves = f.moves ?? [];
  const rows: [string, string][] = [
    ["Veranstaltung", f.event],
    [f.registration === "dexam" ? "Teilnehmer/in" : "Ensemble", f.participant],
    ...(f.club ? ([["Verein", f.club]] as [string, string][]) : []),
    [f.registration === "dexam" ? "Prüfung" : "Wertung", f.course],
    ...(f.id !== null ? ([["Anmeldungsnummer", String(f.id)]] as [string, string][]) : []),
  ];
  const place = (l: LocationFacts) => [`${l.role}: ${l.name}`, l.address, l.when].filter(Boolean) as string[];
  const overview = overviewUrl(publicUrl);
  const footer = footerOf(f.district);
  // a deleted registration is gone already; every other mail names the day its data goes
  const deletion = kind !== "deleted" && f.deletion ? `Die Daten dieser Anmeldung werden am ${f.deletion} automatisch gelöscht.` : null;
  const text = [
    "Guten Tag,",
    "",
    INTRO[kind](what, f),
    ...moves.flatMap((m) => ["", m.what, `  bisher: ${m.before}`, `  neu: ${m.after}`]),
    ...(f.slots?.length ? ["", ...f.slots.map((x) => `- ${x}`)] : []),
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(f.locations.length ? ["", "Orte und Termine:", ...f.locations.map((l) => `- ${place(l).join("\n  ")}`)] : []),
    ...(f.pieces.length ? ["", "Stücke:", ...f.pieces.map((p) => `- ${p}`)] : []),
    ...(deletion ? ["", deletion] : []),
    "",
    `Zur Übersicht Ihrer Anmeldungen: ${overview}`,
    "",
    "Diese E-Mail wurde automatisch erstellt.",
    ...(footer.length ? ["", ...footer] : []),
    "",
  ].join("\n");
  const e = escapeHtml;
  const html = [
    htmlHead(subject),
    "<p>Guten Tag,</p>",
    `<p>${e(INTRO[kind](what, f))}</p>`,
    moves.length ? list(moves.map((m) => `${e(m.what)}<br>bisher: ${e(m.before)}<br>neu: ${e(m.after)}`)) : "",
    f.slots?.length ? list(f.slots.map(e)) : "",
    `<table>${rows.map(([k, v]) => `<tr><th align="left">${e(k)}</th><td>${e(v)}</td></tr>`).join("")}</table>`,
    f.locations.length ? `<p>Orte und Termine:</p>${list(f.locations.map((l) => place(l).map(e).join("<br>")))}` : "",
    f.pieces.length ? `<p>Stücke:</p>${list(f.pieces.map(e))}` : "",
    deletion ? `<p>${e(deletion)}</p>` : "",
    `<p><a href="${e(overview)}">Zur Übersicht Ihrer Anmeldungen</a></p>`,
    ...htmlFoot(f.district),
  ].join("");
  return { subject, text, html };
}

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
const htmlHead = (subject: string) => `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`;
const footerOf = (d: AccountFacts["district"]) => (d ? [`${d.name}`, `Impressum: ${d.imprint}`, `Datenschutz: ${d.privacy}`] : []);
const htmlFoot = (d: AccountFacts["district"]) => [
  "<p>Diese E-Mail wurde automatisch erstellt.</p>",
  d ? `<p>${escapeHtml(d.name)} · <a href="${escapeHtml(d.imprint)}">Impressum</a> · <a href="${escapeHtml(d.privacy)}">Datenschutz</a></p>` : "",
  "</body></html>",
];

/** A mail of a few plain paragraphs: greeting, the lines, the automatic-mail note and the district's footer. */
function plainMail(subject: string, lines: string[], district: AccountFacts["district"]): Rendered {
  const footer = footerOf(district);
  const text = ["Guten Tag,", "", ...lines, "", "Diese E-Mail wurde automatisch erstellt.", ...(footer.length ? ["", ...footer] : []), ""].join("\n");
  const html = [htmlHead(subject), "<p>Guten Tag,</p>", ...lines.map((l) => `<p>${escapeHtml(l)}</p>`), ...htmlFoot(district)].join("");
  return { subject, text, html };
}

/**
 * The mail to a club's other accounts when an account is assigned to the club: whose, by whom
 * (the assigned account sees the club's registrations from now on).
 */
export function renderClubAssignedMail(f: AccountFacts): Rendered {
  const club = f.club ?? "Ihr Verein";
  const subject = `Neues Konto für ${club}: ${f.account}`;
  const lines = [
    `${f.by} hat das Konto von ${f.account} dem Verein ${club} zugeordnet.`,
    `${f.account} sieht und bearbeitet damit die Anmeldungen des Vereins.`,
    "Wenn Ihnen das unbekannt vorkommt, wenden Sie sich bitte an Ihren Kreisverband.",
  ];
  return plainMail(subject, lines, f.district);
}

export function renderWebhookDisabledMail(f: WebhookFacts, publicUrl: string): Rendered {
  const subject = "Webhook-Endpunkt abgeschaltet";
  const lines = [
    `Der Webhook-Endpunkt ${f.url} hat ${f.failures} Zustellungen in Folge nicht angenommen und wurde abgeschaltet.`,
    "Neue Änderungen werden ihm nicht mehr zugestellt, bis er wieder eingeschaltet wird; noch offene Zustellungen werden dann nachgeholt.",
    `Die Zustellungen und ihre Fehler stehen in der Webhook-Verwaltung: ${publicUrl}`,
  ];
  return plainMail(subject, lines, f.district);
}

/** A Zahlungserinnerung or Mahnung of an open invoice (the invoice's PDF and XML attached again). */
export function renderReminderMail(f: ReminderFacts): Rendered {
  const subject = `${f.label}: Rechnung ${f.number} (${f.event})`;
  const lines = [
    f.level <= 1
      ? `unsere Rechnung ${f.number} an ${f.club} für „${f.event}“ über ${f.total} war am ${f.due} fällig. Bis heute haben wir keine vollständige Zahlung erhalten; vielleicht ist sie Ihnen entgangen.`
      : `trotz unserer Zahlungserinnerung ist unsere Rechnung ${f.number} an ${f.club} für „${f.event}“ über ${f.total}, fällig am ${f.due}, noch nicht vollständig bezahlt.`,
    `Offen sind noch ${f.open}. Bitte überweisen Sie diesen Betrag bis zum ${f.payBy} auf das Konto IBAN ${f.iban} und geben Sie die Rechnungsnummer ${f.number} als Verwendungszweck an.`,
    "Haben Sie inzwischen gezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.",
    "Die Rechnung liegt noch einmal bei (PDF als elektronische Rechnung und XML).",
  ];
  return plainMail(subject, lines, f.district);
}

/** The mail of an invoice to the club (its PDF, a ZUGFeRD / Factur-X e-invoice, and the XML attached). */
export function renderInvoiceMail(f: InvoiceFacts): Rendered {
  const subject = `${f.label} ${f.number}: ${f.event}`;
  const lines = [
    `anbei erhalten Sie die ${f.label} ${f.number} an ${f.club} für „${f.event}“ über ${f.total}.`,
    ...(f.due
      ? [
          f.mandate
            ? `Der Betrag wird zum ${f.due} per SEPA-Lastschrift eingezogen (Mandatsreferenz ${f.mandate}).`
            : `Bitte zahlen Sie den Betrag bis zum ${f.due}.`,
        ]
      : []),
    "Die PDF-Datei ist eine elektronische Rechnung (ZUGFeRD / Factur-X, EN 16931); die XML-Datei enthält dieselbe Rechnung für Ihre Buchhaltung.",
  ];
  return plainMail(subject, lines, f.district);
}

/** A message to the registrants: the staff's text as written (its paragraphs kept), the event it concerns, the district's footer. */
export function renderMessageMail(f: MessageFacts): Rendered {
  const note = `Sie erhalten diese Nachricht zu „${f.event}“, weil Sie oder Ihr Verein dafür angemeldet sind.`;
  const footer = footerOf(f.district);
  const text = [f.text, "", "--", note, ...(footer.length ? ["", ...footer] : []), ""].join("\n");
  const paragraphs = f.text.split(/\r?\n\s*\r?\n/).map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, "<br>")}</p>`);
  const html = [htmlHead(f.subject), ...paragraphs, `<hr><p>${escapeHtml(note)}</p>`, ...htmlFoot(f.district)].join("");
  return { subject: f.subject, text, html };
}
