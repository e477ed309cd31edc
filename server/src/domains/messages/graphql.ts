// The GraphQL door of a message to the registrants (service.ts): the overview's event, search and
// filters, the text, and whether it is only counted.
import { validationFailed } from "../../auth/errors.ts";
import { builder } from "../../graphql/builder.ts";
import { fieldId, numericId } from "../../graphql/ids.ts";
import { filterOf, RegistrationListFilter } from "../registrations/graphql.ts";
import { type MessageAnswer, messageRegistrants } from "./service.ts";

const MessageRegistrantsInput = builder.inputType("MessageRegistrantsInput", {
  description:
    "A message to the registrants of an event: the registrations are those the overview (dexamRegistrations or competitionRegistrations) lists for the same search, location, club and filter.",
  fields: (t) => ({
    eventId: t.globalID({ required: true, description: "Global id of the event." }),
    search: t.string({ required: false, description: "The overview's search." }),
    location: t.globalID({ required: false, description: "Only registrations at this location (global id), as the overview's location argument." }),
    association: t.globalID({ required: false, description: "Only registrations of this club (Verein; global id), as the overview's association argument." }),
    filter: t.field({ type: RegistrationListFilter, required: false, description: "The overview's filter (RegistrationListFilter)." }),
    registrations: t.globalIDList({
      required: false,
      description:
        "The overview's selected rows (global ids of the event's registration kind, at most 10000): only those of them the search and filters list. Absent: every listed registration.",
    }),
    subject: t.string({
      required: false,
      description: "The subject (at most 200 characters, one line); required unless dryRun. Placeholders: {vorname}, {nachname}, {veranstaltung}.",
    }),
    body: t.string({
      required: false,
      description:
        "The text (at most 5000 characters); required unless dryRun. Placeholders: {vorname} and {nachname} (the recipient's), {veranstaltung} (the event's name); any other is refused.",
    }),
    includeClubAccounts: t.boolean({
      required: false,
      description: "Also to every account of the registrations' clubs (not only the accounts that made the registrations). Default false.",
    }),
    dryRun: t.boolean({ required: false, description: "Only count the registrations and recipients; nothing is sent. Default false." }),
  }),
});

const MAX_SELECTED = 10_000;
const KINDS = ["DexamRegistration", "CompetitionRegistration"];

/** The selected rows as one kind's ids; a mix of kinds or another type is refused under `registrations`. */
function selectionOf(ids: readonly { typename: string; id: string }[] | null | undefined) {
  if (!ids) return null;
  if (ids.length > MAX_SELECTED) throw validationFailed({ registrations: `Bitte höchstens ${MAX_SELECTED.toLocaleString("de-DE")} Anmeldungen wählen` });
  const entity = ids[0]?.typename ?? "DexamRegistration";
  if (!KINDS.includes(entity)) throw validationFailed({ registrations: "Bitte nur Anmeldungen wählen" });
  return { entity, ids: ids.map((id) => fieldId(id, entity, "registrations", "Anmeldung")) };
}

const MessageRegistrantsResult = builder.objectRef<MessageAnswer>("MessageRegistrantsResult").implement({
  description: "What a message to the registrants reached (or, for a dry run, would reach).",
  fields: (t) => ({
    registrations: t.exposeInt("registrations", { description: "How many registrations the search and filters select." }),
    recipients: t.exposeInt("recipients", { description: "How many distinct accounts get the mail (blocked accounts none)." }),
    sent: t.exposeBoolean("sent", { description: "Mails were written to the outbox (false for a dry run or no recipients)." }),
  }),
});

builder.mutationField("messageRegistrants", (t) =>
  t.field({
    type: MessageRegistrantsResult,
    description:
      "Writes a message to the accounts that made the registrations the overview lists (optionally also to their clubs' accounts): one mail per recipient through the outbox, audited; dryRun answers the count only. Registration management of the event's district.",
    authScopes: { operation: "registrations.message" },
    args: { input: t.arg({ type: MessageRegistrantsInput, required: true, description: "Event, search, filters and the message." }) },
    resolve: (_root, { input }, ctx) =>
      messageRegistrants(ctx, {
        filter: {
          ...filterOf(input.filter),
          eventId: numericId(input.eventId, "Event", "Veranstaltung"),
          search: input.search ?? null,
          locationId: input.location ? fieldId(input.location, "EventLocation", "location", "Veranstaltungsort") : null,
          associationId: input.association ? fieldId(input.association, "Association", "association", "Verein") : null,
        },
        selection: selectionOf(input.registrations),
        subject: input.subject ?? "",
        body: input.body ?? "",
        includeClubAccounts: input.includeClubAccounts ?? false,
        dryRun: input.dryRun ?? false,
      }),
  }),
);
