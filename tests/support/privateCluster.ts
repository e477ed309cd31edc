// A private PostgreSQL cluster for fault tests: initdb into a temporary
// directory, its own port and socket directory, started, stopped and restarted by the test. The
// shared server on 127.0.0.1:5432 is never touched. As root the cluster runs as the "postgres"
// user (PostgreSQL refuses to run as root).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./app.ts";

function binDir(): string {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error("the fault tests need PostgreSQL's server binaries (initdb, pg_ctl) in /usr/lib/postgresql/<version>/bin");
  return path.join(base, versions[0], "bin");
}

export type PrivateCluster = {
  port: number;
  url: string;
  start(): void;
  /** fast shutdown: open connections are terminated */
  stop(): void;
  running(): boolean;
  /** puts `line` first in pg_hba.conf and reloads (e.g. a password for one role; the rest stays trust) */
  prependHba(line: string): void;
  destroy(): void;
};

export async function createPrivateCluster(): Promise<PrivateCluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "anm-faults-"));
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args], { stdio: "pipe", cwd: dir })
      : execFileSync(path.join(bin, cmd), args, { stdio: "pipe", cwd: dir });
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const cluster: PrivateCluster = {
    port,
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "30", "start"]);
    },
    stop() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
    },
    prependHba(line) {
      const file = path.join(data, "pg_hba.conf");
      fs.writeFileSync(file, `${line}\n${fs.readFileSync(file, "utf8")}`);
      run("pg_ctl", ["-D", data, "reload"]);
    },
    running() {
      try {
        run("pg_ctl", ["-D", data, "status"]);
        return true;
      } catch {
        return false;
      }
    },
    destroy() {
      if (cluster.running()) {
        try {
          run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
        } catch {}
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
