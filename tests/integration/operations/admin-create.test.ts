// `npm run admin:create`: the first administrator of a new installation (server/src/cli/adminCreate.ts).
// In process against the test database; the production run of the built command (no dev tools,
// PostgreSQL) is part of deploy.pg.test.ts.
import crypto from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminCreate } from "../../../server/src/cli/adminCreate.ts";
import type { Database } from "../../../server/src/db/client.ts";
import { testDatabase } from "../../support/db.ts";

const env = {
  DATABASE_URL: "pglite:memory",
  PUBLIC_URL: "https://anmeldung.example.org",
  DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
};
const first = [
  "--district",
  "Kreisverband Neustadt",
  "--gdpr-link",
  "https://kv.example.org/datenschutz",
  "--impress-link",
  "https://kv.example.org/impressum",
];

describe("npm run admin:create", () => {
  let db: Database;
  let lines: string[];
  const run = (...argv: string[]) => adminCreate(argv, (l) => lines.push(l), env, db);
  beforeEach(async () => {
    db = await testDatabase();
    await db.prisma.districtAssociation.deleteMany(); // a new installation: nothing in it
    lines = [];
  });
  afterEach(() => db.close());

  it("on an empty installation creates the first district association and an admin, audited as the operator, and prints the invitation link once, to the terminal", async () => {
    expect(await run("--email", "chefin@kv.example.org", "--firstname", "Erika", "--lastname", "Muster", ...first)).toBe(0);
    const districts = await db.prisma.districtAssociation.findMany();
    expect(districts.map((d) => [d.name, d.iamRef, d.gdprLink])).toEqual([
      ["Kreisverband Neustadt", "Kreisverband Neustadt", "https://kv.example.org/datenschutz"],
    ]);
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: "chefin@kv.example.org" } });
    expect(user.roles).toEqual(["admin"]);
    expect(user.districtAssociationId).toBe(districts[0].id);
    expect(user.inviteCode).toBeTruthy();
    const output = lines.join("\n");
    expect(output.split(`https://anmeldung.example.org/oidc/invite/${user.inviteCode}`)).toHaveLength(2);
    expect(output).toContain("kein SMTP_URL: nur hier angezeigt");
    const audit = await db.prisma.auditEntry.findMany({ orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.actorLabel, a.action, a.entity])).toEqual([
      ["operator:admin-create", "create", "DistrictAssociation"],
      ["operator:admin-create", "create", "User"],
    ]);
  });

  it("with district associations present adds the admin to the first one (or --district-id) and refuses a second --district", async () => {
    expect(await run("--email", "a@kv.example.org", "--firstname", "A", "--lastname", "A", ...first)).toBe(0);
    const d1 = await db.prisma.districtAssociation.findFirstOrThrow();
    const d2 = await db.prisma.districtAssociation.create({
      data: { name: "KV 2", iamRef: "kv2", gdprLink: "https://e.test/d", impressLink: "https://e.test/i" },
    });
    expect(await run("--email", "b@kv.example.org", "--firstname", "B", "--lastname", "B")).toBe(0);
    expect(await run("--email", "c@kv.example.org", "--firstname", "C", "--lastname", "C", "--district-id", String(d2.id))).toBe(0);
    const users = await db.prisma.user.findMany({ orderBy: { email: "asc" }, select: { email: true, districtAssociationId: true, roles: true } });
    expect(users).toEqual([
      { email: "a@kv.example.org", districtAssociationId: d1.id, roles: ["admin"] },
      { email: "b@kv.example.org", districtAssociationId: d1.id, roles: ["admin"] },
      { email: "c@kv.example.org", districtAssociationId: d2.id, roles: ["admin"] },
    ]);
    lines = [];
    expect(await run("--email", "d@kv.example.org", "--firstname", "D", "--lastname", "D", ...first)).toBe(1);
    expect(lines).toEqual(["admin:create: --district names a new district association, but there is one already: use --district-id"]);
    expect(await db.prisma.districtAssociation.count()).toBe(2);
    expect(await db.prisma.user.count({ where: { email: "d@kv.example.org" } })).toBe(0);
  });

  it("a refused account (bad e-mail, an address in use, missing options) changes nothing and says why in one line", async () => {
    expect(await run("--email", "kein-at", "--firstname", "A", "--lastname", "B", ...first)).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^admin:create: email: /);
    expect(await db.prisma.districtAssociation.count()).toBe(0);
    lines = [];
    expect(await run("--email", "a@kv.example.org", "--firstname", "A", "--lastname", "B")).toBe(1);
    expect(lines[0]).toMatch(/^admin:create: there is no district association yet/);
    expect(await run("--email", "a@kv.example.org", "--firstname", "A")).toBe(2);
    expect(await run("--email", "a@kv.example.org", "--firstname", "A", "--lastname", "B", ...first)).toBe(0);
    lines = [];
    expect(await run("--email", "A@kv.example.org", "--firstname", "X", "--lastname", "Y")).toBe(1);
    expect(lines).toHaveLength(1);
    expect(await db.prisma.user.count()).toBe(1);
  });
});
