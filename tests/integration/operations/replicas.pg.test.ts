// PostgreSQL only (the PostgreSQL pass): two real server processes (server/src/main.ts) on one
// fresh database, behind a round-robin proxy that sends each request to the other replica than
// the one before. Nothing a request needs lives in one process: the embedded
// provider's sessions, interactions, codes, signing and cookie keys, the start-page version, the
// files, the records' versions and the rate-limit counters are all in PostgreSQL; the automatic
// deletion runs once across both (its advisory lock). Prints the timings of each step.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/src/db/client.ts";
import { hashPassword } from "../../../server/src/idp/passwords.ts";
import { freePort } from "../../support/app.ts";
import { testDatabase } from "../../support/db.ts";
import { expiredEvent, gid } from "../../support/fixtures.ts";
import { startServerProcess } from "../../support/serverProcess.ts";
import { signInForToken, viewerEmail } from "../../support/signin.ts";

const RATE_LIMIT = 5;
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const pngUrl = `data:image/png;base64,${PNG.toString("base64")}`;
const DISTRICT = "mutation($id: ID!, $input: UpdateDistrictAssociationInput!) { updateDistrictAssociation(id: $id, input: $input) { name version } }";

type Replica = ReturnType<typeof startServerProcess> & { base: string };
let url: string;
let dir: string;
let replicas: Replica[] = [];
let proxy: http.Server;
let proxyBase: string;
/** which replica (0, 1) answered each request through the proxy, in order */
const served: { replica: number; path: string }[] = [];
const timings: [string, number][] = [];
let districtId: number;
let expiredEventId: number;
let heldLock: pg.Client;

async function timed<T>(step: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    timings.push([step, Math.round(performance.now() - start)]);
  }
}

/** The round-robin balancer: each request to the next replica; every byte passed on unchanged. */
function roundRobin(ports: number[]) {
  let next = 0;
  return http.createServer((req, res) => {
    const replica = next++ % ports.length;
    served.push({ replica, path: (req.url ?? "").split("?")[0] });
    const upstream = http.request({ host: "127.0.0.1", port: ports[replica], method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(upstream);
  });
}

async function gql(base: string, token: string | null, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; errors?: { message: string; extensions?: { code?: string } }[] } };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "anm-replicas-"));
  const db = await testDatabase();
  url = db.url;
  const district = await db.prisma.districtAssociation.create({
    data: { name: "KV Replika", iamRef: "kv-replika", gdprLink: "https://e.test/d", impressLink: "https://e.test/i" },
  });
  districtId = district.id;
  for (const [email, roles] of [
    ["admin@replika.example", ["admin"]],
    ["mitglied@replika.example", []],
  ] as const) {
    await db.prisma.user.create({
      data: {
        email,
        firstname: "R",
        lastname: "Eplika",
        roles: [...roles],
        districtAssociationId: district.id,
        passwordHash: await hashPassword("sicher-2026"),
      },
    });
  }
  const expired = await expiredEvent(db.prisma, district.id);
  expiredEventId = expired.id;
  await db.close();
  // The expired event's row is locked by "a third party" while the replicas start: the replica that
  // takes the expiry lease waits at its delete, so the other one's round certainly overlaps it.
  heldLock = new pg.Client({ connectionString: url });
  await heldLock.connect();
  await heldLock.query("BEGIN");
  await heldLock.query(`SELECT id FROM "Event" WHERE id = $1 FOR UPDATE`, [expiredEventId]);
}, 120_000);

afterAll(async () => {
  await heldLock?.end().catch(() => {});
  for (const r of replicas) if (r.child.exitCode === null) r.child.kill("SIGTERM");
  await Promise.all(replicas.map((r) => r.exited));
  await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`Replica test timings (ms):\n${timings.map(([step, ms]) => `  ${step.padEnd(58)} ${String(ms).padStart(6)}`).join("\n")}`);
}, 60_000);

describe("two replicas on one PostgreSQL database", () => {
  it("[R-EV006] start together on a fresh database (keys created once), and the automatic deletion runs once across both", async () => {
    const ports = [await freePort(), await freePort()];
    const proxyPort = await freePort();
    proxyBase = `http://127.0.0.1:${proxyPort}`;
    const dataKey = crypto.randomBytes(32).toString("base64");
    replicas = ports.map((port, i) =>
      Object.assign(
        startServerProcess({
          PATH: process.env.PATH,
          DATABASE_URL: url,
          DATA_ENCRYPTION_KEY: dataKey,
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_URL: proxyBase, // both are the one service behind the balancer
          DATA_DIR: path.join(dir, `data-${i}`), // no shared disk
          STATIC_DIR: ".tmp/no-client",
          RATE_LIMIT_MUTATIONS: String(RATE_LIMIT),
          DATABASE_WAIT_SECONDS: "0",
          LOG_LEVEL: "info",
        }),
        { base: `http://127.0.0.1:${port}` },
      ),
    );
    proxy = roundRobin(ports);
    await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));

    const skipped = /Automatische Löschung: ein anderer Server führt sie gerade aus/;
    await timed("start-up until one replica skips the held expiry round", async () => {
      await Promise.race(replicas.map((r) => r.waitFor(skipped, 90_000)));
    });
    await heldLock.query("COMMIT"); // the holder of the lease deletes now
    await timed("both replicas up after the lock is released", () => Promise.all(replicas.map((r) => r.waitFor(/Anmeldesystem läuft/, 90_000))));

    const outputs = replicas.map((r) => r.output());
    const deleted = /Automatische Löschung: 1 Veranstaltung\(en\)/;
    expect(outputs.filter((o) => skipped.test(o)).length, outputs.join("\n----\n")).toBe(1);
    expect(outputs.filter((o) => deleted.test(o)).length, outputs.join("\n----\n")).toBe(1);
    const check = await openDatabase(url, { migrate: false });
    try {
      expect(await check.prisma.event.count({ where: { id: expiredEventId } })).toBe(0);
      expect(await check.prisma.auditEntry.count({ where: { action: "expire", entity: "Event", entityId: expiredEventId } })).toBe(1);
      // one data-key check value, one signing key and one cookie key, although both replicas started on an empty database at once
      expect((await check.prisma.serverSecret.findMany({ select: { name: true }, orderBy: { name: "asc" } })).map((s) => s.name)).toEqual([
        "data-key.check",
        "oidc.cookie-key",
        "oidc.signing-key",
      ]);
    } finally {
      await check.close();
    }
  }, 240_000);

  let admin: string;
  it("[R-AU001] a sign-in through the embedded provider whose requests alternate between the replicas works, and its token is accepted by both", async () => {
    const from = served.length;
    admin = await timed("sign-in through the proxy (authorize, login, token)", () => signInForToken(proxyBase, "admin@replika.example", "sicher-2026"));
    const steps = served.slice(from);
    // consecutive requests of the flow landed on different replicas; authorize, login and token among them
    for (let i = 1; i < steps.length; i++) expect(steps[i].replica).not.toBe(steps[i - 1].replica);
    expect(steps.map((s) => s.path)).toEqual(expect.arrayContaining(["/oidc/auth", "/oidc/token"]));
    expect(steps.some((s) => /^\/oidc\/interaction\/[\w-]+\/login$/.test(s.path))).toBe(true);
    for (const r of replicas) expect(await viewerEmail(r.base, admin)).toBe("admin@replika.example");
  }, 120_000);

  it("[R-API025] a write on one replica shows at once on the other: start page (districts, events), file upload, record version", async () => {
    const [a, b] = replicas;
    const reader = await signInForToken(proxyBase, "mitglied@replika.example", "sicher-2026");
    const names = async (base: string) => {
      const res = await gql(base, reader, "{ districtAssociations { name } }");
      expect(res.body.data, JSON.stringify(res.body)).toBeTruthy();
      return ((res.body.data ?? {}).districtAssociations as { name: string }[]).map((d) => d.name);
    };
    expect(await names(b.base)).toEqual(["KV Replika"]); // b's shared start-page answer is made
    const input = { name: "KV Replika neu", iamRef: "kv-replika", gdprLink: "https://e.test/d", impressLink: "https://e.test/i", signatureImage: pngUrl };
    const saved = await timed("write on replica A (name and signature image)", () =>
      gql(a.base, admin, DISTRICT, { id: gid("DistrictAssociation", districtId), input: { ...input, version: 1 } }),
    );
    expect(saved.body.data?.updateDistrictAssociation).toEqual({ name: "KV Replika neu", version: 2 });
    expect(await timed("read on replica B", () => names(b.base))).toEqual(["KV Replika neu"]);
    // an event created on A is on B's start page at once (B's shared start-page answer made before)
    const today = new Date().toISOString().slice(0, 10);
    const startPage = async (base: string) => {
      const res = await gql(base, reader, "query StartEventsQuery($from: Date!) { events(from: $from, first: 100) { edges { node { name } } } }", {
        from: today,
      });
      expect(res.body.data, JSON.stringify(res.body)).toBeTruthy();
      return ((res.body.data ?? {}).events as { edges: { node: { name: string } }[] }).edges.map((e) => e.node.name);
    };
    expect(await startPage(b.base)).toEqual([]);
    const day = 86400_000;
    const created = await gql(a.base, admin, "mutation($d: Int!, $input: EventInput!) { createEvent(districtAssociationId: $d, input: $input) { id } }", {
      d: districtId,
      input: {
        name: "Frühjahrsprüfung",
        formType: "DEXAM",
        editPhase: "NO_RESTRICTIONS",
        registrationDeadline: new Date(Date.now() + 30 * day).toISOString().slice(0, 10),
        startPublishing: new Date(Date.now() - day).toISOString(),
        finishPublishing: new Date(Date.now() + 60 * day).toISOString(),
        privacyPolicy: "Datenschutz",
      },
    });
    expect(created.body.errors, JSON.stringify(created.body)).toBeUndefined();
    expect(await timed("start page on replica B after a create on A", () => startPage(b.base))).toEqual(["Frühjahrsprüfung"]);

    // the uploaded file, read through the other replica
    const image = await gql(b.base, admin, "{ districtAssociations { signatureImage } }");
    expect(((image.body.data ?? {}).districtAssociations as { signatureImage: string }[])[0].signatureImage).toBe(pngUrl);

    // two saves based on the same version, one on each replica at once: one wins, the other is CONFLICT
    const both = await timed("two saves of version 2 at once, one per replica", () =>
      Promise.all(
        [a, b].map((r, i) =>
          gql(r.base, admin, DISTRICT, { id: gid("DistrictAssociation", districtId), input: { ...input, name: `KV Replika ${i}`, version: 2 } }),
        ),
      ),
    );
    const won = both.filter((r) => r.body.data?.updateDistrictAssociation);
    const lost = both.filter((r) => r.body.errors?.[0].extensions?.code === "CONFLICT");
    expect(won, JSON.stringify(both)).toHaveLength(1);
    expect(lost, JSON.stringify(both)).toHaveLength(1);
    const winner = ((won[0].body.data ?? {}).updateDistrictAssociation as { name: string; version: number }).name;
    for (const r of replicas) expect(await names(r.base)).toEqual([winner]);
  }, 120_000);

  it("[R-ER004] the mutation limit holds across both replicas: alternating, the limit passes once in all, not once per replica", async () => {
    const member = await signInForToken(proxyBase, "mitglied@replika.example", "sicher-2026");
    const mutation = `mutation { deleteDexamRegistration(id: "${gid("DexamRegistration", 999999)}") }`;
    const answers = await timed(`${2 * RATE_LIMIT} mutations alternating between the replicas`, async () => {
      const out: { replica: number; code?: string; status: number }[] = [];
      for (let i = 0; i < 2 * RATE_LIMIT; i++) {
        const res = await gql(replicas[i % 2].base, member, mutation);
        out.push({ replica: i % 2, status: res.status, code: res.body.errors?.[0].extensions?.code });
      }
      return out;
    });
    const limited = answers.filter((x) => x.code === "RATE_LIMITED");
    expect(
      answers.slice(0, RATE_LIMIT).every((x) => x.code !== "RATE_LIMITED"),
      JSON.stringify(answers),
    ).toBe(true);
    expect(limited, JSON.stringify(answers)).toHaveLength(RATE_LIMIT);
    expect(limited.every((x) => x.status === 429)).toBe(true);
    expect(new Set(limited.map((x) => x.replica))).toEqual(new Set([0, 1])); // both replicas refuse
  }, 120_000);
});
