// Webhooks (domains/webhooks, docs/decisions.md "Webhooks"): endpoints of a district association
// get the chosen event types of its changes from the outbox the change's trigger writes, signed per
// Standard Webhooks (checked by the standardwebhooks package at a real HTTP receiver), retried with
// backoff, given up, redelivered, disabled after repeated failure with a mail to the creator, and
// never sent to inner addresses unless allowed (after DNS resolution; redirects not followed).
import http from "node:http";
import type net from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DISABLE_AFTER_FAILURES, MAX_ATTEMPTS, webhookSender } from "../../../server/src/domains/webhooks/sender.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { createWorld, type World } from "../../support/principals.ts";

type Received = { headers: http.IncomingHttpHeaders; body: string };
let app: TestApp;
let world: World;
let receiver: http.Server;
let base: string;
const received: Received[] = [];
/** the statuses the receiver answers, in turn; 200 once they are used up */
let answers: number[] = [];
let staff: string;

beforeAll(async () => {
  app = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "1" } });
  world = await createWorld(app.db.prisma);
  staff = await app.token(world.subjects["role:user_manage"]);
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      const status = answers.shift() ?? 200;
      res.writeHead(status, status === 302 ? { location: `${base}/elsewhere` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  if (receiver) await new Promise((resolve) => receiver.close(resolve));
  await app?.stop();
});
beforeEach(() => {
  received.length = 0;
  answers = [];
});

const CREATE = `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { databaseId enabled eventTypes } } }`;

async function endpoint(eventTypes: string[], path = "/hook"): Promise<{ id: number; secret: string }> {
  const res = await app.gql(CREATE, { input: { url: `${base}${path}`, eventTypes, description: "Buchhaltung" } }, staff);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const created = res.body.data.createWebhookEndpoint;
  expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  return { id: created.endpoint.databaseId, secret: created.secret };
}

const clubIn = (districtAssociationId: number, name: string) => app.db.prisma.association.create({ data: { name, districtAssociationId } });

describe("webhooks", () => {
  it("posts the district's chosen changes after commit, signed so that standardwebhooks verifies them", async () => {
    const { id, secret } = await endpoint(["association.created", "association.deleted"]);
    const club = await clubIn(world.district1, "MV Haken");
    await clubIn(world.district2, "MV Anderswo");
    await app.db.prisma.association.update({ where: { id: club.id }, data: { name: "MV Haken 2" } });
    await app.db.prisma.association.delete({ where: { id: club.id } });
    // a rolled-back change writes nothing
    await expect(
      app.db.prisma.$transaction(async (tx) => {
        await tx.association.create({ data: { name: "MV Nie", districtAssociationId: world.district1 } });
        throw new Error("zurück");
      }),
    ).rejects.toThrow("zurück");
    expect(await app.services.webhooks.flush()).toBe(2);
    expect(received).toHaveLength(2);
    const wh = new Webhook(secret);
    const payloads = received.map((r) => wh.verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
    expect(payloads.map((p) => p.type)).toEqual(["association.created", "association.deleted"]);
    expect(payloads[0].data).toEqual({ entity: "association", id: club.id, operation: "created", version: 1 });
    // another secret does not verify
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(received[0].body, received[0].headers as Record<string, string>),
    ).toThrow();
    // the delivery log
    const log = await app.gql(`{ webhookEndpoints { databaseId deliveries { eventType state attempts lastStatus } } }`, {}, staff);
    const mine = log.body.data.webhookEndpoints.find((w: { databaseId: number }) => w.databaseId === id);
    expect(mine.deliveries).toEqual([
      { eventType: "association.deleted", state: "DELIVERED", attempts: 1, lastStatus: 200 },
      { eventType: "association.created", state: "DELIVERED", attempts: 1, lastStatus: 200 },
    ]);
    await app.gql(`mutation($id: Int!) { deleteWebhookEndpoint(id: $id) }`, { id }, staff);
  });

  it("a rotated secret signs beside the previous one, so receivers holding either verify", async () => {
    const { id, secret: old } = await endpoint(["association.created"]);
    const rotated = await app.gql(`mutation($id: Int!) { rotateWebhookSecret(id: $id) { secret endpoint { previousSecretValidUntil } } }`, { id }, staff);
    const fresh = rotated.body.data.rotateWebhookSecret.secret as string;
    expect(fresh).not.toBe(old);
    expect(rotated.body.data.rotateWebhookSecret.endpoint.previousSecretValidUntil).not.toBeNull();
    await clubIn(world.district1, "MV Gedreht");
    await app.services.webhooks.flush();
    const [r] = received;
    expect(String(r.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const s of [old, fresh]) expect(new Webhook(s).verify(r.body, r.headers as Record<string, string>)).toMatchObject({ type: "association.created" });
    await app.gql(`mutation($id: Int!) { deleteWebhookEndpoint(id: $id) }`, { id }, staff);
  });

  it("retries with a doubling backoff, gives up after the last attempt, and redelivers with the same webhook-id", async () => {
    const { id } = await endpoint(["association.created"]);
    let now = new Date("2027-03-01T10:00:00Z");
    const sender = webhookSender({
      prisma: app.db.prisma,
      dataKey: app.services.dataKey,
      retrySeconds: 30,
      allowPrivate: true,
      now: () => now,
      auto: false,
      log: () => {},
    });
    try {
      await clubIn(world.district1, "MV Später");
      await app.db.prisma.webhookDelivery.updateMany({ where: { endpointId: id }, data: { nextAttemptAt: now } });
      answers = [500, 503];
      expect(await sender.flush()).toBe(0);
      const [d] = await app.db.prisma.webhookDelivery.findMany({ where: { endpointId: id } });
      expect(d).toMatchObject({ attempts: 1, lastStatus: 500, lastError: "Antwort 500", nextAttemptAt: new Date("2027-03-01T10:00:30Z") });
      now = new Date("2027-03-01T10:00:20Z");
      expect(await sender.flush()).toBe(0);
      expect(received).toHaveLength(1);
      now = new Date("2027-03-01T10:00:30Z");
      await sender.flush();
      expect(await app.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({
        attempts: 2,
        nextAttemptAt: new Date("2027-03-01T10:01:30Z"),
      });
      now = new Date("2027-03-01T10:01:30Z");
      expect(await sender.flush()).toBe(1);
      expect(await app.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({ consecutiveFailures: 0 });
      expect(new Set(received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([`msg_${d.id}`]));

      // the last attempt fails: given up
      await app.db.prisma.webhookDelivery.update({ where: { id: d.id }, data: { deliveredAt: null, attempts: MAX_ATTEMPTS - 1, nextAttemptAt: now } });
      answers = [500];
      await sender.flush();
      const failed = await app.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } });
      expect(failed.failedAt).not.toBeNull();
      now = new Date("2027-03-02T10:00:00Z");
      expect(await sender.flush()).toBe(0);
      // redelivery from the log
      const again = await app.gql(`mutation($id: Int!) { redeliverWebhook(id: $id) { state attempts } }`, { id: d.id }, staff);
      expect(again.body.data.redeliverWebhook).toEqual({ state: "PENDING", attempts: 0 });
      received.length = 0;
      now = new Date();
      expect(await sender.flush()).toBe(1);
      expect(received.map((r) => r.headers["webhook-id"])).toEqual([`msg_${d.id}`]);
    } finally {
      await sender.close();
      await app.gql(`mutation($id: Int!) { deleteWebhookEndpoint(id: $id) }`, { id }, staff);
    }
  });

  it("disables an endpoint after repeated failure and mails its creator; enabling it again resumes", async () => {
    const { id } = await endpoint(["association.created"]);
    await app.db.prisma.webhookEndpoint.update({ where: { id }, data: { consecutiveFailures: DISABLE_AFTER_FAILURES - 1 } });
    await clubIn(world.district1, "MV Kaputt");
    answers = [500];
    await app.services.webhooks.flush();
    const w = await app.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(w.disabledAt).not.toBeNull();
    expect(w.disabledReason).toContain(`${DISABLE_AFTER_FAILURES} fehlgeschlagenen`);
    await app.services.mail.flush();
    const mail = app.outbox.sent.find((m) => m.subject === "Webhook-Endpunkt abgeschaltet");
    expect(mail?.to).toBe("role-user_manage@test.example");
    expect(mail?.text).toContain(`${base}/hook`);
    // disabled: no new delivery is written, the pending one waits
    await clubIn(world.district1, "MV Still");
    expect(await app.db.prisma.webhookDelivery.count({ where: { endpointId: id } })).toBe(1);
    received.length = 0;
    const on = await app.gql(
      `mutation($input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(input: $input) { enabled consecutiveFailures } }`,
      { input: { id, version: (await app.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).version, enabled: true } },
      staff,
    );
    expect(on.body.data.updateWebhookEndpoint).toEqual({ enabled: true, consecutiveFailures: 0 });
    await app.db.prisma.webhookDelivery.updateMany({ where: { endpointId: id }, data: { nextAttemptAt: new Date() } });
    expect(await app.services.webhooks.flush()).toBe(1);
    await app.gql(`mutation($id: Int!) { deleteWebhookEndpoint(id: $id) }`, { id }, staff);
  });

  it("does not follow a redirect", async () => {
    const { id } = await endpoint(["association.created"]);
    await clubIn(world.district1, "MV Umweg");
    answers = [302];
    expect(await app.services.webhooks.flush()).toBe(0);
    expect(received.map((r) => r.headers["webhook-id"])).toHaveLength(1);
    expect((await app.db.prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId: id } })).lastError).toBe("Weiterleitung (302) wird nicht gefolgt");
    await app.gql(`mutation($id: Int!) { deleteWebhookEndpoint(id: $id) }`, { id }, staff);
  });

  it("refuses loopback and private addresses without WEBHOOK_ALLOW_PRIVATE: on saving, and after DNS resolution when sending", async () => {
    const strict = await startTestApp({ db: app.db, dataKey: app.services.dataKey });
    try {
      for (const url of [
        `${base}/hook`,
        "https://127.0.0.1/x",
        "https://10.1.2.3/x",
        "https://[::1]/x",
        "https://169.254.169.254/latest",
        "https://localhost/x",
        "ftp://e.test/x",
      ]) {
        const res = await strict.gql(CREATE, { input: { url, eventTypes: ["association.created"] } }, staff);
        expect(res.body.errors?.[0].extensions?.code, url).toBe("VALIDATION");
      }
      expect(
        (await strict.gql(CREATE, { input: { url: "https://hooks.example.org/x", eventTypes: ["nope.created"] } }, staff)).body.errors?.[0].extensions?.code,
      ).toBe("VALIDATION");
      // a name that resolves to loopback (as a changed DNS answer would): refused at connection time
      const { id } = await endpoint(["association.created"]);
      const port = new URL(base).port;
      await app.db.prisma.webhookEndpoint.update({ where: { id }, data: { url: `http://localhost:${port}/hook` } });
      await clubIn(world.district1, "MV Innen");
      expect(await strict.services.webhooks.flush()).toBe(0);
      expect(received).toEqual([]);
      const d = await app.db.prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
      expect(d.lastError).toMatch(/^Die Adresse localhost \((127\.0\.0\.1|::1)\) ist nicht erlaubt/);
      await app.gql(`mutation($id: Int!) { deleteWebhookEndpoint(id: $id) }`, { id }, staff);
    } finally {
      await strict.stop();
    }
  });

  it("only staff with user_manage of the district manage endpoints; another district's are not found", async () => {
    const { id } = await endpoint(["association.created"]);
    const member = await app.token(world.subjects.member);
    expect((await app.gql(`{ webhookEndpoints { databaseId } }`, {}, member)).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const other = await app.token(world.subjects.staff2);
    expect((await app.gql(`{ webhookEndpoints { databaseId } }`, {}, other)).body.data.webhookEndpoints).toEqual([]);
    expect((await app.gql(`mutation($id: Int!) { deleteWebhookEndpoint(id: $id) }`, { id }, other)).body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await app.gql(`mutation($id: Int!) { deleteWebhookEndpoint(id: $id) }`, { id }, staff)).body.data.deleteWebhookEndpoint).toBe(id);
    const audit = await app.db.prisma.auditEntry.findMany({ where: { entity: "WebhookEndpoint", entityId: id }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["create", "delete"]);
  });
});
