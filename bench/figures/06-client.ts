// Figure 6: the client, gzip size of the first screen's JS and of every chunk (dist/client).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { firstLoad } from "../firstLoad.ts";
import { type Figure, ms, ROOT } from "../lib.ts";

export function figure6() {
  const dir = path.join(ROOT, "dist/client");
  const html = fs.readFileSync(path.join(dir, "index.html"), "utf8");
  const gz = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length;
  const chunks = fs
    .readdirSync(path.join(dir, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ file: `assets/${f}`, bytes: fs.statSync(path.join(dir, "assets", f)).size, gzip: gz(`assets/${f}`) }))
    .sort((a, b) => b.gzip - a.gzip);
  // the first screen: the entry script and the chunks it preloads
  const first = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const firstScreenGzip = first.reduce((sum, f) => sum + (chunks.find((c) => c.file === f)?.gzip ?? 0), 0);
  return { firstScreen: first, firstScreenGzipKB: ms(firstScreenGzip / 1024), chunks };
}

export const figure: Figure = {
  id: 6,
  title: "client",
  on: "none",
  run(results) {
    // the first screen from Vite's manifest (bench/firstLoad.ts): signed in, and the signed-out load
    results.client = { ...figure6(), ...firstLoad(path.join(ROOT, "dist/client")) };
  },
  rows: (r) => [
    ["6 first screen JS (gzip)", `${r.client.firstScreenGzipKB} KB`, "<= 250 KB", r.client.firstScreenGzipKB <= 250],
    ["6 signed-out first load JS (gzip)", `${r.client.signedOutGzipKB} KB`, "reported"],
  ],
};
