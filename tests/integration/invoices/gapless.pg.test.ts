// PostgreSQL only: gapless invoice numbers under concurrent issuing from two replicas (two apps,
// each with its own connection pool, on one database). The issuing transaction locks the district's
// counter row first, so concurrent issuers wait for each other: every number of the year appears
// once, none is skipped, and an event issued from both replicas at once bills each club once.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/src/db/client.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { dexamRegistration, pastDexamEvent, SELLER } from "./world.ts";

let a: TestApp;
let b: TestApp;
let world: World;
const tokens: string[] = [];
const CLUBS = 5;
const clubs: number[] = [];
const year = new Date().getFullYear();

beforeAll(async () => {
  const dataKey = crypto.randomBytes(32);
  a = await startTestApp({ dataKey });
  b = await startTestApp({ dataKey, db: { ...(await openDatabase(a.db.url, { migrate: false })), url: a.db.url } });
  world = await createWorld(a.db.prisma);
  tokens.push(await a.token(world.subjects["role:invoice_manage"] as string), await b.token(world.subjects["role:invoice_manage"] as string));
  await a.db.prisma.invoiceSeller.create({ data: { districtAssociationId: world.district1, ...SELLER } });
  for (let i = 0; i < CLUBS; i++)
    clubs.push((await a.db.prisma.association.create({ data: { name: `Verein ${i}`, districtAssociationId: world.district1 } })).id);
}, 120_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

async function billableEvent(name: string) {
  const id = await pastDexamEvent(a.db.prisma, world.district1, name);
  for (const c of clubs) await dexamRegistration(a.db.prisma, id, c);
  return id;
}

const ISSUE = "mutation($e: ID!) { issueInvoices(event: $e) { number } }";
async function issue(app: TestApp, token: string, event: number): Promise<string[]> {
  const res = await app.gql(ISSUE, { e: gid("Event", event) }, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data.issueInvoices.map((i: { number: string }) => i.number);
}

describe("gapless numbers on two replicas", { timeout: 300_000 }, () => {
  it("four events issued at once, two on each replica: every number once, none skipped", async () => {
    const events = [];
    for (let i = 0; i < 4; i++) events.push(await billableEvent(`Abrechnung ${i}`));
    const results = await Promise.all(events.map((e, i) => (i % 2 ? issue(b, tokens[1] as string, e) : issue(a, tokens[0] as string, e))));
    for (const numbers of results) expect(numbers).toHaveLength(CLUBS);
    const all = results.flat().sort();
    expect(all).toEqual(Array.from({ length: 4 * CLUBS }, (_, i) => `${year}-${String(i + 1).padStart(5, "0")}`));
  });

  it("one event issued from both replicas at once bills each club once, and the numbers go on without a gap", async () => {
    const event = await billableEvent("Doppelt");
    const [x, y] = await Promise.all([issue(a, tokens[0] as string, event), issue(b, tokens[1] as string, event)]);
    expect([x.length, y.length].sort()).toEqual([0, CLUBS]);
    const rows = await a.db.prisma.invoice.findMany({ where: { eventId: event } });
    expect(new Set(rows.map((r) => r.associationId)).size).toBe(CLUBS);
    const numbers = (await a.db.prisma.invoice.findMany({ where: { districtAssociationId: world.district1 }, select: { number: true } }))
      .map((r) => r.number)
      .sort();
    expect(numbers).toEqual(Array.from({ length: 5 * CLUBS }, (_, i) => `${year}-${String(i + 1).padStart(5, "0")}`));
    const counter = await a.db.prisma.invoiceCounter.findUniqueOrThrow({
      where: { districtAssociationId_year: { districtAssociationId: world.district1, year } },
    });
    expect(counter.last).toBe(5 * CLUBS);
  });
});
