// Input robustness: property-based tests with fast-check over the inputs of
// EVERY GraphQL mutation (the list comes from the schema, so a new mutation is covered without
// touching this file), the /v1 JSON bodies and the upload endpoints. Per call: no 500, no masked
// "Unexpected error.", no stack traces, German messages for the app's own error codes, and a
// rejected call changes nothing (a fingerprint of the tables before and after). Section 5 rules
// are proved for whole classes of invalid values, not single examples. Fixed seeds: a failure
// prints its seed and counterexample and replays the same way. The machinery (seeds, checks of an
// answer, fingerprint, generators) lives in tests/support/fuzz.ts, shared with http-fuzz.test.ts.

import fc from "fast-check";
import { strToU8, zipSync } from "fflate";
import type { GraphQLField } from "graphql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { schema } from "../../../server/src/graphql/schema.ts";
import { DEXAM_MSG, MSG, tooLong } from "../../../server/src/shared/messages.ts";
import { email as emailRule, emergencyPhone, postcode as postcodeRule, profilePhone, TEXT_LIMITS } from "../../../server/src/shared/validation.ts";
import { fillPracticeSheet, pcJurorWorkbook, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid as globalId } from "../../support/fixtures.ts";
import {
  argsArb,
  assertCleanGraphQL,
  assertCleanRest,
  dataUrl,
  documentFor,
  FINGERPRINT_SQL,
  type GenCtx,
  type GqlError,
  scenario as makeScenario,
  PAYLOADS,
  PDF,
  type Pools,
  runs,
  wildString,
} from "../../support/fuzz.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) tokens[name] = await app.token(sub);
  // the member may register (complete profile); their first request stamps lastActive before any fingerprint
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711555", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  for (const t of Object.values(tokens)) await app.gql("{ viewer { id } }", {}, t);
});
afterAll(() => app?.stop());

/** FUZZ_STATS=1 prints per mutation how its calls ended (to see that the generators reach past the first check); FUZZ_STATS=2 also each error */
const stats = { fingerprintMs: 0, callMs: 0, outcomes: new Map<string, Map<string, number>>() };
function count(label: string, outcome: string) {
  const m = stats.outcomes.get(label) ?? new Map<string, number>();
  m.set(outcome, (m.get(outcome) ?? 0) + 1);
  stats.outcomes.set(label, m);
}
afterAll(() => {
  if (!process.env.FUZZ_STATS) return;
  console.log(`fingerprints ${Math.round(stats.fingerprintMs)} ms, calls ${Math.round(stats.callMs)} ms`);
  for (const [label, m] of stats.outcomes) console.log(label.padEnd(45), [...m].map(([k, v]) => `${k}:${v}`).join(" "));
});

async function fingerprint(): Promise<Record<string, string>> {
  const t = performance.now();
  const [row] = await app.db.prisma.$queryRawUnsafe<Record<string, string>[]>(FINGERPRINT_SQL);
  stats.fingerprintMs += performance.now() - t;
  return row;
}

let seq = 0;
/** a fresh set of objects for one property (tests/support/fuzz.ts): whatever the fingerprint knew is stale then */
async function scenario(): Promise<Pools> {
  known = null;
  return makeScenario(app.db.prisma, world);
}

// ---------------------------------------------------------------------------------------------
// The properties

const MUTATIONS = Object.values(schema.getMutationType()?.getFields() ?? {});
/** removes or blocks what its ids name: never offered the principals' own districts and clubs */
const DESTRUCTIVE = /^(delete|deactivate|revoke)/;

/** A fresh copy of a principal (same roles, district, clubs): for deleteViewer, which removes the caller. */
async function copyOf(who: string): Promise<string> {
  known = null;
  const original = await app.db.prisma.user.findUniqueOrThrow({ where: { subject: world.subjects[who] }, include: { associations: true } });
  const copy = await app.db.prisma.user.create({
    data: {
      subject: `fuzz-copy-${++seq}`,
      email: `fuzz-copy${seq}@test.example`,
      firstname: "C",
      lastname: "C",
      roles: original.roles,
      districtAssociationId: original.districtAssociationId,
      lastActive: new Date(),
      phone: original.phone,
      street: original.street,
      postcode: original.postcode,
      city: original.city,
      associations: { create: original.associations.map((a) => ({ associationId: a.associationId })) },
    },
  });
  return app.token(copy.subject as string);
}

/** the fingerprint after the last checked call; null once anything else may have written */
let known: Record<string, string> | null = null;

/** Runs one GraphQL call; a rejected call must leave every table as it was. */
async function checkedCall(document: string, variables: Record<string, unknown>, token: string, label: string) {
  const before = known ?? (await fingerprint());
  const t = performance.now();
  const res = await app.gql(document, variables, token);
  stats.callMs += performance.now() - t;
  const errors = (res.body.errors ?? []) as GqlError[];
  if (process.env.FUZZ_STATS === "2" && errors.length) console.log(label.split(" ")[0], errors[0].extensions?.code, String(errors[0].message).slice(0, 200));
  count(
    /^mutation \w+(?:\([^)]*\))? \{ (\w+)/.exec(document)?.[1] ?? document.slice(0, 40),
    errors.length ? String(errors[0].extensions?.code ?? "graphql") : "ok",
  );
  assertCleanGraphQL(res, label);
  known = null;
  const after = await fingerprint();
  if (res.body.errors?.length) expect(after, `${label}: a rejected call changed data: ${JSON.stringify(res.body.errors)}`).toEqual(before);
  known = after;
  return res;
}

describe("every GraphQL mutation with arbitrary inputs", () => {
  it("the schema has mutations and each one is fuzzed below", () => {
    expect(MUTATIONS.length).toBeGreaterThan(30);
  });

  const RUNS = { admin: 30, member: 8 };
  for (const field of MUTATIONS) {
    const document = documentFor(field);
    for (const who of ["admin", "member"] as const) {
      it(`${field.name} as ${who} answers no 500, German messages, no partial writes`, async () => {
        const pools = await scenario();
        const ctx: GenCtx = { field, pools, destructive: DESTRUCTIVE.test(field.name) };
        const selfRemoving = ctx.destructive && /Viewer/.test(field.name);
        await fc.assert(
          fc.asyncProperty(argsArb(ctx), async (variables) => {
            const token = selfRemoving ? await copyOf(who) : tokens[who];
            await checkedCall(document, variables, token, `${field.name} as ${who} with ${JSON.stringify(variables).slice(0, 400)}`);
          }),
          runs(RUNS[who], 20261123 + field.name.length),
        );
      });
    }
  }

  it("variables of the wrong JSON type are refused before any resolver (no 500)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MUTATIONS),
        fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
        async (field, junk) => {
          const variables = Object.fromEntries(field.args.map((a, i) => [a.name, Object.values(junk)[i] ?? junk]));
          const token = DESTRUCTIVE.test(field.name) && /Viewer/.test(field.name) ? await copyOf("admin") : tokens.admin;
          await checkedCall(documentFor(field), variables, token, `${field.name} with junk ${JSON.stringify(variables).slice(0, 300)}`);
        },
      ),
      runs(60, 4242),
    );
  });
});

describe("every GraphQL query field with arbitrary arguments", () => {
  const QUERIES = Object.values(schema.getQueryType()?.getFields() ?? {}).filter((f) => f.args.length > 0);
  it("[R-API006] node(id:) and nodes(ids:) of a missing object answer null without an error, a malformed id INVALID_ID at its index; nodes(ids:) answers each object in order", async () => {
    for (const type of ["Event", "DexamRegistration", "User", "DistrictAssociation"]) {
      const one = await app.gql("query($id: ID!) { node(id: $id) { __typename } }", { id: globalId(type, 999_999_999) }, tokens.admin);
      expect(one.body, type).toEqual({ data: { node: null } });
      const present = globalId(type, (await scenario())[type]?.[0]?.id ?? world.district1);
      const ids = [globalId(type, 999_999_999), present, globalId(type, "abc"), globalId(type, 999_999_998)];
      const many = await app.gql("query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }", { ids }, tokens.admin);
      expect(many.body.data, type).toEqual({ nodes: [null, { __typename: type, id: present }, null, null] });
      // "abc" is no id the server encodes: an error at its index, the others load
      expect(many.body.errors?.map((e: { path?: unknown; extensions?: { code?: string } }) => [e.path, e.extensions?.code])).toEqual([
        [["nodes", 2], "INVALID_ID"],
      ]);
    }
    const pools = await scenario();
    const ids = [
      globalId("DexamRegistration", pools.DexamRegistration[0].id),
      globalId("DexamRegistration", pools.DexamRegistration[1].id),
      globalId("DistrictAssociation", world.district1),
      globalId("Event", pools.Event[0].id),
    ];
    const many = await app.gql("query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }", { ids }, tokens.admin);
    expect(many.body.data?.nodes.map((n: { id: string }) => n.id)).toEqual(ids);
    // several types selected only by __typename: the registration's access rule still sees its event
    const typenames = await app.gql("query($ids: [ID!]!) { nodes(ids: $ids) { __typename } }", { ids: [ids[2], ids[0], ids[3]] }, tokens.admin);
    expect(typenames.body).toEqual({ data: { nodes: [{ __typename: "DistrictAssociation" }, { __typename: "DexamRegistration" }, { __typename: "Event" }] } });
    // and a member of another club still gets null for the registration (the loaded event is checked)
    const other = await app.gql("query($ids: [ID!]!) { nodes(ids: $ids) { __typename } }", { ids: [ids[2], ids[0]] }, tokens.member2);
    expect(other.body.errors).toBeUndefined();
  });

  it("searches, filters and ids of every query answer no 500 and write nothing", async () => {
    const pools = await scenario();
    const byName = new Map(QUERIES.map((f) => [f.name, f]));
    const calls = fc.constantFrom(...byName.keys()).chain((name) =>
      fc.record({
        name: fc.constant(name),
        variables: argsArb({ field: byName.get(name) as GraphQLField<unknown, unknown>, pools, destructive: false }),
        who: fc.constantFrom("admin", "member", "role:user_read"),
      }),
    );
    await fc.assert(
      fc.asyncProperty(calls, async ({ name, variables, who }) => {
        const field = byName.get(name) as GraphQLField<unknown, unknown>;
        const document = documentFor(field).replace(/^mutation/, "query");
        const before = known ?? (await fingerprint());
        const res = await app.gql(document, variables, tokens[who]);
        assertCleanGraphQL(res, `${field.name} as ${who} with ${JSON.stringify(variables).slice(0, 400)}`);
        known = await fingerprint();
        expect(known, `${field.name}: a query changed data`).toEqual(before);
      }),
      runs(120, 88),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The German messages of spec section 5 for whole classes of invalid values

const VIEWER = "mutation($input: ProfileInput!) { updateViewer(input: $input) { id } }";
const validProfile = {
  firstname: "Vera",
  lastname: "Profil",
  email: "",
  phone: "+49711555",
  street: "Weg 1",
  postcode: "70173",
  city: "Stadt",
  country: "Deutschland",
};

/** an arbitrary non-blank string the rule rejects */
const violating = (rule: (v: unknown) => string | null) =>
  fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }), fc.constantFrom(...PAYLOADS)).filter(
    // U+0000 is refused before any rule (http/inputGuard.ts): covered by the fuzzing above
    (s) => s.trim() !== "" && !s.includes("\u0000") && rule(s) !== null,
  );

/** strings that are no date at all */
const violatingDate = fc
  .oneof(fc.constantFrom("2012-1-1", "01.01.2012", "2012/01/01", "heute", "20120101"), fc.string({ maxLength: 12 }))
  .filter((s) => s.trim() !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(s));

async function rejected(document: string, variables: Record<string, unknown>, token: string, field: string, message: string) {
  const res = await checkedCall(document, variables, token, `${field} = ${JSON.stringify(variables).slice(0, 300)}`);
  expect(res.body.errors?.[0]?.extensions?.code, JSON.stringify(res.body)).toBe("VALIDATION");
  expect((res.body.errors?.[0]?.extensions as { fields?: Record<string, string> })?.fields?.[field], JSON.stringify(res.body)).toBe(message);
}

describe("section 5 messages for arbitrary invalid values", () => {
  // a GraphQL update names the version it is based on (required); refused saves leave it as it is
  const versions = { member: 0, club1: 0 };
  beforeEach(async () => {
    versions.member = (await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.member } })).version;
    versions.club1 = (await app.db.prisma.association.findUniqueOrThrow({ where: { id: world.club1 } })).version;
  });
  it("[R-VA009][R-VA011] a profile phone without international prefix is refused with the German message", async () => {
    const email = "member@test.example";
    await fc.assert(
      fc.asyncProperty(violating(profilePhone), async (phone) => {
        await rejected(VIEWER, { input: { ...validProfile, version: versions.member, email, phone } }, tokens.member, "phone", MSG.profilePhone);
      }),
      runs(40, 9),
    );
  });

  it("[R-VA004][R-VA011] a postcode that does not end in digits is refused with the German message", async () => {
    await fc.assert(
      fc.asyncProperty(violating(postcodeRule), async (postcode) => {
        await rejected(
          VIEWER,
          { input: { ...validProfile, version: versions.member, email: "member@test.example", postcode } },
          tokens.member,
          "postcode",
          MSG.postcode,
        );
      }),
      runs(40, 4),
    );
  });

  it("[R-VA003][R-VA010] an e-mail without @ or dot is refused with the German message", async () => {
    await fc.assert(
      fc.asyncProperty(violating(emailRule), async (email) => {
        await rejected(VIEWER, { input: { ...validProfile, version: versions.member, email } }, tokens.member, "email", MSG.email);
      }),
      runs(40, 3),
    );
  });

  it("[R-VA016] a member editing their club gets the e-mail message for an invalid invoice e-mail", async () => {
    const doc = "mutation($id: ID!, $input: AssociationInput!) { updateAssociation(id: $id, input: $input) { id } }";
    await fc.assert(
      fc.asyncProperty(violating(emailRule), async (invoiceEmail) => {
        await rejected(
          doc,
          { id: globalId("Association", world.club1), input: { name: "MV Eins", invoiceEmail, version: versions.club1 } },
          tokens.member,
          "invoiceEmail",
          MSG.email,
        );
      }),
      runs(30, 16),
    );
  });

  it("[R-VA001][R-VA015] a blank club name is refused with the required message", async () => {
    const doc = "mutation($input: CreateAssociationInput!) { createAssociation(input: $input) { id } }";
    const blank = fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u3000"), maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(blank, async (name) => {
        await rejected(doc, { input: { districtAssociationId: world.district1, name } }, tokens.admin, "name", MSG.required);
      }),
      runs(25, 15),
    );
  });

  it("names and e-mail addresses longer than their TEXT_LIMITS length are refused with a German message (indexed columns)", async () => {
    const long = fc
      .oneof(
        fc.string({ minLength: 255, maxLength: 4000 }),
        fc.integer({ min: 255, max: 300_000 }).map((n) => "x".repeat(n)),
      )
      .filter((s) => [...s].length > TEXT_LIMITS.User.email && s.trim() !== "" && !s.includes("\u0000"));
    const club = "mutation($input: CreateAssociationInput!) { createAssociation(input: $input) { id } }";
    await fc.assert(
      fc.asyncProperty(long, fc.boolean(), async (text, asEmail) => {
        if (asEmail)
          await rejected(
            VIEWER,
            { input: { ...validProfile, version: versions.member, email: `${text}@example.de` } },
            tokens.member,
            "email",
            tooLong(TEXT_LIMITS.User.email),
          );
        else
          await rejected(club, { input: { districtAssociationId: world.district1, name: text } }, tokens.admin, "name", tooLong(TEXT_LIMITS.Association.name));
      }),
      runs(20, 200),
    );
  });

  describe("D-exam registration", () => {
    let pools: Pools;
    let dexamEvent: number;
    let campEvent: number;
    let theory: number;
    beforeAll(async () => {
      pools = await scenario();
      dexamEvent = pools.Event[0].id;
      campEvent = pools.Event[1].id;
      theory = pools.EventLocation[0].id;
    });
    const doc = "mutation($eventId: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $eventId, input: $input) { id } }";
    const base = () => ({
      firstname: "Kim",
      lastname: "Lang",
      birthdate: "2012-01-01",
      gender: "F",
      associationId: world.club1,
      instrument: "FLUTE",
      type: "D1",
      theoryLocationId: theory,
      gdprAccepted: true,
    });

    it("[R-DF001] a birthdate in the future, before 1900 or not a real day is refused with the German message", async () => {
      const future = fc.integer({ min: 1, max: 3_000_000 }).map((d) => new Date(Date.now() + d * 86400_000).toISOString().slice(0, 10));
      const notADay = fc
        .tuple(
          fc.oneof(fc.integer({ min: 1900, max: 2020 }), fc.integer({ min: 0, max: 1899 })),
          fc.integer({ min: 0, max: 99 }),
          fc.integer({ min: 0, max: 99 }),
        )
        .filter(([y, m, d]) => {
          const date = new Date(Date.UTC(2000, m - 1, d));
          date.setUTCFullYear(y);
          // no real day, or one before 1900 (year 0 does not exist in PostgreSQL)
          return y < 1900 || !(m >= 1 && m <= 12 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d);
        })
        .map(([y, m, d]) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
      await fc.assert(
        fc.asyncProperty(fc.oneof(future, notADay, violatingDate), async (birthdate) => {
          await rejected(doc, { eventId: globalId("Event", dexamEvent), input: { ...base(), birthdate } }, tokens.member, "birthdate", DEXAM_MSG.birthdate);
        }),
        runs(40, 12),
      );
    });

    it("[R-VA029] partial-result points off the 0.01 step are refused with the German message", async () => {
      const offStep = fc.double({ min: 0, max: 100, noNaN: true }).filter((p) => Math.abs(Math.round(p * 100) - p * 100) > 1e-6);
      await fc.assert(
        fc.asyncProperty(offStep, async (points) => {
          const partialResult = { type: "PRACTICE", districtAssociation: "KV", year: 2020, location: "Ort", points };
          await rejected(
            doc,
            { eventId: globalId("Event", dexamEvent), input: { ...base(), partialResult } },
            tokens.member,
            "partialResult.points",
            DEXAM_MSG.points,
          );
        }),
        runs(30, 29),
      );
    });

    it("[R-VA008][R-VA033] an emergency-contact phone that breaks the rule is refused with the German message", async () => {
      const theoryCamp = () => pools.EventLocation[3].id;
      await fc.assert(
        fc.asyncProperty(violating(emergencyPhone), async (phone) => {
          const camp = { mealRequest: "STANDARD", emergencyContacts: [{ name: "Mama", phone }] };
          const input = {
            ...base(),
            theoryLocationId: theoryCamp(),
            cancellationAccepted: true,
            camp,
            consentForm: { name: "e.pdf", dataUrl: dataUrl("application/pdf", PDF) },
          };
          await rejected(doc, { eventId: globalId("Event", campEvent), input }, tokens.member, "camp.emergencyContacts.0.phone", MSG.emergencyPhone);
        }),
        runs(30, 33),
      );
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Uploads: multipart (practice sheets, PC Juror) and data URLs (consent form, signature image)

describe("uploads with arbitrary bytes", () => {
  let pools: Pools;
  let blankSheet: { name: string; data: Uint8Array };
  let practiceLocation: number;
  let competitionEvent: number;
  beforeAll(async () => {
    pools = await scenario();
    practiceLocation = pools.EventLocation[1].id;
    competitionEvent = pools.Event[2].id;
    const zip = await app.rest("GET", `/v1/export/location/${practiceLocation}/dexam/blank_practice_sheets`, tokens.admin);
    const [name, data] = Object.entries(unzip(zip.raw))[0];
    blankSheet = { name, data };
  });

  const junkBytes = fc.oneof(
    fc.uint8Array({ maxLength: 2048 }),
    fc.constant(new Uint8Array()),
    // looks like a zip (local file header) and is not
    fc.uint8Array({ maxLength: 512 }).map((b) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...b])),
    // a real zip with (parts of) a workbook's entries and arbitrary content
    fc
      .dictionary(
        fc.constantFrom("[Content_Types].xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml", "xl/_rels/workbook.xml.rels", "docProps/app.xml", "a.txt"),
        fc.string({ maxLength: 60 }),
        { maxKeys: 4 },
      )
      .map((d) => zipSync(Object.fromEntries(Object.entries(d).map(([k, v]) => [k, strToU8(v)])))),
  );
  const fileName = fc.oneof(
    fc.constantFrom("Praxisbogen.xlsx", "x.xlsm", "x.pdf", "x.zip", "x", ".xlsx", "../../x.xlsx", "a\u0000b.xlsx", "ä😀.xlsx", "CON.xlsx"),
    fc.string({ maxLength: 30 }).map((s) => `${s}.xlsx`),
  );

  async function uploadChecked(url: string, field: string, files: { name: string; data: Uint8Array }[], label: string) {
    const before = await fingerprint();
    known = null;
    const res = await upload(app, url, tokens.admin, field, files);
    assertCleanRest(res, label);
    expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
    expect(await fingerprint(), `${label}: a rejected upload changed data`).toEqual(before);
  }

  it("[R-VA044][R-VA046] practice sheets: arbitrary bytes, truncated sheets and wrong names answer 4xx with a German message and store nothing", async () => {
    const truncated = fc
      .integer({ min: 0, max: 100 })
      .map((pct) => ({ name: blankSheet.name, data: blankSheet.data.slice(0, Math.floor((blankSheet.data.length * pct) / 101)) }));
    // the real (blank) sheet with a few bytes overwritten: a damaged zip, or a workbook damaged inside
    const damaged = fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }).map((flips) => {
      const data = blankSheet.data.slice();
      for (const [pos, value] of flips) data[pos % data.length] = value;
      return { name: blankSheet.name, data };
    });
    const files = fc.array(
      fc.oneof(
        fc.record({ name: fileName, data: junkBytes }),
        junkBytes.map((data) => ({ name: blankSheet.name, data })),
        truncated,
        damaged,
      ),
      { minLength: 1, maxLength: 3 },
    );
    await fc.assert(
      fc.asyncProperty(files, async (fs) => {
        await uploadChecked(
          `/v1/registration/dexam/location/${practiceLocation}/practice_sheets`,
          "files",
          fs,
          `practice sheets ${fs.map((f) => `${f.name}(${f.data.length})`)}`,
        );
      }),
      runs(40, 44),
    );
  });

  it("[R-VA044] practice sheets: a filled sheet with arbitrary points cell values never answers 500 nor writes on refusal", async () => {
    const points = fc.oneof(
      fc.double({ noNaN: true }),
      fc.string({ maxLength: 20 }),
      fc.constantFrom(null, true, -1, 101, 50.005, "50", "fünfzig"),
      fc.date({ noInvalidDate: true }),
    );
    await fc.assert(
      fc.asyncProperty(points, async (p) => {
        const filled = await fillPracticeSheet(blankSheet.data, p as never);
        const before = await fingerprint();
        known = null;
        const res = await upload(app, `/v1/registration/dexam/location/${practiceLocation}/practice_sheets`, tokens.admin, "files", [
          { name: blankSheet.name, data: filled },
        ]);
        assertCleanRest(res, `points ${String(p)}`);
        if (res.status >= 400) expect(await fingerprint()).toEqual(before);
      }),
      runs(20, 45),
    );
  });

  it("[R-VA045][R-VA046] PC Juror: arbitrary bytes, wrong extensions and odd workbooks answer 4xx with a German message and store nothing", async () => {
    const workbook = fc
      .tuple(
        fc.array(fc.constantFrom("Nr", "Name", "Verein", "Punkte", "Prädikat", "Anmeldung", "ID", "x"), { maxLength: 5 }),
        fc.array(fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.double({ noNaN: true }), fc.integer()), { maxLength: 5 }), { maxLength: 4 }),
      )
      .map(([h, rows]) => ({ h, rows }));
    const file = fc.oneof(
      fc.record({ name: fileName, data: junkBytes }),
      workbook.map((w) => ({ name: "Ergebnis.xlsm", data: w as unknown as Uint8Array, workbook: w })),
    );
    await fc.assert(
      fc.asyncProperty(file, async (f) => {
        const w = (f as { workbook?: { h: string[]; rows: unknown[][] } }).workbook;
        const data = w ? await pcJurorWorkbook(w.h, w.rows as never) : f.data;
        const before = await fingerprint();
        known = null;
        const res = await upload(app, `/v1/registration/competition/event/${competitionEvent}/pc_juror`, tokens.admin, "file", [{ name: f.name, data }]);
        assertCleanRest(res, `pc juror ${f.name}`);
        if (res.status >= 400) expect(await fingerprint(), "a rejected upload changed data").toEqual(before);
      }),
      runs(30, 46),
    );
  });

  it("[R-VA006][R-VA046] an upload without a file, with an empty body or not multipart answers 4xx with a German message", async () => {
    const before = await fingerprint();
    for (const url of [
      `/v1/registration/dexam/location/${practiceLocation}/practice_sheets`,
      `/v1/registration/competition/event/${competitionEvent}/pc_juror`,
    ]) {
      for (const payload of ["", "--x--\r\n", "not multipart"]) {
        for (const contentType of ["multipart/form-data; boundary=x", "multipart/form-data", "application/json", "text/plain", "application/octet-stream"]) {
          known = null;
          const res = await app.fastify.inject({
            method: "POST",
            url,
            headers: { "content-type": contentType, authorization: `Bearer ${tokens.admin}` },
            payload,
          });
          let body: unknown = res.body;
          try {
            body = res.json();
          } catch {}
          assertCleanRest({ status: res.statusCode, body }, `${url} ${contentType} ${JSON.stringify(payload)}`);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
        }
      }
      known = null;
      const wrongField = await upload(app, url, tokens.admin, "other", [{ name: "a.xlsx", data: new Uint8Array([1]) }]);
      assertCleanRest(wrongField, `${url} wrong field`);
      expect(wrongField.status).toBeGreaterThanOrEqual(400);
    }
    expect(await fingerprint()).toEqual(before);
  });

  const anyDataUrl = fc.oneof(
    fc
      .tuple(fc.constantFrom("application/pdf", "image/png", "image/jpeg", "image/heic", "text/plain", "", "application/x-msdownload"), junkBytes)
      .map(([m, b]) => dataUrl(m, b)),
    fc.tuple(fc.constantFrom("application/pdf", "image/png"), fc.string({ maxLength: 40 })).map(([m, s]) => `data:${m};base64,${s}`),
    wildString,
  );

  it("[R-VA005][R-VA007] consent form: arbitrary data URLs and names are refused with a German message and store nothing", async () => {
    const campEvent = pools.Event[1].id;
    const theory = pools.EventLocation[3].id;
    const doc = "mutation($eventId: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $eventId, input: $input) { id } }";
    await fc.assert(
      fc.asyncProperty(anyDataUrl, fileName, async (url, name) => {
        const input = {
          firstname: "Kim",
          lastname: "Lager",
          birthdate: "2012-01-01",
          gender: "F",
          associationId: world.club1,
          instrument: "FLUTE",
          type: "D1",
          theoryLocationId: theory,
          gdprAccepted: true,
          cancellationAccepted: true,
          healthConsentAccepted: true,
          camp: { mealRequest: "STANDARD", emergencyContacts: [{ name: "Mama", phone: "+49711555" }] },
          consentForm: { name, dataUrl: url },
        };
        const res = await checkedCall(doc, { eventId: globalId("Event", campEvent), input }, tokens.member, `consent form ${name}`);
        expect(["VALIDATION", "BAD_REQUEST"], JSON.stringify(res.body).slice(0, 300)).toContain(res.body.errors?.[0]?.extensions?.code);
        // and the same over /v1
        const before = await fingerprint();
        known = null;
        const rest = await app.rest("POST", "/v1/registration/dexam", tokens.member, {
          event_id: campEvent,
          firstname: "Kim",
          lastname: "Lager",
          birthdate: "2012-01-01",
          gender: "f",
          association_id: world.club1,
          instrument: "Flute",
          type: "D1",
          theory_location_id: theory,
          gdpr_accepted: true,
          cancellation_accepted: true,
          health_consent_accepted: true,
          camp_extension: { meal_request: "standard", emergency_contact: [{ name: "Mama", phone: "+49711555" }] },
          file_upload: url,
          file_upload_name: name,
        });
        assertCleanRest(rest, `/v1 consent form ${name}`);
        expect(rest.status).toBeGreaterThanOrEqual(400);
        expect(await fingerprint()).toEqual(before);
      }),
      runs(30, 57),
    );
  });

  it("[R-VA005][R-VA007] signature image: arbitrary data URLs are refused with a German message and store nothing", async () => {
    const district = pools.DistrictAssociation[1].id;
    const doc = "mutation($id: ID!, $input: UpdateDistrictAssociationInput!) { updateDistrictAssociation(id: $id, input: $input) { id } }";
    const { version } = await app.db.prisma.districtAssociation.findUniqueOrThrow({ where: { id: district } });
    const input = { name: "KV Fuzz", iamRef: "fuzz", gdprLink: "https://e.test/g", impressLink: "https://e.test/i", version };
    await fc.assert(
      fc.asyncProperty(
        anyDataUrl.filter((u) => u !== ""),
        async (signatureImage) => {
          const res = await checkedCall(doc, { id: globalId("DistrictAssociation", district), input: { ...input, signatureImage } }, tokens.admin, "signature");
          expect(["VALIDATION", "BAD_REQUEST"], JSON.stringify(res.body).slice(0, 300)).toContain(res.body.errors?.[0]?.extensions?.code);
          const before = await fingerprint();
          known = null;
          const rest = await app.rest("PUT", "/v1/districtassociation", tokens.admin, {
            id: district,
            name: "KV Fuzz",
            iam_ref: "fuzz",
            gdpr_link: "https://e.test/g",
            impress_link: "https://e.test/i",
            file_upload: signatureImage,
          });
          assertCleanRest(rest, "/v1 signature");
          expect(rest.status).toBeGreaterThanOrEqual(400);
          expect(await fingerprint()).toEqual(before);
        },
      ),
      runs(30, 58),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// /v1: arbitrary JSON bodies on every changing JSON route

/** the object type a /v1 path's ids name (user ids never "0", the caller) */
const REST_TYPES: [RegExp, string][] = [
  [/^\/v1\/user/, "User"],
  [/^\/v1\/districtassociation/, "DistrictAssociation"],
  [/^\/v1\/association/, "Association"],
  [/^\/v1\/event\/location/, "EventLocation"],
  [/^\/v1\/event/, "Event"],
  [/^\/v1\/registration\/dexam\/:registrationId\/location/, "DexamRegistration"],
  [/^\/v1\/registration\/dexam/, "DexamRegistration"],
  [/^\/v1\/registration\/competition/, "CompetitionRegistration"],
];

describe("/v1 changing routes with arbitrary JSON bodies", () => {
  it("every POST/PUT/DELETE /v1 route answers < 500 with the error envelope, and a refusal writes nothing", async () => {
    const pools = await scenario();
    const routes = app.routes
      .filter((r) => /^(POST|PUT|DELETE) \/v1\//.test(r))
      .filter((r) => !/practice_sheets|pc_juror/.test(r))
      .map((r) => r.split(" ") as [string, string]);
    expect(routes.length).toBeGreaterThan(15);
    const idOf = (type: string | undefined) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...(pools[type ?? "Event"] ?? pools.Event).filter((r) => !r.protected).map((r) => String(r.id))) },
        { weight: 1, arbitrary: fc.constantFrom("-1", "abc", "1e3", "99999999999999999999", "%00", "999999999") },
      );
    const call = fc.constantFrom(...routes).chain(([method, route]) => {
      const type = REST_TYPES.find(([re]) => re.test(route))?.[1];
      const keys = [
        "name",
        "event_id",
        "association_id",
        "email",
        "firstname",
        "birthdate",
        "type",
        "version",
        "file_upload",
        "songs",
        "cancelled_at",
        "theory_points",
        "category",
        "roles",
      ];
      const body = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc
          .record(
            {
              id: idOf(type).map(Number),
              rest: fc.dictionary(fc.constantFrom(...keys), fc.oneof(fc.jsonValue({ maxDepth: 2 }), wildString), { maxKeys: 8 }),
            },
            { requiredKeys: ["rest"] },
          )
          .map(({ id, rest }) => ({ ...rest, ...(id === undefined ? {} : { id }) })),
      );
      return fc.record({ method: fc.constant(method), route: fc.constant(route), a: idOf(type), b: idOf("EventLocation"), payload: body });
    });
    await fc.assert(
      fc.asyncProperty(call, async ({ method, route, a, b, payload }) => {
        const url = route.replace(/:\w+/, a).replace(/:\w+/, b);
        const before = await fingerprint();
        known = null;
        const res = await app.rest(method, url, tokens.admin, method === "DELETE" ? undefined : payload);
        assertCleanRest(res, `${method} ${url} ${JSON.stringify(payload).slice(0, 300)}`);
        if (res.status >= 400) expect(await fingerprint(), `${method} ${url}: a rejected call changed data`).toEqual(before);
      }),
      runs(120, 77),
    );
  });
});
