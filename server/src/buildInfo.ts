// The release this process runs, for the app_build_info metric: package.json's version and the git
// commit the server was built from. scripts/build.mjs writes build-info.json beside the bundle
// (dist/server/); run from the sources (tsx, tests) the commit is "unknown".
import fs from "node:fs";

export type BuildInfo = { version: string; commit: string };

export function buildInfo(): BuildInfo {
  const read = (url: URL) => {
    try {
      return JSON.parse(fs.readFileSync(url, "utf8"));
    } catch {
      return null;
    }
  };
  const built = read(new URL("./build-info.json", import.meta.url));
  if (built?.version && built?.commit) return { version: String(built.version), commit: String(built.commit) };
  return { version: String(read(new URL("../../package.json", import.meta.url))?.version ?? "unknown"), commit: "unknown" };
}
