// The previous release, built from git for the upgrade test (README "Upgrades"): CHANGELOG.md names
// each release's commit ("## 1.3.1 (commit <40 hex digits>)"; a tag v1.3.1 is optional and must
// name the same commit when it exists, as tags may not travel with every copy of the repository).
// `git archive` of that commit goes to .tmp/previous-release/<commit> (kept between runs), with this
// checkout's node_modules linked in when they hold every package of the old lockfile at its
// version (npm ci there takes minutes; otherwise it runs, see below), and the old release's own
// `scripts/build.mjs` builds its server bundle.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type Release = { version: string; commit: string };

/** The releases CHANGELOG.md names, newest first. */
export function releases(changelog = fs.readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8")): Release[] {
  return [...changelog.matchAll(/^## (\d+\.\d+\.\d+) \(commit ([0-9a-f]{40})\)/gm)].map((m) => ({ version: m[1], commit: m[2] }));
}

function git(args: string[], cwd = ROOT) {
  return spawnSync("git", args, { cwd, encoding: "utf8" });
}

/** The newest release the changelog names; a tag of that version, when present, must name the same commit. */
export function previousRelease(): Release {
  const [release] = releases();
  if (!release) throw new Error("CHANGELOG.md names no release with its commit");
  const tag = git(["rev-parse", "--verify", "--quiet", `refs/tags/v${release.version}^{commit}`]);
  if (tag.status === 0 && tag.stdout.trim() !== release.commit)
    throw new Error(`tag v${release.version} names ${tag.stdout.trim()}, CHANGELOG.md ${release.commit}`);
  return release;
}

/**
 * Whether `node_modules` here holds every package of `lockfile` (npm's package-lock.json v3) at the
 * version it names: then the old release runs on them exactly as after its own `npm ci`. Optional
 * packages for other platforms are not installed anywhere and are skipped.
 */
export function modulesCover(lockfile: string, modules = path.join(ROOT, "node_modules")): { ok: true } | { ok: false; first: string } {
  const lock = JSON.parse(lockfile) as { packages: Record<string, { version?: string; optional?: boolean; link?: boolean }> };
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith("node_modules/") || entry.link || !entry.version) continue;
    const file = path.join(modules, key.slice("node_modules/".length), "package.json");
    if (!fs.existsSync(file)) {
      if (entry.optional) continue;
      return { ok: false, first: `${key} is missing` };
    }
    const installed = (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
    if (installed !== entry.version) return { ok: false, first: `${key} ${installed} instead of ${entry.version}` };
  }
  return { ok: true };
}

/** The directory of the built previous release (dist/server/main.mjs inside); built on first use. */
export function buildPreviousRelease(release: Release = previousRelease()): string {
  const dir = path.join(ROOT, ".tmp/previous-release", release.commit);
  const done = path.join(dir, ".built");
  if (fs.existsSync(done)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const archive = spawnSync("sh", ["-c", `git archive --format=tar ${release.commit} | tar -x -C "${dir}"`], { cwd: ROOT, encoding: "utf8" });
  if (archive.status !== 0) throw new Error(`git archive ${release.commit} failed (a shallow clone lacks it?): ${archive.stderr}`);
  const cover = modulesCover(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8"));
  if (cover.ok) fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  else {
    // the dependencies changed since that release: its own install (minutes, needs the registry)
    console.warn(`previous release ${release.version}: own npm ci (${cover.first})`);
    const ci = spawnSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: dir, encoding: "utf8" });
    if (ci.status !== 0) throw new Error(`npm ci of release ${release.version} failed: ${ci.stderr}`);
  }
  // the server is what runs beside the new one; its browser client is not needed, so the old build
  // script finds the client already built (an empty page newer than every source) and skips Vite
  fs.mkdirSync(path.join(dir, "dist/client"), { recursive: true });
  const page = path.join(dir, "dist/client/index.html");
  fs.writeFileSync(page, "<!doctype html><title>previous release</title>\n");
  const future = new Date(Date.now() + 365 * 86_400_000);
  fs.utimesSync(page, future, future);
  const build = spawnSync(process.execPath, ["scripts/build.mjs"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, PATH: `${path.join(dir, "node_modules/.bin")}:${process.env.PATH}` },
  });
  if (build.status !== 0 || !fs.existsSync(path.join(dir, "dist/server/main.mjs")))
    throw new Error(`build of release ${release.version} failed:\n${build.stdout}\n${build.stderr}`);
  fs.writeFileSync(done, `${new Date().toISOString()}\n`);
  return dir;
}
