// Figure 6, the JavaScript of the first load (gzip), from Vite's manifest (dist/client/.vite/
// manifest.json): signed out, the entry and what it imports statically (the sign-in code: the start
// goes on to the sign-in page); signed in, also the app's chunk (client/src/mount.tsx, imported once
// a user is signed in) and its static imports. run.ts's figure 6 counted the entry's preloads, which
// since the split are the signed-out load only.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

export function firstLoad(clientDir: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
  /** the chunk `key` and every chunk it imports statically, transitively */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith("index.html"));
  if (!entry) throw new Error("the manifest names no entry index.html");
  const app = manifest[entry].dynamicImports?.find((k) => k.endsWith("mount.tsx"));
  const signedOut = closure(entry);
  const signedIn = app ? closure(app, new Set(signedOut)) : signedOut;
  const files = (keys: Set<string>) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
  const sum = (keys: Set<string>) => files(keys).reduce((n, f) => n + gzip(f), 0);
  return {
    signedOut: files(signedOut),
    signedOutGzipKB: kb(sum(signedOut)),
    firstScreen: files(signedIn),
    firstScreenGzipKB: kb(sum(signedIn)),
  };
}
