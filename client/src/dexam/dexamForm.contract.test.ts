import { describe, expect, it } from "vitest";
import {
  addEmergencyContact,
  applyChange,
  type DexamFormValues,
  type DexamInput,
  dexamInput,
  type EventFacts,
  emptyDexamForm,
  validateDexamForm,
} from "./dexamForm";

/**
 * The form mirrors the server's checks (server/src/domains/dexam/rules.ts validateDexam): for what
 * the form would send, both find the same fields with the same German messages. The server module
 * is loaded at run time only (it is not part of the client's build or type check).
 */
type ServerRules = {
  validateDexam: (
    input: unknown,
    event: { formType: string; cancellationConditions: string | null },
    locations: { id: number; type: string; dexamTypes: string[]; instruments: string[] }[],
    mode: "create" | "edit",
    now: Date,
  ) => Record<string, string>;
};
const SERVER_RULES = new URL("../../../server/src/domains/dexam/rules.ts", import.meta.url).href;
const server = (await import(/* @vite-ignore */ SERVER_RULES)) as ServerRules;

const NOW = new Date("2027-03-01T12:00:00Z");
// the form names locations and the club by global id: here "1" for the row with databaseId 1
const LOCATIONS = [
  { id: "1", databaseId: 1, name: "Theorie", type: "DEXAM_THEORY", dexamTypes: ["D1", "D2"], instruments: [] },
  { id: "2", databaseId: 2, name: "Praxis Holz", type: "DEXAM_PRACTICE", dexamTypes: ["D1", "D2"], instruments: ["FLUTE", "CLARINET"] },
  { id: "3", databaseId: 3, name: "Praxis Blech", type: "DEXAM_PRACTICE", dexamTypes: ["D2", "D3"], instruments: ["TRUMPET", "PERCUSSION"] },
  { id: "4", databaseId: 4, name: "Vorbereitung", type: "DEXAM_PREPARATION", dexamTypes: ["D1"], instruments: [] },
];
const databaseIdOf = (id: string | null) => (id ? Number(id) : null);

/** What the form sends, as the server's rules see it: the GraphQL layer turns the global ids and dateOfBirth into the numeric ids and birthdate (server/src/graphql/sameShape.ts). */
function serverShape(input: DexamInput) {
  const { association, dateOfBirth, theoryLocation, practiceLocation, preparationLocation, ...rest } = input;
  return {
    ...rest,
    birthdate: dateOfBirth,
    associationId: databaseIdOf(association),
    theoryLocationId: databaseIdOf(theoryLocation),
    practiceLocationId: databaseIdOf(practiceLocation),
    preparationLocationId: databaseIdOf(preparationLocation),
  };
}
const event = (formType: string, cancellationConditions: string | null = "Storno kostet."): EventFacts => ({
  formType,
  cancellationConditions,
  locations: LOCATIONS,
});

function agree(values: DexamFormValues, ev: EventFacts, mode: "create" | "edit" = "create") {
  const client = { ...validateDexamForm(values, { mode, event: ev, now: NOW }) };
  // the consent form is checked by the server's service (parseUpload), not by validateDexam
  delete client.consentForm;
  const serverErrors = server.validateDexam(
    serverShape(dexamInput(values, { mode, event: ev })),
    { formType: ev.formType, cancellationConditions: ev.cancellationConditions ?? null },
    LOCATIONS.map((l) => ({ id: l.databaseId, type: l.type, dexamTypes: l.dexamTypes, instruments: l.instruments })),
    mode,
    NOW,
  );
  expect(client).toEqual(serverErrors);
  return client;
}

const filled = (): DexamFormValues => ({
  ...emptyDexamForm(["7"]),
  firstname: "Clara",
  lastname: "Klarinette",
  birthdate: "2012-05-04",
  gender: "F",
  instrument: "CLARINET",
  type: "D2",
  theoryLocationId: "1",
  practiceLocationId: "2",
  gdprAccepted: true,
  cancellationAccepted: true,
});

describe("D-exam form and server agree", () => {
  it("[R-DF002][R-DF013][R-VA024][R-VA025] an empty form: required fields, no exam part, consents", () => {
    // (the club select always sends a club: its empty value is checked by the form alone)
    const errors = agree(emptyDexamForm(["7"]), event("DEXAM"));
    expect(Object.keys(errors)).toContain("theoryLocationId");
  });

  it("[R-VA026][R-VA027][R-VA028][R-VA029] pieces and partial result", () => {
    agree(filled(), event("DEXAM"));
    agree(applyChange(filled(), "songs.1.number", "17"), event("DEXAM"));
    const partial = {
      ...filled(),
      theoryLocationId: "",
      partialResult: { type: "THEORY", districtAssociation: "", year: "205", location: "", points: "12.345" },
    };
    expect(Object.keys(agree(partial, event("DEXAM"))).length).toBe(4);
    agree({ ...filled(), partialResult: { type: "PRACTICE", districtAssociation: "KV", year: "2031", location: "Ort", points: "101" } }, event("DEXAM"));
    agree({ ...filled(), birthdate: "2030-01-01" }, event("DEXAM"));
  });

  it("[R-VA023][R-DF009][R-DF010] locations of the wrong kind, course or instrument", () => {
    agree({ ...filled(), practiceLocationId: "3" }, event("DEXAM"));
    agree({ ...filled(), type: "D3", practiceLocationId: "3", instrument: "TRUMPET" }, event("DEXAM"));
    agree({ ...filled(), theoryLocationId: "2", preparationLocationId: "4" }, event("DEXAM"));
  });

  it("[R-VA030][R-VA032][R-VA033][R-VA034] the camp section", () => {
    const camp = addEmergencyContact(applyChange(filled(), "camp.vaccinations.0.available", true));
    agree(
      {
        ...camp,
        camp: {
          ...camp.camp,
          emergencyContacts: [
            { name: "Mama", phone: "abc" },
            { name: "", phone: "" },
          ],
        },
      },
      event("DEXAM_CAMP"),
    );
    agree({ ...camp, camp: { ...camp.camp, mealRequest: "VEGAN", emergencyContacts: [] } }, event("DEXAM_CAMP"), "edit");
  });
});
