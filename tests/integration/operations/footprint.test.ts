// The idle server's memory (README "Performance", figure 11): no spreadsheet thread runs before the
// first spreadsheet task, and the young generation start-up grew is given back after start-up and
// whenever the server falls idle after traffic (server/src/http/idleMemory.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { releaseMemoryWhenIdle } from "../../../server/src/http/idleMemory.ts";
import { spreadsheetPool } from "../../../server/src/workers/pool.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { createWorld, type World } from "../../support/principals.ts";

describe("spreadsheet threads start on first use", () => {
  let app: TestApp;
  let world: World;
  beforeAll(async () => {
    app = await startTestApp();
    world = await createWorld(app.db.prisma);
  }, 60_000);
  afterAll(() => app?.close());

  it("a started server that answers requests runs no spreadsheet thread until the first spreadsheet task", async () => {
    const token = await app.token(world.subjects.admin);
    const events = await app.gql("{ events(first: 5) { edges { node { id name } } } }", {}, token);
    expect(events.body.errors).toBeUndefined();
    expect((await app.rest("GET", "/healthz")).status).toBe(200);
    expect(spreadsheetPool.threadCount).toBe(0);

    await spreadsheetPool.warm();
    expect(spreadsheetPool.threadCount).toBeGreaterThan(0);
  }, 60_000);
});

describe("memory back when idle", () => {
  const calls: unknown[] = [];
  const g = globalThis as { gc?: unknown };
  const before = g.gc;
  afterEach(() => {
    vi.useRealTimers();
    g.gc = before;
    calls.length = 0;
  });

  it("collects once after start-up, then once per idle spell after traffic, never while requests keep coming", () => {
    vi.useFakeTimers();
    g.gc = (options: unknown) => calls.push(options);
    let requests = 0;
    const idle = releaseMemoryWhenIdle({ requests: () => requests, idleMs: 1000 });
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([{ type: "major", execution: "sync", flavor: "last-resort" }]);
    // idle without traffic: nothing more
    vi.advanceTimersByTime(5000);
    expect(idle.released()).toBe(1);
    // traffic in every interval: no collection
    for (let i = 0; i < 5; i++) {
      requests += 3;
      vi.advanceTimersByTime(1000);
    }
    expect(idle.released()).toBe(1);
    // the first quiet interval after traffic: one collection, then none while it stays quiet
    vi.advanceTimersByTime(1000);
    expect(idle.released()).toBe(2);
    vi.advanceTimersByTime(10_000);
    expect(idle.released()).toBe(2);
    idle.stop();
  });

  it("does nothing without --expose-gc", () => {
    vi.useFakeTimers();
    g.gc = undefined;
    const idle = releaseMemoryWhenIdle({ requests: () => 0, idleMs: 1000 });
    vi.advanceTimersByTime(5000);
    expect(idle.released()).toBe(0);
    idle.stop();
  });
});
