// What an operator's monitoring reads beside the request metrics (metrics.test.ts): which release
// runs, prom-client's process metrics, and failed requests at the log's error level.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { requestLogLevel } from "../../../server/src/http/operations.ts";
import { startTestApp } from "../../support/app.ts";
import { createWorld } from "../../support/principals.ts";

const METRICS_TOKEN = "metrics-token-0123456789";

describe("monitoring", () => {
  it("/metrics names the running release (app_build_info) and carries the default process metrics", async () => {
    const app = await startTestApp({ env: { METRICS_TOKEN } });
    try {
      const text = (await app.rest("GET", "/metrics", METRICS_TOKEN)).raw.toString("utf8");
      const version = JSON.parse(fs.readFileSync("package.json", "utf8")).version;
      // run from the sources: the commit is unknown (the build writes it beside the bundle)
      expect(text).toMatch(new RegExp(`^app_build_info\\{version="${version.replaceAll(".", "\\.")}",commit="unknown"\\} 1$`, "m"));
      for (const name of ["process_cpu_user_seconds_total", "process_resident_memory_bytes", "nodejs_heap_size_used_bytes", "nodejs_gc_duration_seconds"])
        expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
    } finally {
      await app.stop();
    }
  });

  it("the build records its version and commit beside the bundle", () => {
    const info = JSON.parse(fs.readFileSync("dist/server/build-info.json", "utf8"));
    expect(info.version).toBe(JSON.parse(fs.readFileSync("package.json", "utf8")).version);
    expect(info.commit).toMatch(/^([0-9a-f]{12}|unknown)$/);
  });

  it("a request answered with 500 is logged at error level, 503 (database out, draining) at warn, others at info", async () => {
    const lines: string[] = [];
    const app = await startTestApp({ logStream: { write: (line) => lines.push(line) } });
    try {
      const world = await createWorld(app.db.prisma);
      const token = await app.token(world.subjects.admin);
      expect((await app.rest("GET", "/v1/districtassociations", token)).status).toBe(200);
      // a fault nobody expected: a table gone under the running server
      await app.db.prisma.$executeRawUnsafe('ALTER TABLE "DistrictAssociation" RENAME TO "DistrictAssociation_weg"');
      expect((await app.rest("GET", "/v1/districtassociations", token)).status).toBe(500);
      const entries = lines.map((l) => JSON.parse(l)).filter((e) => e.msg === "request");
      expect(entries.map((e) => [e.status, e.level])).toEqual([
        [200, 30],
        [500, 50],
      ]);
      // 503 (database out: faults.pg.test.ts, draining) at warn; probes at debug
      expect([requestLogLevel("/graphql", 503), requestLogLevel("/readyz", 503), requestLogLevel("/v1/events", 502)]).toEqual(["warn", "debug", "error"]);
    } finally {
      await app.stop().catch(() => {});
    }
  });
});
