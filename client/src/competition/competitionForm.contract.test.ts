import { describe, expect, it } from "vitest";
import {
  applyChange,
  type CompetitionEventFacts,
  type CompetitionFormValues,
  type CompetitionType,
  competitionInput,
  emptyCompetitionForm,
  validateCompetitionForm,
} from "./competitionForm";

/**
 * The form and the server agree (server/src/domains/competition/rules.ts validateCompetition): for
 * what the form would send, both find the same fields with the same German messages. The server
 * module is loaded at run time only (it is not part of the client's build or type check); the form
 * reaches the same rules through '@shared/competition', so this also guards the re-export.
 */
type ServerRules = {
  validateCompetition: (input: unknown, event: { cancellationConditions: string | null }, mode: "create" | "edit") => Record<string, string>;
};
const SERVER_RULES = new URL("../../../server/src/domains/competition/rules.ts", import.meta.url).href;
const server = (await import(/* @vite-ignore */ SERVER_RULES)) as ServerRules;

const EVENT: CompetitionEventFacts = {
  cancellationConditions: null,
  locations: [
    { type: "COMPETITION", competitionTypes: ["T", "K", "U", "M"] },
    { type: "COMPETITION", competitionTypes: ["G", "B"] },
  ],
};
const WITH_CONDITIONS: CompetitionEventFacts = { ...EVENT, cancellationConditions: "Storno kostet." };

function agree(values: CompetitionFormValues, event: CompetitionEventFacts = EVENT, mode: "create" | "edit" = "create") {
  const client = validateCompetitionForm(values, { mode, event });
  const serverErrors = server.validateCompetition(competitionInput(values, { mode }), { cancellationConditions: event.cancellationConditions ?? null }, mode);
  expect(client).toEqual(serverErrors);
  return client;
}

const LEVEL: Record<CompetitionType, Partial<CompetitionFormValues>> = {
  T: { cast: "B", category: "CAT_1" },
  K: { cast: "JB", category: "CAT_4" },
  U: { cast: "SL", category: "CAT_3" },
  M: { cast: "B", category: "CAT_2" },
  G: { cast: "SK", ageGroup: "IB", members: "Anna\nBen\nCarla" },
  B: { cast: "P", ageGroup: "VI" },
};
const filled = (type: CompetitionType): CompetitionFormValues => ({
  ...emptyCompetitionForm(["7"]),
  name: "Gruppe",
  conductorName: "Dora",
  numberOfMusicians: "12",
  type,
  ...LEVEL[type],
  gdprAccepted: true,
});
const piece = { name: "Marsch", composer: "K", publisher: "V", arranger: "", duration: "03:10" };

describe("competition form and server agree", () => {
  it("[R-VA037] an empty form: the required fields and the consent", () => {
    const errors = agree(emptyCompetitionForm());
    expect(Object.keys(errors).sort()).toEqual(["associationId", "cast", "conductorName", "gdprAccepted", "name", "numberOfMusicians", "type"]);
    agree(emptyCompetitionForm(), WITH_CONDITIONS);
  });

  it.each(Object.keys(LEVEL) as CompetitionType[])("[R-VA037][R-VA038][R-VA039][R-VA041] type %s: valid, and each type-dependent field missing", (type) => {
    expect(agree(filled(type))).toEqual({});
    agree({ ...filled(type), cast: null });
    agree({ ...filled(type), category: null, ageGroup: null });
    agree({ ...filled(type), members: "" });
    agree({ ...filled(type), numberOfMusicians: "1001" });
    // after a type change: cast and level are empty again
    for (const next of Object.keys(LEVEL) as CompetitionType[]) agree(applyChange(filled(type), "type", next));
  });

  it("[R-VA040] pieces: composer, publisher and duration once a title is filled", () => {
    agree({ ...filled("K"), songs: [{ ...piece, composer: "", publisher: "", duration: "" }, piece, piece, piece] });
    agree({ ...filled("G"), songs: [piece, { ...piece, duration: "" }, { ...piece, publisher: " " }, piece] });
    agree({ ...filled("B"), songs: [piece, piece, piece, { ...piece, duration: "60:01" }] });
  });

  it("[R-CF012][R-CF013] consents in create mode only", () => {
    agree({ ...filled("K"), gdprAccepted: false }, WITH_CONDITIONS);
    agree({ ...filled("K"), gdprAccepted: false }, WITH_CONDITIONS, "edit");
  });
});
