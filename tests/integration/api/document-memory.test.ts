// large GraphQL documents cannot exhaust the server's memory. The real start-up
// (server/src/main.ts) runs as a child process, so its resident memory is its own: 12 distinct
// 5 MB documents (357,000 fields each; before the document limits each cost about 600 MB and stayed
// in the parse cache, 12 of them ended the process) are each refused in German with a code, the
// process grows by less than 100 MB, and /healthz answers all the while.
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { startWorldServer } from "../../support/serverProcess.ts";

/** the resident memory of a process in bytes (Linux) */
const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) * 1024;

it("12 distinct 5 MB documents are refused with a German 4xx and a code; the server grows by less than 100 MB and /healthz answers throughout", async () => {
  // staff may send documents of their own (graphql/persisted.ts): the token is admin's
  // --expose-gc and a SIGUSR2 handler (tests/support/gcOnSignal.mjs): the growth is measured after a
  // full collection, so it is what the server keeps (the parse cache held every document before),
  // not the garbage of the refused bodies that the collector reaches later on a loaded machine
  const server = await startWorldServer({}, ["--expose-gc", "--import", path.resolve("tests/support/gcOnSignal.mjs")]);
  const { child, exited, dir, publicUrl, token } = server;
  try {
    await server.waitFor(/Anmeldesystem läuft/, 180_000);
    const post = (query: string) =>
      fetch(`${publicUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query }),
      });
    // warm: the first GraphQL request loads what every later one uses
    expect((await post("{ viewer { id } }")).status).toBe(200);
    const pid = child.pid as number;
    let collections = 0;
    const collected = async () => {
      child.kill("SIGUSR2");
      await server.waitFor(new RegExp(`gc done ${++collections}\\b`), 30_000);
      return rss(pid);
    };
    const before = await collected();

    let sending = true;
    const health: number[] = [];
    const probe = (async () => {
      while (sending) {
        const r = await fetch(`${publicUrl}/healthz`).catch(() => null);
        health.push(r?.status ?? 0);
        await r?.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const answers: { status: number; code?: string; message?: string }[] = [];
    let peak = before;
    for (let i = 0; i < 12; i++) {
      const fields = Array.from({ length: 357_000 }, (_, j) => `viewerField${(i * 7 + j) % 1000}`).join(" ");
      const res = await post(`query Q${i} { viewer { ${fields} } }`);
      const body = (await res.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
      answers.push({ status: res.status, code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message });
      peak = Math.max(peak, rss(pid));
      if (peak - before >= 1024 * 1024 * 1024) break; // kept, not garbage: no need to wait for the process to run out of memory
    }
    sending = false;
    await probe;
    const after = await collected();

    expect(answers).toHaveLength(12);
    expect(
      answers.every((a) => a.status >= 400 && a.status < 500 && a.code === "QUERY_TOO_LARGE" && /^Das GraphQL-Dokument/.test(a.message ?? "")),
      JSON.stringify(answers),
    ).toBe(true);
    expect(after - before, `RSS ${before} -> ${after} after a full collection (peak ${peak})`).toBeLessThan(100 * 1024 * 1024);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
    // and it still answers documents of the normal size
    expect((await post("{ viewer { id } }")).status).toBe(200);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);
