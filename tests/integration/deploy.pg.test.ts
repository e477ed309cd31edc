// PostgreSQL only (runs when TEST_DATABASE_URL is set): production's migration path.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../support/db.ts";

const prismaBin = "node_modules/.bin/prisma";

describe("production migrations", () => {
  it("npm run db:deploy migrates an empty PostgreSQL database and the result matches the schema", async () => {
    const db = await testDatabase(); // cloned from the migrated template: drop its tables first
    await db.prisma.$executeRawUnsafe("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
    await db.close();
    const env = { ...process.env, DATABASE_URL: db.url };
    const deploy = spawnSync("npm", ["run", "--silent", "db:deploy"], { env, encoding: "utf8", timeout: 120_000 });
    expect(deploy.status, deploy.stdout + deploy.stderr).toBe(0);
    const diff = spawnSync(prismaBin, ["migrate", "diff", "--from-config-datasource", "--to-schema", "prisma/schema.prisma", "--exit-code"], {
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(diff.status, diff.stdout + diff.stderr).toBe(0);
  });
});
