// PostgreSQL only (runs when TEST_DATABASE_URL is set): production's migration path, and the
// README's production block run as written.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { MigrationPg } from "../../../server/src/db/adapter.ts";
import { openDatabase } from "../../../server/src/db/client.ts";
import { freePort } from "../../support/app.ts";
import { testDatabase } from "../../support/db.ts";
import { dexamEventWithLocations } from "../../support/fixtures.ts";
import { signInForToken, viewerEmail } from "../../support/signin.ts";

const prismaBin = "node_modules/.bin/prisma";

describe("production migrations", () => {
  it("npm run db:deploy migrates an empty PostgreSQL database and the result matches the schema", async () => {
    const db = await testDatabase(); // cloned from the migrated template: drop its tables first
    await db.prisma.$executeRawUnsafe("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
    await db.close();
    const env = { ...process.env, DATABASE_URL: db.url };
    const deploy = spawnSync("npm", ["run", "--silent", "db:deploy"], { env, encoding: "utf8", timeout: 120_000 });
    expect(deploy.status, deploy.stdout + deploy.stderr).toBe(0);
    const runDiff = () =>
      spawnSync(prismaBin, ["migrate", "diff", "--from-config-datasource", "--to-schema", "prisma/schema.prisma", "--exit-code"], {
        env,
        encoding: "utf8",
        timeout: 120_000,
      });
    // Prisma's schema engine has once ended with an empty "Error in Schema engine:" (no diff, no
    // cause) while the suite's other PostgreSQL files ran beside it, and passed alone: that crash of
    // the tool is asked again (twice at most); a difference (exit code 2) or any message fails at once
    let diff = runDiff();
    for (let again = 0; again < 2 && diff.status === 1 && /Error in Schema engine:$/.test((diff.stdout + diff.stderr).trim()); again++) diff = runDiff();
    expect(diff.status, diff.stdout + diff.stderr).toBe(0);
    // the start-page version's PL/pgSQL trigger function arrived whole (adapter-pg would split it at ";")
    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    try {
      const triggers = await check.query(`SELECT tgname FROM pg_trigger WHERE tgname LIKE '%start_page_changed' ORDER BY tgname`);
      expect(triggers.rows.map((r) => r.tgname)).toEqual([
        "DistrictAssociation_start_page_changed",
        "EventLocation_start_page_changed",
        "Event_start_page_changed",
      ]);
      const before = (await check.query(`SELECT last_value FROM "start_page_version"`)).rows[0].last_value;
      await check.query(`UPDATE "DistrictAssociation" SET name = name`);
      expect(Number((await check.query(`SELECT last_value FROM "start_page_version"`)).rows[0].last_value)).toBe(Number(before) + 1);
    } finally {
      await check.end();
    }
  });

  it("[R-ER004] start-up (also with DEMO_DATA=1) on a database that lacks migrations stops with one line naming npm run db:deploy, not a stack trace", async () => {
    const migrations = fs
      .readdirSync("prisma/migrations", { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const start = (url: string) =>
      spawnSync("node_modules/.bin/tsx", ["server/src/main.ts"], {
        env: { PATH: process.env.PATH, DATABASE_URL: url, DEMO_DATA: "1", DATA_DIR: ".tmp/data", DATABASE_WAIT_SECONDS: "0", PORT: "0" },
        encoding: "utf8",
        timeout: 60_000,
      });
    const empty = await testDatabase();
    await empty.prisma.$executeRawUnsafe("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
    await empty.close();
    const r = start(empty.url);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      `Start abgebrochen: DATABASE_URL: the database lacks ${migrations.length} of the migrations (first ${migrations[0]}): run \`npm run db:deploy\` before starting`,
    );
    // one migration missing (a release started before its db:deploy): the same, naming it
    const behind = await testDatabase();
    const last = migrations[migrations.length - 1];
    await behind.prisma.$executeRawUnsafe(`DELETE FROM _prisma_migrations WHERE migration_name = '${last}'`);
    await behind.close();
    const b = start(behind.url);
    expect(b.status).toBe(1);
    expect(b.stderr.trim()).toBe(
      `Start abgebrochen: DATABASE_URL: the database lacks 1 of the migrations (first ${last}): run \`npm run db:deploy\` before starting`,
    );
  });

  it("a migration script runs whole, in one transaction: a failing statement leaves the ones before it undone", async () => {
    const db = await testDatabase();
    await db.close();
    const pool = new pg.Pool({ connectionString: db.url });
    const adapter = await new MigrationPg(pool).connect();
    try {
      await expect(adapter.executeScript(`CREATE TABLE "Halb" (a int); INSERT INTO "Halb" VALUES (1); SELECT 1/0;`)).rejects.toThrow();
      expect((await pool.query(`SELECT to_regclass('"Halb"') AS t`)).rows[0].t).toBeNull();
      await adapter.executeScript(`CREATE FUNCTION "semi"() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$; CREATE TABLE "Ganz" (a int);`);
      expect((await pool.query(`SELECT "semi"() AS v, to_regclass('"Ganz"') IS NOT NULL AS t`)).rows[0]).toEqual({ v: 1, t: true });
    } finally {
      await adapter.dispose();
      await pool.end();
    }
  });

  it("[R-AU001][R-AU002] the README's production block, run as written with the embedded sign-in and a throw-away key, starts the bundled server without dev tools on an empty database, and a sign-in works", async () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const block = /### Production\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] as string;
    const embedded = "EMBEDDED_IDP=1 COOKIE_KEYS=$(cat /run/secrets/anmeldung-cookie-keys)";
    expect(readme).toContain(`\`${embedded}\` in place of the three\n\`OIDC_\` settings`);
    const db = await testDatabase();
    await db.prisma.$executeRawUnsafe("DROP SCHEMA public CASCADE; CREATE SCHEMA public;"); // empty: db:deploy migrates it
    await db.close();
    const dir = path.resolve(".tmp", `deploy-${crypto.randomBytes(4).toString("hex")}`);
    fs.mkdirSync(dir, { recursive: true });
    const keyFile = path.join(dir, "anmeldung-key");
    const cookieFile = path.join(dir, "anmeldung-cookie-keys");
    fs.writeFileSync(keyFile, crypto.randomBytes(32).toString("base64"));
    fs.writeFileSync(cookieFile, crypto.randomBytes(24).toString("base64url"));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // the block's example values become this machine's; each must be found, so a changed README fails here
    const swaps: [string | RegExp, string][] = [
      [/ {2}OIDC_ISSUER=\S+ OIDC_CLIENT_ID=\S+ \\\n {2}OIDC_ROLES_CLAIM=\S+ \\\n/, `  ${embedded} \\\n`],
      ["https://anmeldung.example.org", base],
      ["postgresql://anmeldung:secret@db.internal:5432/anmeldung", db.url],
      ["/run/secrets/anmeldung-key", keyFile],
      ["/run/secrets/anmeldung-cookie-keys", cookieFile],
    ];
    let script = block;
    for (const [from, to] of swaps) {
      const next = script.replace(from, to);
      expect(next, `README production block lacks ${from}`).not.toBe(script);
      script = next;
    }
    // `npm ci` is not rerun (node_modules is shared with other checkouts); `npm ci --omit=dev` makes
    // every devDependency (and tsx) unloadable instead, for whatever runs after it
    const hook = path.resolve("tests/support/no-dev-tools.mjs");
    const prelude = `npm() {
  if [ "$1" = ci ]; then
    case " $* " in *" --omit=dev "*) export NODE_OPTIONS="--import=${hook}";; esac
    echo "(test) npm $* not rerun"
  else command npm "$@"; fi
}
set -e
`;
    const child = spawn("sh", ["-c", prelude + script], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: "127.0.0.1" },
      detached: true,
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const started = await Promise.race([
        new Promise<boolean>((resolve) => {
          const poll = setInterval(() => {
            if (output.includes("Anmeldesystem läuft auf")) {
              clearInterval(poll);
              resolve(true);
            }
          }, 100);
          exited.then(() => (clearInterval(poll), resolve(false)));
        }),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 150_000)),
      ]);
      expect(started, output).toBe(true);
      expect(output).toContain("(test) npm ci --omit=dev not rerun"); // the dev tools were unloadable from there on
      expect(output).toContain(`Anmeldesystem läuft auf ${base} (Datenbank: pg, Anmeldung: eingebettet)`);
      // the server is the bundle, run by node in the process npm started (scripts/start.mjs imports
      // dist/server/main.mjs); nothing is built and no tsx runs in the process group
      const processes = spawnSync("ps", ["-o", "args=", "-g", String(child.pid)], { encoding: "utf8" }).stdout;
      expect(processes).toMatch(/^node --enable-source-maps --max-semi-space-size=32 --expose-gc scripts\/start\.mjs$/m);
      expect(processes).not.toContain("tsx");
      expect(processes).not.toContain("build.mjs");
      // the built client is served
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<html");
      // the first administrator (production seeds nobody): `npm run admin:create` of the built
      // command, without dev tools, with the server's settings; the invitation link is printed to
      // this terminal (no SMTP_URL) and never reaches the server's log
      const created = spawnSync(
        "npm",
        [
          "run",
          "--silent",
          "admin:create",
          "--",
          "--email",
          "admin@test.example",
          "--firstname",
          "A",
          "--lastname",
          "D",
          "--district",
          "KV",
          "--iam-ref",
          "kv",
          "--gdpr-link",
          "https://e.test/d",
          "--impress-link",
          "https://e.test/i",
        ],
        {
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            NODE_OPTIONS: `--import=${hook}`,
            NODE_ENV: "production",
            PUBLIC_URL: base,
            DATABASE_URL: db.url,
            EMBEDDED_IDP: "1",
            COOKIE_KEYS: fs.readFileSync(cookieFile, "utf8"),
            DATA_ENCRYPTION_KEY: fs.readFileSync(keyFile, "utf8"),
          },
          encoding: "utf8",
          timeout: 60_000,
        },
      );
      expect(created.status, created.stdout + created.stderr).toBe(0);
      const link = new RegExp(`${base}/oidc/invite/[\\w-]+`).exec(created.stdout)?.[0] as string;
      expect(link, created.stdout).toBeTruthy();
      expect(output).not.toContain("/oidc/invite/");
      const setPassword = await fetch(link, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ password: "sicher-2026", repeat: "sicher-2026" }),
      });
      expect(setPassword.status).toBe(200);
      const app = await openDatabase(db.url, { migrate: false });
      let practice: number;
      try {
        const d = await app.prisma.districtAssociation.findFirstOrThrow({ where: { name: "KV" } });
        practice = (await dexamEventWithLocations(app.prisma, d.id)).practice;
      } finally {
        await app.close();
      }
      const token = await signInForToken(base, "admin@test.example", "sicher-2026");
      expect(await viewerEmail(base, token)).toBe("admin@test.example");
      // spreadsheets are built in a thread of the bundled spreadsheet-worker.mjs (no TypeScript at run time)
      const zip = await fetch(`${base}/v1/export/location/${practice}/dexam/blank_practice_sheets`, { headers: { authorization: `Bearer ${token}` } });
      expect(zip.status, await zip.clone().text()).toBe(200);
      expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())))).toEqual(["LIESMICH.txt"]);
    } finally {
      if (child.exitCode === null) process.kill(-(child.pid as number), "SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
