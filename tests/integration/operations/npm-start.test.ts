// `npm start` as a supervisor (systemd, Docker, Kubernetes) runs it: npm's child is the server
// itself, so signals reach its drain and its end is the process's end (scripts/start.mjs).
// Runs the bundle the suite's build step made (dist/server/main.mjs).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../../support/app.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function productionEnv(port: number) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: "pglite:memory",
    EMBEDDED_IDP: "1",
    COOKIE_KEYS: crypto.randomBytes(24).toString("base64url"),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
  };
}

function npmStart(env: Record<string, string | undefined>) {
  const child = spawn("npm", ["start"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

async function waitReady(port: number, proc: ReturnType<typeof npmStart>) {
  const until = Date.now() + 90_000;
  while (Date.now() < until && proc.child.exitCode === null) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return;
    await sleep(200);
  }
  throw new Error(`the server did not become ready:\n${proc.output()}`);
}

/** the pids of the processes below `pid` */
function descendants(pid: number): number[] {
  const out = spawnSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" }).stdout;
  const pairs = out
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [c, pp] of pairs) if (pp === p) found.push(c), walk(c);
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });

function kill(child: ChildProcess) {
  for (const pid of child.pid ? [...descendants(child.pid), child.pid] : []) if (alive(pid)) process.kill(pid, "SIGKILL");
}

describe("npm start under a supervisor", () => {
  it("SIGTERM to the npm process reaches the server: it drains, exits 0 and frees the port; no process is left behind", async () => {
    const port = await freePort();
    const proc = npmStart(productionEnv(port));
    try {
      await waitReady(port, proc);
      const below = descendants(proc.child.pid as number);
      // npm -> node scripts/start.mjs, which is the server (the shell exec'd node; no build, no second node)
      const commands = spawnSync("ps", ["-o", "args=", "-p", below.join(",")], { encoding: "utf8" })
        .stdout.trim()
        .split("\n");
      expect(commands).toEqual([expect.stringMatching(/^node --enable-source-maps --max-semi-space-size=32 --expose-gc scripts\/start\.mjs$/)]);
      proc.child.kill("SIGTERM");
      const end = await proc.exited;
      expect(end, proc.output()).toEqual({ code: 0, signal: null });
      expect(proc.output()).toContain("Anmeldesystem beendet: alle laufenden Anfragen beantwortet");
      expect(below.filter(alive)).toEqual([]);
      expect(await connects(port)).toBe(false);
    } finally {
      kill(proc.child);
    }
  });

  it("a server killed with SIGKILL (as the OOM killer does) makes npm start fail, not end cleanly", async () => {
    const port = await freePort();
    const proc = npmStart(productionEnv(port));
    try {
      await waitReady(port, proc);
      // the process that serves (the leaf below npm), whatever runs between
      const server = descendants(proc.child.pid as number).at(-1) as number;
      process.kill(server, "SIGKILL");
      const end = await proc.exited;
      expect(end.code === 0 && end.signal === null, JSON.stringify(end)).toBe(false);
    } finally {
      kill(proc.child);
    }
  });

  it("a port in use stops start-up with one line naming PORT", async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, "127.0.0.1", () => resolve((blocker.address() as net.AddressInfo).port)));
    try {
      const proc = npmStart(productionEnv(port));
      const end = await proc.exited;
      expect(end.code).toBe(1);
      const lines = proc
        .output()
        .split("\n")
        .filter((l) => l.startsWith("Start abgebrochen"));
      expect(lines).toEqual([`Start abgebrochen: PORT: ${port} is in use by another process (is the server running already?)`]);
      expect(proc.output()).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      blocker.close();
    }
  });

  it("in production it builds nothing: a missing build is one line naming npm run build", () => {
    const dir = path.resolve(".tmp", `start-${crypto.randomBytes(4).toString("hex")}`);
    fs.mkdirSync(path.join(dir, "scripts"), { recursive: true });
    fs.copyFileSync("scripts/start.mjs", path.join(dir, "scripts/start.mjs"));
    // a build script that would leave a trace if it ran
    fs.writeFileSync(path.join(dir, "scripts/build.mjs"), `require("node:fs").writeFileSync("built", "");`);
    try {
      const r = spawnSync(process.execPath, ["scripts/start.mjs"], { cwd: dir, env: productionEnv(1), encoding: "utf8", timeout: 30_000 });
      expect(r.status).toBe(1);
      // (below Node 24 a warning line comes first: scripts/start.mjs)
      expect(
        r.stderr
          .trim()
          .split("\n")
          .filter((l) => !l.startsWith("Warnung: Node.js"))
          .join("\n"),
      ).toBe("Start abgebrochen: dist/server/main.mjs fehlt; `npm run build` baut den Server (vor dem Ausrollen, mit den Entwicklungswerkzeugen)");
      expect(fs.existsSync(path.join(dir, "built"))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
