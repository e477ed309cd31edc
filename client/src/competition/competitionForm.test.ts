import { describe, expect, it } from "vitest";
import { de } from "../i18n/de";
import { errorsAfterChange } from "../registration/formValues";
import {
  applyChange,
  type CompetitionEventFacts,
  type CompetitionFormValues,
  type CompetitionRecord,
  type CompetitionType,
  competitionFormValues,
  competitionInput,
  emptyCompetitionForm,
  levelField,
  offeredLevels,
  offeredTypes,
  shownSongRows,
  showsMembers,
  validateCompetitionForm,
} from "./competitionForm";

const REQUIRED = "Dieses Feld ist ein Pflichtfeld";

const HALL = { type: "COMPETITION", competitionTypes: ["T", "K", "U", "M"] };
const CULTURE = { type: "COMPETITION", competitionTypes: ["G", "B"] };
const EVENT: CompetitionEventFacts = { cancellationConditions: null, locations: [HALL, CULTURE] };
const WITH_CONDITIONS: CompetitionEventFacts = { ...EVENT, cancellationConditions: "Storno kostet 20 €." };

const song = (name: string) => ({ name, composer: "Komponist", publisher: "Verlag", arranger: "", duration: "04:30" });

/** What each type needs and nothing it does not allow (the server's rules.test.ts uses the same table). */
const PER_TYPE: Record<CompetitionType, Partial<CompetitionFormValues>> = {
  T: { cast: "B", category: "CAT_2" },
  K: { cast: "JB", category: "CAT_6" },
  U: { cast: "SL", category: "CAT_1" },
  M: { cast: "B", category: "CAT_5" },
  G: { cast: "E", ageGroup: "IA", members: "Anna Alt\nBen Bass" },
  B: { cast: "BG", ageGroup: "II" },
};
const TYPES = Object.keys(PER_TYPE) as CompetitionType[];

const valid = (type: CompetitionType): CompetitionFormValues => ({
  ...emptyCompetitionForm(["7"]),
  name: " Holzbläserquintett ",
  conductorName: "Dora Dirigentin",
  numberOfMusicians: "5",
  type,
  ...PER_TYPE[type],
  gdprAccepted: true,
});

const check = (values: CompetitionFormValues, event = EVENT, mode: "create" | "edit" = "create") => validateCompetitionForm(values, { mode, event });

describe("competition form per type (table-driven over T, K, U, G, M, B)", () => {
  it.each(TYPES)(
    "[R-CF001][R-CF002][R-CF003][R-CF007][R-CF008][R-VA037] type %s: the valid form passes; name, club, type, cast, conductor and musicians are required",
    (type) => {
      expect(check(valid(type))).toEqual({});
      for (const [field, empty] of [
        ["name", " "],
        ["associationId", ""],
        ["cast", null],
        ["conductorName", ""],
        ["numberOfMusicians", ""],
      ] as const) {
        expect(check({ ...valid(type), [field]: empty })[field], field).toBe(REQUIRED);
      }
      expect(check({ ...valid(type), type: null }).type).toBe(REQUIRED);
    },
  );

  it.each(TYPES)("[R-CF004][R-CF005][R-CF006][R-VA038][R-VA039] type %s: the casts of the type, category or age group", (type) => {
    const small = type === "B" || type === "G";
    expect(levelField(type)).toBe(small ? "ageGroup" : "category");
    expect(offeredLevels(type)).toEqual(
      type === "G"
        ? ["IA", "IB", "II", "III", "IV", "V", "VI"]
        : type === "B"
          ? ["II", "III", "IV", "V", "VI"]
          : ["CAT_1", "CAT_2", "CAT_3", "CAT_4", "CAT_5", "CAT_6"],
    );
    const level = small ? "ageGroup" : "category";
    expect(check({ ...valid(type), [level]: null })).toEqual({ [level]: REQUIRED });
    // a cast of the other family is refused
    expect(check({ ...valid(type), cast: small ? "JB" : "S" }).cast).toBe("Diese Besetzung passt nicht zum Wertungsspieltyp");
  });

  it.each(TYPES)("[R-CF009][R-VA041] type %s: the member list only for G, required there, one participant per line", (type) => {
    expect(showsMembers(type)).toBe(type === "G");
    const errors = check({ ...valid(type), members: " \n \n" });
    expect(errors.members).toBe(type === "G" ? REQUIRED : undefined);
    // other types never send a member list
    expect(competitionInput({ ...valid(type), members: "Anna\nBen" }, { mode: "create" }).members).toBe(type === "G" ? "Anna\nBen" : null);
  });

  it.each(TYPES)("[R-CF014][R-CF015][R-CF016][R-BC010][R-VA040] type %s: piece rows, and composer, publisher and duration once a title is filled", (type) => {
    const rows = type === "B" || type === "G" ? 4 : 2;
    expect(shownSongRows(type)).toBe(rows);
    const withTitles = { ...valid(type), songs: valid(type).songs.map((s) => ({ ...s, name: "Marsch" })) };
    const errors = check(withTitles);
    const expected: Record<string, string> = {};
    for (let i = 0; i < rows; i++) for (const f of ["composer", "publisher", "duration"]) expected[`songs.${i}.${f}`] = REQUIRED;
    expect(errors).toEqual(expected);
    // only the shown rows are sent; the arranger stays optional
    const filled = { ...valid(type), songs: [song("A"), song("B"), song("C"), song("D")] };
    expect(check(filled)).toEqual({});
    const input = competitionInput(filled, { mode: "create" });
    expect(input.songs).toHaveLength(rows);
    expect(input.songs[0]).toEqual({ name: "A", composer: "Komponist", publisher: "Verlag", arranger: null, duration: 270 });
  });

  it("[R-CF017] the pieces may be left empty and entered later", () => {
    for (const type of TYPES) expect(check(valid(type))).toEqual({});
    expect(competitionInput(valid("K"), { mode: "create" }).songs).toEqual([
      { name: null, composer: null, publisher: null, arranger: null, duration: null },
      { name: null, composer: null, publisher: null, arranger: null, duration: null },
    ]);
  });
});

describe("form dependencies", () => {
  it.each(TYPES.flatMap((from) => TYPES.filter((to) => to !== from).map((to) => [from, to] as const)))(
    "[R-CF011] changing the type %s -> %s clears category, cast and age group",
    (from, to) => {
      const next = applyChange(valid(from), "type", to);
      expect(next).toMatchObject({ type: to, cast: null, category: null, ageGroup: null, name: " Holzbläserquintett " });
    },
  );

  it("[R-CF011] choosing the same type again keeps everything; clearing the type clears too", () => {
    const v = valid("K");
    expect(applyChange(v, "type", "K")).toBe(v);
    expect(applyChange(v, "type", null)).toMatchObject({ type: null, cast: null, category: null });
    expect(applyChange(v, "type", "")).toMatchObject({ type: null, cast: null });
  });

  it("[R-CF011] messages of cleared fields go away with the type change", () => {
    const before = { ...valid("K"), cast: null };
    const errors = check(before);
    expect(errors.cast).toBe(REQUIRED);
    const after = applyChange(before, "type", "G");
    expect(errorsAfterChange(errors, before, after).type).toBeUndefined();
    expect(errorsAfterChange({ category: REQUIRED, name: REQUIRED }, valid("K"), applyChange(valid("K"), "type", "B"))).toEqual({ name: REQUIRED });
  });

  it("empty choices are null, texts stay texts", () => {
    expect(applyChange(valid("K"), "cast", "").cast).toBeNull();
    expect(applyChange(valid("K"), "songs.1.composer", "Mozart").songs[1].composer).toBe("Mozart");
  });
});

describe("durations as mm:ss", () => {
  it("[R-CF018] mm:ss is sent in seconds; a text that is no duration is refused in the browser", () => {
    const withDuration = (duration: string) => ({ ...valid("K"), songs: [{ ...song("Marsch"), duration }, song("Suite")] });
    expect(competitionInput(withDuration("4:05"), { mode: "create" }).songs[0].duration).toBe(245);
    expect(competitionInput(withDuration("12:00"), { mode: "create" }).songs[0].duration).toBe(720);
    for (const wrong of ["4.30", "4:75", "abc", "270"])
      expect(check(withDuration(wrong))["songs.0.duration"], wrong).toBe("Bitte eine Dauer im Format mm:ss eingeben, z. B. 04:30");
    expect(check(withDuration("00:00"))["songs.0.duration"]).toBe("Bitte eine Dauer zwischen 00:01 und 60:00 eingeben");
    expect(check(withDuration("61:00"))["songs.0.duration"]).toBe("Bitte eine Dauer zwischen 00:01 und 60:00 eingeben");
  });

  it("[R-CF018] stored seconds read as mm:ss in the edit form", () => {
    const record: CompetitionRecord = {
      name: "Jugendkapelle",
      association: { id: "7" },
      type: "K",
      cast: "JB",
      category: "CAT_3",
      ageGroup: null,
      conductorName: "Dora",
      numberOfMusicians: 40,
      members: null,
      remarks: null,
      songs: [{ name: "Marsch", composer: "K", publisher: "V", arranger: null, duration: 245 }, { name: null }, {}, {}],
      cancelledAt: null,
      documentsComplete: true,
    };
    const values = competitionFormValues(record);
    expect(values.songs[0]).toEqual({ name: "Marsch", composer: "K", publisher: "V", arranger: "", duration: "04:05" });
    expect(values.songs[1]).toEqual({ name: "", composer: "", publisher: "", arranger: "", duration: "" });
    expect(values).toMatchObject({ associationId: "7", type: "K", cast: "JB", category: "CAT_3", numberOfMusicians: "40", documentsComplete: true });
    expect(check(values, EVENT, "edit")).toEqual({});
  });
});

describe("number of musicians, consents, scope, manage fields", () => {
  it("[R-CF008] a whole number between 1 and 1000", () => {
    for (const wrong of ["0", "1001", "2.5", "zwölf", "-3"])
      expect(check({ ...valid("K"), numberOfMusicians: wrong }).numberOfMusicians, wrong).toBe("Bitte eine ganze Zahl zwischen 1 und 1000 eingeben");
    expect(competitionInput({ ...valid("K"), numberOfMusicians: " 42 " }, { mode: "create" }).numberOfMusicians).toBe(42);
  });

  it("[R-CF012][R-CF013] privacy always and cancellation terms when the event has them, in create mode only", () => {
    expect(check({ ...valid("K"), gdprAccepted: false }).gdprAccepted).toBe(REQUIRED);
    expect(check(valid("K"), WITH_CONDITIONS).cancellationAccepted).toBe(REQUIRED);
    expect(check({ ...valid("K"), cancellationAccepted: true }, WITH_CONDITIONS)).toEqual({});
    expect(check({ ...valid("K"), gdprAccepted: false }, WITH_CONDITIONS, "edit")).toEqual({});
    expect(competitionInput(valid("K"), { mode: "edit" })).not.toHaveProperty("gdprAccepted");
    expect(competitionInput(valid("K"), { mode: "create" })).toMatchObject({ gdprAccepted: true, cancellationAccepted: false });
  });

  it("[R-CF019] edit scope SONGS checks only the pieces, NONE nothing", () => {
    const broken = { ...valid("K"), name: "", songs: [{ ...song("Marsch"), publisher: "" }, song("Suite")] };
    expect(validateCompetitionForm(broken, { mode: "edit", event: EVENT, scope: "SONGS" })).toEqual({ "songs.0.publisher": REQUIRED });
    expect(validateCompetitionForm(broken, { mode: "edit", event: EVENT, scope: "NONE" })).toEqual({});
    expect(validateCompetitionForm(broken, { mode: "edit", event: EVENT, scope: "ALL" }).name).toBe(REQUIRED);
  });

  it("[R-RO034] registration_manage sends documentsComplete and cancelledAt; nobody else does", () => {
    const v = { ...valid("K"), documentsComplete: true, cancelledAt: "2027-03-01T10:15" };
    expect(competitionInput(v, { mode: "edit", manage: true })).toMatchObject({ documentsComplete: true, cancelledAt: "2027-03-01T09:15:00.000Z" });
    expect(competitionInput({ ...v, cancelledAt: "" }, { mode: "edit", manage: true }).cancelledAt).toBeNull();
    const plain = competitionInput(v, { mode: "edit" });
    expect(plain).not.toHaveProperty("documentsComplete");
    expect(plain).not.toHaveProperty("cancelledAt");
    expect(check({ ...v, cancelledAt: "kein Datum" }, EVENT, "edit").cancelledAt).toBe("Bitte ein gültiges Datum eingeben");
  });

  it("only the level field of the type is sent", () => {
    expect(competitionInput({ ...valid("G"), category: "CAT_1" }, { mode: "create" })).toMatchObject({ category: null, ageGroup: "IA" });
    expect(competitionInput({ ...valid("K"), ageGroup: "II" }, { mode: "create" })).toMatchObject({ category: "CAT_6", ageGroup: null });
  });
});

describe("types offered per event (decision)", () => {
  it("[R-CF003] the types the event's competition locations list, in the order T, K, U, G, M, B", () => {
    expect(offeredTypes(EVENT)).toEqual(["T", "K", "U", "G", "M", "B"]);
    expect(offeredTypes({ locations: [HALL] })).toEqual(["T", "K", "U", "M"]);
    expect(offeredTypes({ locations: [CULTURE, { type: "COMPETITION", competitionTypes: ["K"] }] })).toEqual(["K", "G", "B"]);
  });

  it("[R-CF003] all six when no location lists a type; a stored type stays offered", () => {
    expect(offeredTypes({ locations: [] })).toEqual(["T", "K", "U", "G", "M", "B"]);
    expect(offeredTypes({ locations: [{ type: "COMPETITION", competitionTypes: [] }] })).toHaveLength(6);
    expect(offeredTypes({ locations: [CULTURE] }, "K")).toEqual(["K", "G", "B"]);
  });
});

describe("new form and texts", () => {
  it("a single own club is preselected; nothing else is filled", () => {
    expect(emptyCompetitionForm(["3"]).associationId).toBe("3");
    expect(emptyCompetitionForm(["3", "4"]).associationId).toBe("");
    expect(emptyCompetitionForm().songs).toHaveLength(4);
    expect(shownSongRows(null)).toBe(2);
  });

  it("[R-ST024][R-ST027] the dialog's texts", () => {
    expect(de["start.dialog.competitionTitle"]).toBe("Neue Wertungsspielanmeldung anlegen");
    expect(de["start.dialog.competitionSongs"]).toBe("Vortragsstücke");
    expect(de["start.dialog.submit"]).toBe("Absenden");
    expect(de["competitionForm.success.create"]).toBe("Wertungsspielanmeldung wurde erfolgreich angelegt");
    expect(de["competitionForm.success.update"]).toBe("Wertungsspielanmeldung aktualisiert");
    expect(de["error.competitionRegistration.create"]).toBe("Wertungsspielanmeldung kann nicht angelegt werden");
  });
});
