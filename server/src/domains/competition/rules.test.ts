import { describe, expect, it } from "vitest";
import type { CompetitionType } from "../../generated/prisma/client.ts";
import {
  ageGroupsFor,
  CATEGORIES,
  type CompetitionInput,
  castsFor,
  changeType,
  competitionResultsVisible,
  competitionRowActions,
  competitionSongsComplete,
  formatDuration,
  memberLines,
  parseDuration,
  songRowsFor,
  validateCompetition,
} from "./rules.ts";

const event = { cancellationConditions: null };
const song = { name: "Pflichtstück", composer: "K", publisher: "V", duration: 300 };
const base: CompetitionInput = { name: "Gruppe", associationId: 1, conductorName: "D", numberOfMusicians: 12, gdprAccepted: true };

/** a valid registration for each type: what the type needs and nothing it does not allow */
const VALID: Record<CompetitionType, CompetitionInput> = {
  T: { ...base, type: "T", cast: "B", category: "CAT_2" },
  K: { ...base, type: "K", cast: "JB", category: "CAT_6" },
  U: { ...base, type: "U", cast: "SL", category: "CAT_1" },
  M: { ...base, type: "M", cast: "B", category: "CAT_5" },
  G: { ...base, type: "G", cast: "E", ageGroup: "IA", members: "Anna Alt\nBen Bass" },
  B: { ...base, type: "B", cast: "BG", ageGroup: "II" },
};

describe("competition registration rules, per type", () => {
  it.each(Object.keys(VALID) as CompetitionType[])("[R-VA037][R-VA038][R-VA039] type %s: the valid form passes; every required field is required", (type) => {
    const v = VALID[type];
    expect(validateCompetition(v, event, "create")).toEqual({});
    for (const f of ["name", "associationId", "cast", "conductorName", "numberOfMusicians"] as const)
      expect(validateCompetition({ ...v, [f]: null }, event, "create")[f], f).toBe("Dieses Feld ist ein Pflichtfeld");
    const level = type === "B" || type === "G" ? "ageGroup" : "category";
    expect(validateCompetition({ ...v, [level]: null }, event, "create")[level]).toBe("Dieses Feld ist ein Pflichtfeld");
    const other = level === "ageGroup" ? { category: "CAT_1" as const } : { ageGroup: "II" as const };
    expect(Object.keys(validateCompetition({ ...v, ...other }, event, "create"))).toEqual([Object.keys(other)[0]]);
  });

  it("[R-CF004][R-EN033][R-EN032] the casts follow the type", () => {
    for (const t of ["B", "G"] as const) expect(castsFor(t)).toEqual(["S", "SK", "E", "BG", "P"]);
    for (const t of ["T", "K", "U", "M"] as const) expect(castsFor(t)).toEqual(["B", "JB", "SL"]);
    expect(validateCompetition({ ...VALID.K, cast: "S" }, event, "create").cast).toBe("Diese Besetzung passt nicht zum Wertungsspieltyp");
    expect(validateCompetition({ ...VALID.G, cast: "JB" }, event, "create").cast).toBe("Diese Besetzung passt nicht zum Wertungsspieltyp");
  });

  it("[R-EN035][R-EN034][R-CF005][R-CF006] age groups IA..VI for G, II..VI for B; categories 1..6", () => {
    expect(ageGroupsFor("G")).toEqual(["IA", "IB", "II", "III", "IV", "V", "VI"]);
    expect(ageGroupsFor("B")).toEqual(["II", "III", "IV", "V", "VI"]);
    expect(ageGroupsFor("K")).toEqual([]);
    expect(validateCompetition({ ...VALID.B, ageGroup: "IA" }, event, "create").ageGroup).toBe("Diese Altersgruppe passt nicht zum Wertungsspieltyp");
    expect(CATEGORIES).toHaveLength(6);
  });

  it("[R-VA041][R-CF009] type G needs a member list, one participant per line", () => {
    expect(validateCompetition({ ...VALID.G, members: " \n \n" }, event, "create").members).toBe("Dieses Feld ist ein Pflichtfeld");
    expect(memberLines("Anna\r\n\n  Ben  \n")).toEqual(["Anna", "Ben"]);
    expect(validateCompetition({ ...VALID.K, members: null }, event, "create").members).toBeUndefined();
  });

  it("[R-CF011] changing the type clears category, cast and age group", () => {
    expect(changeType(VALID.K, "G")).toMatchObject({ type: "G", category: null, cast: null, ageGroup: null, name: "Gruppe" });
    expect(changeType(VALID.K, "K")).toBe(VALID.K);
  });

  it("[R-CF015][R-CF016][R-BC010][R-VA040] two song rows, four for B and G; composer, publisher and duration once a name is filled", () => {
    for (const t of ["T", "K", "U", "M"] as const) expect(songRowsFor(t)).toBe(2);
    for (const t of ["B", "G"] as const) expect(songRowsFor(t)).toBe(4);
    const e = validateCompetition({ ...VALID.K, songs: [{ name: "Marsch" }, {}] }, event, "create");
    expect(e).toEqual({
      "songs.0.composer": "Dieses Feld ist ein Pflichtfeld",
      "songs.0.publisher": "Dieses Feld ist ein Pflichtfeld",
      "songs.0.duration": "Dieses Feld ist ein Pflichtfeld",
    });
    expect(validateCompetition({ ...VALID.K, songs: [{ ...song, arranger: null }] }, event, "create")).toEqual({});
    expect(validateCompetition({ ...VALID.K, songs: [song, song, song] }, event, "create")["songs.2.name"]).toBe(
      "Für diesen Wertungsspieltyp gibt es nur zwei Vortragsstücke",
    );
    expect(validateCompetition({ ...VALID.G, songs: [song, song, song, song] }, event, "create")).toEqual({});
    expect(validateCompetition({ ...VALID.K, songs: [{ ...song, duration: 0 }] }, event, "create")["songs.0.duration"]).toBe(
      "Bitte eine Dauer zwischen 00:01 und 60:00 eingeben",
    );
  });

  it("[R-CF017] songs may come later: the songs status is complete only when every shown row is filled", () => {
    expect(competitionSongsComplete({ type: "K", songs: [] })).toBe(false);
    expect(competitionSongsComplete({ type: "K", songs: [song, song] })).toBe(true);
    expect(competitionSongsComplete({ type: "G", songs: [song, song] })).toBe(false);
    expect(competitionSongsComplete({ type: "G", songs: [song, song, song, song] })).toBe(true);
  });

  it("[R-CF018] durations are entered as mm:ss and stored in seconds", () => {
    expect(parseDuration("04:30")).toBe(270);
    expect(parseDuration("4:05")).toBe(245);
    expect(parseDuration("4:75")).toBeNull();
    expect(parseDuration("abc")).toBeNull();
    expect(formatDuration(270)).toBe("04:30");
  });

  it("[R-CF012][R-CF013] consents as for D-exams: privacy always, cancellation terms when the event has them, in create mode", () => {
    expect(validateCompetition({ ...VALID.K, gdprAccepted: false }, event, "create").gdprAccepted).toBe("Dieses Feld ist ein Pflichtfeld");
    expect(validateCompetition(VALID.K, { cancellationConditions: "Storno" }, "create").cancellationAccepted).toBe("Dieses Feld ist ein Pflichtfeld");
    expect(validateCompetition({ ...VALID.K, gdprAccepted: false }, event, "edit")).toEqual({});
  });

  it("a location chosen by registration_manage is one of the event's; without a choice none is checked", () => {
    const withLocations = { cancellationConditions: null, locations: [{ id: 3 }, { id: 4 }] };
    expect(validateCompetition({ ...VALID.K, locationId: 4 }, withLocations, "edit")).toEqual({});
    expect(validateCompetition({ ...VALID.K, locationId: null }, withLocations, "edit")).toEqual({});
    expect(validateCompetition({ ...VALID.K, locationId: 9 }, withLocations, "edit")).toEqual({
      locationId: "Dieser Ort gehört nicht zu dieser Veranstaltung",
    });
  });

  it("[R-RE021] competition results show once every location publishes; staff always", () => {
    expect(competitionResultsVisible(false, [{ publishResults: true }, { publishResults: false }])).toBe(false);
    expect(competitionResultsVisible(false, [{ publishResults: true }, { publishResults: true }])).toBe(true);
    expect(competitionResultsVisible(false, [])).toBe(false);
    expect(competitionResultsVisible(true, [{ publishResults: false }])).toBe(true);
  });

  it("[R-RO021][R-RO022] delete for user_manage or phase NoRestrictions, otherwise cancel", () => {
    const member = { manager: false, userManager: false, clubMember: true };
    expect(competitionRowActions({ cancelledAt: null, editPhase: "NO_RESTRICTIONS" }, member)).toMatchObject({ delete: true, cancel: false });
    expect(competitionRowActions({ cancelledAt: null, editPhase: "SONGS_ONLY" }, member)).toMatchObject({ edit: "SONGS", delete: false, cancel: true });
    expect(competitionRowActions({ cancelledAt: null, editPhase: "NONE" }, { ...member, userManager: true })).toMatchObject({ delete: true });
    // registration_manage without user_manage: edits everything, but deletes only in NoRestrictions
    expect(competitionRowActions({ cancelledAt: null, editPhase: "NONE" }, { manager: true, userManager: false, clubMember: false })).toMatchObject({
      edit: "ALL",
      delete: false,
      cancel: true,
      manage: true,
    });
  });

  it("a cancelled competition registration: registration_manage deletes it (erasure on request), user_manage and the club do not", () => {
    const cancelled = { cancelledAt: new Date(), editPhase: "NONE" as const };
    expect(competitionRowActions(cancelled, { manager: true, userManager: false, clubMember: false })).toMatchObject({ delete: true, cancel: false });
    expect(competitionRowActions(cancelled, { manager: false, userManager: true, clubMember: true })).toMatchObject({ delete: false, cancel: false });
  });
});
