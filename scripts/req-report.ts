// Prints, per requirement prefix, which ids of docs/spec/requirements.md the tests name in
// their titles ("[R-XX000]") and which not. Informational: it does not fail the run.
import fs from "node:fs";
import path from "node:path";

const reqs = fs.readFileSync("docs/spec/requirements.md", "utf8");
const all = [...reqs.matchAll(/^- \[[ x]\] (R-[A-Z]+\d{3}):/gm)].map((m) => m[1]);

function files(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.name === "node_modules" || e.name === "generated" || e.name === "__generated__") continue;
    if (e.isDirectory()) files(p, out);
    else if (/\.(test|spec)\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

const named = new Set<string>();
for (const f of [...files("server"), ...files("client"), ...files("tests"), ...files("scripts")]) {
  for (const m of fs.readFileSync(f, "utf8").matchAll(/\[(R-[A-Z]+\d{3})\]/g)) named.add(m[1]);
}

const byPrefix = new Map<string, string[]>();
for (const id of all) {
  const prefix = id.replace(/\d+$/, "");
  byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), id]);
}
console.log("Requirement ids named by tests (docs/spec/requirements.md):");
let covered = 0;
for (const [prefix, ids] of byPrefix) {
  const done = ids.filter((i) => named.has(i));
  covered += done.length;
  const open = ids.filter((i) => !named.has(i)).map((i) => i.slice(prefix.length));
  console.log(
    `  ${prefix.padEnd(7)} ${String(done.length).padStart(3)}/${String(ids.length).padEnd(3)} ${open.length ? `not yet: ${open.join(" ")}` : "all named"}`,
  );
}
console.log(`  total   ${covered}/${all.length}`);
const unknown = [...named].filter((i) => !all.includes(i));
if (unknown.length) console.log(`  ids named in tests but not in the requirements: ${unknown.join(" ")}`);
