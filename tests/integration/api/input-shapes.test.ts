// Reads and writes in the same shape (server/src/graphql/sameShape.ts): every
// GraphQL input that names another object takes the global id the reads return, and a day the
// reads' Date scalar. Per changed input: the new spelling stores the same row as the deprecated
// one, which keeps working; a global id of another type, or both spellings with different values,
// is refused with VALIDATION at the new field and writes nothing. The filters of the lists:
// filter-shapes.test.ts.
import { isInputObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../../server/src/graphql/schema.ts";
import { MSG } from "../../../server/src/shared/messages.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, dexamEventWithLocations, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let dexam: { event: number; theory: number; practice: number };
let competition: number;
let hall: number;
let church: number;

const db = () => app.db.prisma;
type Answer = { data?: Record<string, any> | null; errors?: { message: string; extensions: { code: string; fields?: Record<string, string> } }[] };
const gql = async (query: string, variables: Record<string, unknown>, who: string) => (await app.gql(query, variables, t[who])).body as Answer;
const ok = (res: Answer) => {
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as Record<string, any>;
};
const refused = (res: Answer) => {
  expect(res.errors, JSON.stringify(res.data)).toHaveLength(1);
  return res.errors![0];
};
/** a stored row without what differs between two creates anyway */
const stored = (row: Record<string, unknown>, ...also: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !["id", "createdAt", "updatedAt", "version", ...also].includes(k)));

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await db().user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  dexam = await dexamEventWithLocations(db(), world.district1);
  const e = await db().event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Wertungsspiele",
      formType: "COMPETITION",
      locations: {
        create: [
          { name: "Halle", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K"] },
          { name: "Kirche", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K"] },
        ],
      },
    },
    include: { locations: { orderBy: { id: "asc" } } },
  });
  competition = e.id;
  [hall, church] = e.locations.map((l) => l.id);
});
afterAll(() => app.stop());

describe("the new fields: global ids and Date (schema)", () => {
  it("every input field, mutation argument and list filter named like an object id is deprecated beside its global-id field", () => {
    const deprecated: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isInputObjectType(type)) continue;
      for (const f of Object.values(type.getFields())) {
        // object ids are Int (database ids); a String named "…Id" is an outside identifier (vatId, creditorId: invoice seller data)
        if (!/Ids?$/.test(f.name) || !/^\[?Int/.test(String(f.type))) continue;
        expect(f.deprecationReason, `${type.name}.${f.name}`).toBeTruthy();
        const replacement = f.name.replace(/Id(s?)$/, "$1");
        expect(String(type.getFields()[replacement]?.type), `${type.name}.${replacement}`).toMatch(/^\[?ID/);
        deprecated.push(`${type.name}.${f.name}`);
      }
    }
    const fields = [...Object.values(schema.getMutationType()!.getFields()), ...Object.values(schema.getQueryType()!.getFields())];
    for (const field of fields)
      for (const a of field.args) {
        // revokeApiClient(id: Int): an ApiClient has no global id, its reads answer databaseId
        if (!/Ids?$/.test(a.name) || String(a.type).startsWith("ID") || String(a.type).startsWith("[ID")) continue;
        expect(a.deprecationReason, `${field.name}(${a.name})`).toBeTruthy();
        const replacement = a.name.replace(/Id(s?)$/, "$1");
        expect(String(field.args.find((b) => b.name === replacement)?.type), `${field.name}(${replacement})`).toMatch(/^\[?ID/);
        deprecated.push(`${field.name}(${a.name})`);
      }
    expect(deprecated.length).toBeGreaterThanOrEqual(32);
    // the filters of the lists (tests/integration/api/filter-shapes.test.ts)
    expect(deprecated).toEqual(expect.arrayContaining(["dexamResults(locationId)", "users(associationId)", "events(districtAssociationId)"]));
    const dexamInput = schema.getType("DexamRegistrationInput");
    if (!isInputObjectType(dexamInput)) throw new Error("DexamRegistrationInput");
    expect(String(dexamInput.getFields().dateOfBirth.type)).toBe("Date");
    expect(dexamInput.getFields().birthdate.deprecationReason).toMatch(/dateOfBirth/);
  });
});

const CREATE_DEXAM = `mutation($e: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $e, input: $input) { id databaseId version } }`;
const UPDATE_DEXAM = `mutation($id: ID!, $input: UpdateDexamRegistrationInput!) { updateDexamRegistration(id: $id, input: $input) { id version } }`;
const person = (lastname: string) => ({ firstname: "Lena", lastname, gender: "F", instrument: "CLARINET", type: "D2", gdprAccepted: true });
const oldDexam = (lastname: string, over: Record<string, unknown> = {}) => ({
  ...person(lastname),
  birthdate: "2012-04-05",
  associationId: world.club1,
  theoryLocationId: dexam.theory,
  practiceLocationId: dexam.practice,
  ...over,
});
const newDexam = (lastname: string, over: Record<string, unknown> = {}) => ({
  ...person(lastname),
  dateOfBirth: "2012-04-05",
  association: gid("Association", world.club1),
  theoryLocation: gid("EventLocation", dexam.theory),
  practiceLocation: gid("EventLocation", dexam.practice),
  ...over,
});
const dexamRow = async (id: number) => stored(await db().dexamRegistration.findUniqueOrThrow({ where: { id } }), "lastname");
const dexamCount = () => db().dexamRegistration.count();

describe("DexamRegistrationInput and UpdateDexamRegistrationInput", () => {
  it("a create with global ids and dateOfBirth stores the same row as one with the deprecated numeric ids and birthdate", async () => {
    const old = ok(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: oldDexam("Alt") }, "member")).createDexamRegistration;
    const neu = ok(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: newDexam("Neu") }, "member")).createDexamRegistration;
    expect(await dexamRow(neu.databaseId)).toEqual(await dexamRow(old.databaseId));
    expect((await dexamRow(neu.databaseId)).associationId).toBe(world.club1);
  });

  it("an update with the new fields (a location removed by null, another day) stores the same row as one with the old", async () => {
    const a = ok(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: oldDexam("UpdAlt") }, "member")).createDexamRegistration;
    const b = ok(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: newDexam("UpdNeu") }, "member")).createDexamRegistration;
    ok(
      await gql(
        UPDATE_DEXAM,
        { id: a.id, input: { ...oldDexam("UpdAlt", { birthdate: "2011-01-31", practiceLocationId: null }), version: a.version } },
        "member",
      ),
    );
    ok(
      await gql(
        UPDATE_DEXAM,
        { id: b.id, input: { ...newDexam("UpdNeu", { dateOfBirth: "2011-01-31", practiceLocation: null }), version: b.version } },
        "member",
      ),
    );
    const row = await dexamRow(b.databaseId);
    expect(row).toEqual(await dexamRow(a.databaseId));
    expect(row).toMatchObject({ practiceLocationId: null, birthdate: new Date("2011-01-31T00:00:00Z") });
  });

  it("both spellings with the same value are accepted; with different values VALIDATION at the new field, nothing stored", async () => {
    ok(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: newDexam("Beide", { associationId: world.club1, birthdate: "2012-04-05" }) }, "member"));
    const before = await dexamCount();
    const error = refused(
      await gql(
        CREATE_DEXAM,
        { e: gid("Event", dexam.event), input: newDexam("Widerspruch", { theoryLocationId: dexam.practice, birthdate: "2012-04-06" }) },
        "member",
      ),
    );
    expect(error.extensions.code).toBe("VALIDATION");
    expect(Object.keys(error.extensions.fields ?? {}).sort()).toEqual(["dateOfBirth", "theoryLocation"]);
    expect(error.extensions.fields?.theoryLocation).toMatch(/„theoryLocation“ und das veraltete „theoryLocationId“/);
    expect(await dexamCount()).toBe(before);
  });

  it("a global id of another type is VALIDATION at its field (the expected type named); a malformed one INVALID_ID; nothing stored", async () => {
    const before = await dexamCount();
    const wrong = refused(
      await gql(
        CREATE_DEXAM,
        {
          e: gid("Event", dexam.event),
          input: newDexam("Falsch", { association: gid("User", world.userIds.member), practiceLocation: gid("Event", dexam.event) }),
        },
        "member",
      ),
    );
    expect(wrong.extensions.code).toBe("VALIDATION");
    expect(wrong.extensions.fields).toEqual({
      association: "Erwartet wird die id eines Objekts vom Typ Association (Verein)",
      practiceLocation: "Erwartet wird die id eines Objekts vom Typ EventLocation (Veranstaltungsort)",
    });
    expect(wrong.message).toMatch(/^Ungültige Eingabe: Verein: Erwartet wird/);
    const malformed = refused(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: newDexam("Kaputt", { association: "Association:1" }) }, "member"));
    expect(malformed.extensions.code).toBe("INVALID_ID");
    expect(await dexamCount()).toBe(before);
  });

  it("the service's field messages name the field as it was sent (new spelling: the new name; old spelling: the old name)", async () => {
    // the practice location chosen as the theory location: a location of the wrong type
    const viaNew = refused(
      await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: newDexam("Ort", { theoryLocation: gid("EventLocation", dexam.practice) }) }, "member"),
    );
    expect(viaNew.extensions.code).toBe("VALIDATION");
    expect(Object.keys(viaNew.extensions.fields ?? {})).toEqual(["theoryLocation"]);
    const viaOld = refused(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: oldDexam("Ort", { theoryLocationId: dexam.practice }) }, "member"));
    expect(viaOld.extensions.fields).toEqual({ theoryLocationId: viaNew.extensions.fields?.theoryLocation });
    // neither spelling of a required field: the new name
    const { dateOfBirth: _d, association: _a, ...rest } = newDexam("Ohne");
    const missing = refused(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: rest }, "member"));
    expect(missing.extensions.fields).toMatchObject({ dateOfBirth: MSG.required, association: MSG.required });
    // a day the Date scalar reads but the rule refuses
    const future = refused(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: newDexam("Zukunft", { dateOfBirth: "2090-01-01" }) }, "member"));
    expect(Object.keys(future.extensions.fields ?? {})).toEqual(["dateOfBirth"]);
  });
});

describe("DexamTakeoverInput", () => {
  const TAKEOVER = `mutation($id: ID!, $input: DexamTakeoverInput!) { takeOverDexamPartialResult(id: $id, input: $input) { databaseId } }`;
  /** a registration whose theory part is passed and published */
  async function passedTheory(lastname: string) {
    const r = ok(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: oldDexam(lastname) }, "member")).createDexamRegistration;
    await db().dexamRegistration.update({ where: { id: r.databaseId }, data: { theoryPoints: 31.5, practicePoints: 20 } });
    await db().eventLocation.update({ where: { id: dexam.theory }, data: { publishResults: true } });
    return r.id as string;
  }

  it("a takeover naming the practice location by global id stores the same row as one with the deprecated practiceLocationId", async () => {
    const consent = { gdprAccepted: true };
    const a = ok(
      await gql(
        TAKEOVER,
        { id: await passedTheory("TakeAlt"), input: { eventId: gid("Event", dexam.event), practiceLocationId: dexam.practice, ...consent } },
        "member",
      ),
    ).takeOverDexamPartialResult;
    const b = ok(
      await gql(
        TAKEOVER,
        {
          id: await passedTheory("TakeNeu"),
          input: { eventId: gid("Event", dexam.event), practiceLocation: gid("EventLocation", dexam.practice), ...consent },
        },
        "member",
      ),
    ).takeOverDexamPartialResult;
    const rowB = await dexamRow(b.databaseId);
    expect(stored(rowB, "takenOverFromId")).toEqual(stored(await dexamRow(a.databaseId), "takenOverFromId"));
    expect(rowB).toMatchObject({ practiceLocationId: dexam.practice, theoryLocationId: null });
    const wrong = refused(
      await gql(
        TAKEOVER,
        { id: await passedTheory("TakeFalsch"), input: { eventId: gid("Event", dexam.event), practiceLocation: gid("Association", world.club1) } },
        "member",
      ),
    );
    expect(wrong.extensions).toMatchObject({ code: "VALIDATION", fields: { practiceLocation: expect.stringContaining("EventLocation") } });
  });
});

describe("CompetitionRegistrationInput and UpdateCompetitionRegistrationInput", () => {
  const CREATE = `mutation($e: ID!, $input: CompetitionRegistrationInput!) { createCompetitionRegistration(eventId: $e, input: $input) { id databaseId version } }`;
  const UPDATE = `mutation($id: ID!, $input: UpdateCompetitionRegistrationInput!) { updateCompetitionRegistration(id: $id, input: $input) { id } }`;
  const band = (name: string) => ({ name, type: "K", cast: "B", category: "CAT_4", conductorName: "Max Takt", numberOfMusicians: 40, gdprAccepted: true });
  const row = async (id: number) => stored(await db().competitionRegistration.findUniqueOrThrow({ where: { id } }), "name");

  it("create with association and an update moving it with location store the same rows as associationId and locationId", async () => {
    const a = ok(
      await gql(CREATE, { e: gid("Event", competition), input: { ...band("Alt"), associationId: world.club1 } }, "member"),
    ).createCompetitionRegistration;
    const b = ok(
      await gql(CREATE, { e: gid("Event", competition), input: { ...band("Neu"), association: gid("Association", world.club1) } }, "member"),
    ).createCompetitionRegistration;
    expect(await row(b.databaseId)).toEqual(await row(a.databaseId));
    // registration_manage moves both to the church
    const manager = "role:registration_manage";
    ok(await gql(UPDATE, { id: a.id, input: { ...band("Alt"), associationId: world.club1, locationId: church, version: a.version } }, manager));
    ok(
      await gql(
        UPDATE,
        { id: b.id, input: { ...band("Neu"), association: gid("Association", world.club1), location: gid("EventLocation", church), version: b.version } },
        manager,
      ),
    );
    expect(await row(b.databaseId)).toEqual(await row(a.databaseId));
    expect((await row(b.databaseId)).locationId).toBe(church);
    expect(church).not.toBe(hall);
  });

  it("a club id of another type and conflicting spellings are VALIDATION at the new fields", async () => {
    const before = await db().competitionRegistration.count();
    const wrong = refused(await gql(CREATE, { e: gid("Event", competition), input: { ...band("Falsch"), association: gid("Event", competition) } }, "member"));
    expect(wrong.extensions).toMatchObject({ code: "VALIDATION", fields: { association: expect.stringContaining("Association") } });
    const both = refused(
      await gql(
        CREATE,
        { e: gid("Event", competition), input: { ...band("Beide"), association: gid("Association", world.club1), associationId: world.club2 } },
        "member",
      ),
    );
    expect(both.extensions).toMatchObject({ code: "VALIDATION", fields: { association: expect.stringContaining("associationId") } });
    expect(await db().competitionRegistration.count()).toBe(before);
  });
});

describe("the inputs and arguments that name a district association", () => {
  it("createAssociation with districtAssociation stores the same club as with districtAssociationId", async () => {
    const CREATE = `mutation($input: CreateAssociationInput!) { createAssociation(input: $input) { databaseId } }`;
    const who = "role:association_manage";
    const a = ok(await gql(CREATE, { input: { name: "MV Alt", districtAssociationId: world.district1 } }, who)).createAssociation;
    const b = ok(await gql(CREATE, { input: { name: "MV Neu", districtAssociation: gid("DistrictAssociation", world.district1) } }, who)).createAssociation;
    const row = async (id: number) => stored(await db().association.findUniqueOrThrow({ where: { id } }), "name");
    expect(await row(b.databaseId)).toEqual(await row(a.databaseId));
    const neither = refused(await gql(CREATE, { input: { name: "MV Ohne" } }, who));
    expect(neither.extensions).toMatchObject({ code: "VALIDATION", fields: { districtAssociation: MSG.required } });
    const wrong = refused(await gql(CREATE, { input: { name: "MV Falsch", districtAssociation: gid("Association", world.club1) } }, who));
    expect(wrong.extensions).toMatchObject({ code: "VALIDATION", fields: { districtAssociation: expect.stringContaining("DistrictAssociation") } });
    expect(await db().association.count({ where: { name: { in: ["MV Ohne", "MV Falsch"] } } })).toBe(0);
  });

  it("createUser with districtAssociation stores the same user as with districtAssociationId", async () => {
    const CREATE = `mutation($input: CreateUserInput!) { createUser(input: $input) { databaseId } }`;
    const who = "role:user_manage";
    const person = (n: string) => ({ firstname: "Neu", lastname: n, email: `${n.toLowerCase()}@shape.example` });
    const a = ok(await gql(CREATE, { input: { ...person("Alt"), districtAssociationId: world.district1 } }, who)).createUser;
    const b = ok(await gql(CREATE, { input: { ...person("Neu"), districtAssociation: gid("DistrictAssociation", world.district1) } }, who)).createUser;
    const row = async (id: number) =>
      stored(await db().user.findUniqueOrThrow({ where: { id } }), "lastname", "email", "inviteCode", "inviteExpires", "invitedAt", "subject");
    expect(await row(b.databaseId)).toEqual(await row(a.databaseId));
    expect((await row(b.databaseId)).districtAssociationId).toBe(world.district1);
  });

  it("createApiClient with districtAssociation (admin: another district) stores the same client as with districtAssociationId", async () => {
    const CREATE = `mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { client { databaseId } } }`;
    const a = ok(await gql(CREATE, { input: { name: "Alt", roles: ["user_read"], districtAssociationId: world.district2 } }, "admin")).createApiClient;
    const b = ok(
      await gql(CREATE, { input: { name: "Neu", roles: ["user_read"], districtAssociation: gid("DistrictAssociation", world.district2) } }, "admin"),
    ).createApiClient;
    const row = async (id: number) => stored(await db().apiClient.findUniqueOrThrow({ where: { id } }), "name", "clientId", "secretHash");
    expect(await row(b.client.databaseId)).toEqual(await row(a.client.databaseId));
    expect((await row(b.client.databaseId)).districtAssociationId).toBe(world.district2);
  });

  it("createEvent(districtAssociation:) stores the same event as createEvent(districtAssociationId:); neither is VALIDATION", async () => {
    const input = (name: string) => ({
      name,
      formType: "DEXAM",
      editPhase: "NO_RESTRICTIONS",
      registrationDeadline: new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10),
      startPublishing: new Date(Date.now() - DAY).toISOString(),
      finishPublishing: new Date(Date.now() + 60 * DAY).toISOString(),
      privacyPolicy: "p",
    });
    const who = "role:event_manage";
    const OLD = `mutation($d: Int, $input: EventInput!) { createEvent(districtAssociationId: $d, input: $input) { databaseId } }`;
    const NEW = `mutation($d: ID, $input: EventInput!) { createEvent(districtAssociation: $d, input: $input) { databaseId } }`;
    const a = ok(await gql(OLD, { d: world.district1, input: input("Alt") }, who)).createEvent;
    const b = ok(await gql(NEW, { d: gid("DistrictAssociation", world.district1), input: input("Neu") }, who)).createEvent;
    const row = async (id: number) => stored(await db().event.findUniqueOrThrow({ where: { id } }), "name", "startPublishing", "finishPublishing");
    expect(await row(b.databaseId)).toEqual(await row(a.databaseId));
    const neither = refused(await gql(NEW, { input: input("Ohne") }, who));
    expect(neither.extensions).toMatchObject({ code: "VALIDATION", fields: { districtAssociation: MSG.required } });
    const both = refused(
      await gql(
        `mutation($input: EventInput!) { createEvent(districtAssociation: "${gid("DistrictAssociation", world.district1)}", districtAssociationId: ${world.district2}, input: $input) { id } }`,
        { input: input("Beide") },
        who,
      ),
    );
    expect(both.extensions).toMatchObject({ code: "VALIDATION", fields: { districtAssociation: expect.stringContaining("districtAssociationId") } });
    expect(await db().event.count({ where: { name: { in: ["Ohne", "Beide"] } } })).toBe(0);
  });
});

describe("the arguments that name clubs and locations", () => {
  it("setUserAssociations(associations:) stores the same clubs as associationIds; a wrong type is VALIDATION", async () => {
    const SET = `mutation($id: ID!, $new: [ID!], $old: [Int!]) { setUserAssociations(id: $id, associations: $new, associationIds: $old) { id } }`;
    const who = "role:user_manage";
    const user = gid("User", world.userIds.target);
    const clubs = async () => (await db().userAssociation.findMany({ where: { userId: world.userIds.target } })).map((r) => r.associationId);
    const extra = await db().association.create({ data: { name: "MV Drei", districtAssociationId: world.district1 } });
    ok(await gql(SET, { id: user, new: [gid("Association", world.club1), gid("Association", extra.id)] }, who));
    expect((await clubs()).sort()).toEqual([world.club1, extra.id].sort());
    ok(await gql(SET, { id: user, old: [world.club1] }, who));
    expect(await clubs()).toEqual([world.club1]);
    const wrong = refused(await gql(SET, { id: user, new: [gid("Association", extra.id), gid("User", world.userIds.target)] }, who));
    expect(wrong.extensions).toMatchObject({ code: "VALIDATION", fields: { associations: expect.stringContaining("Association") } });
    const neither = refused(await gql(SET, { id: user }, who));
    expect(neither.extensions).toMatchObject({ code: "VALIDATION", fields: { associations: MSG.required } });
    expect(await clubs()).toEqual([world.club1]);
  });

  it("setDexamTheoryResult and deleteDexamResult take the location's global id as the deprecated locationId", async () => {
    const SET_OLD = `mutation($r: ID!, $l: Int) { setDexamTheoryResult(registrationId: $r, locationId: $l, theoryPoints: 40) { theoryPoints } }`;
    const SET_NEW = `mutation($r: ID!, $l: ID) { setDexamTheoryResult(registrationId: $r, location: $l, theoryPoints: 41.5) { theoryPoints } }`;
    const DELETE = `mutation($r: ID!, $l: ID) { deleteDexamResult(registrationId: $r, location: $l) { theoryPoints } }`;
    const r = ok(await gql(CREATE_DEXAM, { e: gid("Event", dexam.event), input: oldDexam("Ergebnis") }, "member")).createDexamRegistration;
    const who = "role:results_manage";
    const points = async () => Number((await db().dexamRegistration.findUniqueOrThrow({ where: { id: r.databaseId } })).theoryPoints);
    ok(await gql(SET_OLD, { r: r.id, l: dexam.theory }, who));
    expect(await points()).toBe(40);
    ok(await gql(SET_NEW, { r: r.id, l: gid("EventLocation", dexam.theory) }, who));
    expect(await points()).toBe(41.5);
    // the service's message about the location names the field as sent
    const notTheory = refused(await gql(SET_NEW, { r: r.id, l: gid("EventLocation", dexam.practice) }, who));
    expect(notTheory.extensions).toMatchObject({ code: "VALIDATION", fields: { location: "Dieser Ort ist nicht der Theorieprüfungsort der Anmeldung" } });
    const wrongType = refused(await gql(DELETE, { r: r.id, l: gid("DexamRegistration", r.databaseId) }, who));
    expect(wrongType.extensions).toMatchObject({ code: "VALIDATION", fields: { location: expect.stringContaining("EventLocation") } });
    expect(await points()).toBe(41.5);
    expect(ok(await gql(DELETE, { r: r.id, l: gid("EventLocation", dexam.theory) }, who)).deleteDexamResult.theoryPoints).toBeNull();
  });
});
