// Competition registrations (Wertungsspiele) through GraphQL and /v1: the server rules of spec
// sections 4 and 5 and the result visibility rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionWireBody, DAY, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let event: number;
let hall: number;
let church: number;
const gql = async (query: string, variables: Record<string, unknown>, token: string) => (await app.gql(query, variables, token)).body as any;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" };
  await app.db.prisma.user.updateMany({ where: { id: { in: [world.userIds.member, world.userIds.member2] } }, data: complete });
  const e = await app.db.prisma.event.create({
    data: {
      name: "Wertungsspiele",
      districtAssociationId: world.district1,
      formType: "COMPETITION",
      registrationDeadline: new Date(Date.now() + 30 * DAY),
      startPublishing: new Date(Date.now() - DAY),
      finishPublishing: new Date(Date.now() + 90 * DAY),
      privacyPolicy: "p",
      cancellationConditions: "Storno kostet",
      locations: {
        create: [
          { name: "Stadthalle", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K", "T", "U", "M"] },
          { name: "Kirche", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["G", "B"] },
        ],
      },
    },
    include: { locations: true },
  });
  event = e.id;
  hall = e.locations.find((l) => l.name === "Stadthalle")!.id;
  church = e.locations.find((l) => l.name === "Kirche")!.id;
});
afterAll(() => app.stop());

const chamber = (over: Record<string, unknown> = {}) => ({
  event_id: event,
  name: "Holzbläserquartett",
  association_id: world.club1,
  type: "G",
  cast: "E",
  age_group: "III",
  conductor_name: "Doris Dirigent",
  number_of_musicians: 4,
  members: "Anna Alt\nBen Bass\nCarla Cello\nDirk Dur",
  gdpr_accepted: true,
  cancellation_accepted: true,
  songs: [
    { name: "Quartett Nr. 1", composer: "Danzi", publisher: "Verlag A", duration: 420 },
    { name: "Suite", composer: "Mozart", publisher: "Verlag B", arranger: "X", duration: 300 },
    { name: "Divertimento", composer: "Haydn", publisher: "Verlag C", duration: 240 },
    { name: "Tango", composer: "Piazzolla", publisher: "Verlag D", duration: 200 },
  ],
  ...over,
});
const concert = (over: Record<string, unknown> = {}) => competitionWireBody(event, world.club1, over);

describe("competition registrations", () => {
  it("[R-API046][R-CF001][R-CF009][R-CF016] a member registers a type G chamber ensemble with four pieces and a member list", async () => {
    const res = await app.rest("POST", "/v1/registration/competition", t.member, chamber());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      type: "G",
      cast: "E",
      age_group: "III",
      category: null,
      members: "Anna Alt\nBen Bass\nCarla Cello\nDirk Dur",
      songs_complete: true,
      documents_complete: false,
      location_id: church,
      result: { points: null, mark: null },
    });
    expect(res.body.songs[1]).toEqual({ name: "Suite", composer: "Mozart", publisher: "Verlag B", arranger: "X", duration: 300 });
  });

  it("[R-CF015][R-CF017][R-API047] a type K orchestra registers without pieces and adds its two pieces later", async () => {
    const res = await app.rest("POST", "/v1/registration/competition", t.member, concert());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ category: 4, age_group: null, songs_complete: false, location_id: hall });
    const songs = [
      { name: "Pflichtstück", composer: "A", publisher: "V", duration: 360 },
      { name: "Selbstwahl", composer: "B", publisher: "W", duration: 480 },
    ];
    const later = await app.rest("PUT", "/v1/registration/competition", t.member, { ...res.body, songs });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.songs_complete).toBe(true);
    const third = await app.rest("PUT", "/v1/registration/competition", t.member, { ...later.body, songs: [...songs, songs[0]] });
    expect(third.body.error.fields["songs.2.name"]).toBe("Für diesen Wertungsspieltyp gibt es nur zwei Vortragsstücke");
  });

  it("[R-VA037][R-VA041][R-CF011] the server rejects a type G without members and a category with a type G; nothing is stored", async () => {
    const before = await app.db.prisma.competitionRegistration.count();
    const noMembers = await app.rest("POST", "/v1/registration/competition", t.member, chamber({ members: "" }));
    expect(noMembers.status).toBe(400);
    expect(noMembers.body.error.fields.members).toBe("Dieses Feld ist ein Pflichtfeld");
    const mixed = await app.rest("POST", "/v1/registration/competition", t.member, chamber({ category: 2 }));
    expect(mixed.body.error.fields.category).toBe("Für diesen Wertungsspieltyp gibt es keine Kategorie");
    const wrongCast = await app.rest("POST", "/v1/registration/competition", t.member, concert({ cast: "S" }));
    expect(wrongCast.body.error.fields.cast).toBe("Diese Besetzung passt nicht zum Wertungsspieltyp");
    expect(await app.db.prisma.competitionRegistration.count()).toBe(before);
  });

  it("[R-RO014][R-RO016][R-API044] members see their clubs' registrations, registration staff the district's; other tenants nothing", async () => {
    const mine = await app.rest("GET", `/v1/registrations/event/${event}/competition`, t.member);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((r: any) => r.association_id === world.club1)).toBe(true);
    expect((await app.rest("GET", `/v1/registrations/event/${event}/competition`, t.member2)).body).toEqual([]);
    expect((await app.rest("GET", `/v1/registrations/event/${event}/competition`, t.staff2)).body).toEqual([]);
    expect((await app.rest("GET", `/v1/registrations/event/${event}/competition`, t["role:registration_read"])).body).toHaveLength(mine.body.length);
    const id = mine.body[0].id;
    expect((await app.rest("GET", `/v1/registration/competition/${id}`, t.member2)).status).toBe(404);
    expect((await gql("query($id: ID!) { node(id: $id) { id } }", { id: gid("CompetitionRegistration", id) }, t.member2)).data.node).toBeNull();
    expect((await app.rest("PUT", "/v1/registration/competition", t.member2, concert({ id }))).status).toBe(404);
    expect((await app.rest("DELETE", `/v1/registration/competition/${id}`, t.member2)).status).toBe(404);
    const search = await gql(
      "query($e: ID!, $s: String) { competitionRegistrations(eventId: $e, search: $s, first: 10) { totalCount edges { node { name } } } }",
      { e: gid("Event", event), s: "quartett" },
      t.member,
    );
    expect(search.data.competitionRegistrations.edges.map((e: any) => e.node.name)).toEqual(["Holzbläserquartett"]);
  });

  it("[R-RO034][R-RP014] documents_complete and the cancellation date change only with registration_manage", async () => {
    const r = (await app.rest("POST", "/v1/registration/competition", t.member, concert({ name: "Unterlagen" }))).body;
    expect((await app.rest("PUT", "/v1/registration/competition", t.member, { ...r, documents_complete: true })).status).toBe(403);
    const ok = await app.rest("PUT", "/v1/registration/competition", t["role:registration_manage"], { ...r, documents_complete: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.documents_complete).toBe(true);
    const cancelled = await app.rest("PUT", "/v1/registration/competition", t.member, { ...ok.body, cancelled_at: new Date().toISOString() });
    expect(cancelled.body.cancelled_at).not.toBeNull();
    expect((await app.rest("PUT", "/v1/registration/competition", t.member, { ...cancelled.body, cancelled_at: null })).status).toBe(403);
    expect((await app.rest("DELETE", `/v1/registration/competition/${r.id}`, t.member)).status).toBe(409);
    const back = await app.rest("PUT", "/v1/registration/competition", t["role:registration_manage"], { ...cancelled.body, cancelled_at: null });
    expect(back.body.cancelled_at).toBeNull();
  });

  it("[R-RO021][R-RO022][R-EV015][R-API045] in SongsOnly members change only songs and cancel; user_manage still deletes", async () => {
    const r = (await app.rest("POST", "/v1/registration/competition", t.member, concert({ name: "Phasen" }))).body;
    await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "SONGS_ONLY" } });
    try {
      const renamed = await app.rest("PUT", "/v1/registration/competition", t.member, {
        ...r,
        name: "Neuer Name",
        songs: [{ name: "Stück", composer: "A", publisher: "V", duration: 60 }],
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.name).toBe("Phasen");
      expect(renamed.body.songs[0].name).toBe("Stück");
      expect((await app.rest("DELETE", `/v1/registration/competition/${r.id}`, t.member)).status).toBe(409);
      const flags = await gql(
        "query($id: ID!) { node(id: $id) { ... on CompetitionRegistration { viewerCan { edit delete cancel } } } }",
        { id: gid("CompetitionRegistration", r.id) },
        t.member,
      );
      expect(flags.data.node.viewerCan).toEqual({ edit: "SONGS", delete: false, cancel: true });
      // admin holds user_manage everywhere: deletes in any phase
      expect((await app.rest("DELETE", `/v1/registration/competition/${r.id}`, t.admin)).status).toBe(204);
    } finally {
      await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "NO_RESTRICTIONS" } });
    }
  });

  it("[R-RE021][R-RO017] points and mark show once every location of the event publishes results; staff always", async () => {
    const r = (await app.rest("POST", "/v1/registration/competition", t.member, concert({ name: "Ergebnis" }))).body;
    await app.db.prisma.competitionRegistration.update({ where: { id: r.id }, data: { points: 88.5, mark: "mit sehr gutem Erfolg" } });
    const read = async (who: string) =>
      (await gql("query($id: ID!) { node(id: $id) { ... on CompetitionRegistration { points mark } } }", { id: gid("CompetitionRegistration", r.id) }, t[who]))
        .data.node;
    expect(await read("member")).toEqual({ points: null, mark: null });
    expect(await read("role:registration_read")).toEqual({ points: 88.5, mark: "mit sehr gutem Erfolg" });
    await app.db.prisma.eventLocation.update({ where: { id: hall }, data: { publishResults: true } });
    expect(await read("member")).toEqual({ points: null, mark: null });
    await app.db.prisma.eventLocation.update({ where: { id: church }, data: { publishResults: true } });
    expect(await read("member")).toEqual({ points: 88.5, mark: "mit sehr gutem Erfolg" });
    expect((await app.rest("GET", `/v1/registration/competition/${r.id}`, t.member)).body.result).toEqual({ points: 88.5, mark: "mit sehr gutem Erfolg" });
    await app.db.prisma.eventLocation.updateMany({ where: { eventId: event }, data: { publishResults: false } });
  });

  it("[R-ST030] after the deadline only registration_manage registers; GraphQL create works like /v1", async () => {
    await app.db.prisma.event.update({ where: { id: event }, data: { registrationDeadline: new Date(Date.now() - DAY) } });
    try {
      expect((await app.rest("POST", "/v1/registration/competition", t.member, concert())).status).toBe(409);
      const created = await gql(
        "mutation($e: ID!, $input: CompetitionRegistrationInput!) { createCompetitionRegistration(eventId: $e, input: $input) { name type cast category location { name } } }",
        {
          e: gid("Event", event),
          input: {
            name: "Nachmeldung",
            associationId: world.club1,
            type: "T",
            cast: "SL",
            category: "CAT_1",
            conductorName: "D",
            numberOfMusicians: 20,
            gdprAccepted: true,
            cancellationAccepted: true,
          },
        },
        t["role:registration_manage"],
      );
      expect(created.data.createCompetitionRegistration).toEqual({
        name: "Nachmeldung",
        type: "T",
        cast: "SL",
        category: "CAT_1",
        location: { name: "Stadthalle" },
      });
    } finally {
      await app.db.prisma.event.update({ where: { id: event }, data: { registrationDeadline: new Date(Date.now() + 30 * DAY) } });
    }
  });

  it("[R-RO018] no lost updates: a save based on an old version is refused and changes nothing", async () => {
    const r = (await app.rest("POST", "/v1/registration/competition", t.member, concert({ name: "Gleichzeitig" }))).body;
    expect((await app.rest("PUT", "/v1/registration/competition", t["role:registration_manage"], { ...r, conductor_name: "Büro" })).body.version).toBe(2);
    const stale = await app.rest("PUT", "/v1/registration/competition", t.member, { ...r, conductor_name: "Verein" });
    expect(stale.status).toBe(409);
    expect((await app.rest("GET", `/v1/registration/competition/${r.id}`, t.member)).body.conductor_name).toBe("Büro");
  });
});
