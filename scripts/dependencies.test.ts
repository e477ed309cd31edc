// package.json's "dependencies" are what a production install (`npm ci --omit=dev`) brings: exactly
// the packages the built server and its commands load (dist/server/*.mjs, made by the suite's build
// step) and what `npm run db:deploy` runs (the Prisma CLI with the schema engine stand-in
// prisma/schema-engine.mjs). Everything else (the client's libraries, bundled by Vite; esbuild;
// tsx) is a dev dependency. The production start itself is run without the dev tools in
// tests/integration/operations/deploy.pg.test.ts.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));

/** package names of the bare specifiers `source` imports, resolves or requires (exceljs loads on first use; the PDF fonts are files resolved in dejavu-fonts-ttf) */
function imported(source: string): string[] {
  const specifiers = [
    ...source.matchAll(
      /(?:^|\n)\s*import\s[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)|(?:^|\n)\s*import\s+"([^"]+)"|import\.meta\.resolve\(\s*"([^"]+)"|createRequire\([^)]*\)\(\s*"([^"]+)"\s*\)|\brequire\d*\.resolve\(\s*"([^"]+)"/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6]);
  return specifiers
    .filter((s) => !s.startsWith("node:") && !s.startsWith(".") && !s.startsWith("/"))
    .map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]));
}

describe("production dependencies", () => {
  it("are exactly what the built server, its commands and db:deploy load", () => {
    const bundles = fs.readdirSync("dist/server").filter((f) => f.endsWith(".mjs"));
    expect(bundles).toEqual(expect.arrayContaining(["main.mjs", "spreadsheet-worker.mjs", "admin-create.mjs", "backup.mjs", "keys-rotate.mjs"]));
    const loaded = new Set([
      ...bundles.flatMap((f) => imported(fs.readFileSync(path.join("dist/server", f), "utf8"))),
      // db:deploy: `prisma migrate deploy`, whose schema engine is prisma/schema-engine.mjs on the WebAssembly engine
      ...pkg.scripts["db:deploy"].split(" ").filter((w: string) => w === "prisma"),
      ...imported(fs.readFileSync("prisma/schema-engine.mjs", "utf8")),
    ]);
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...loaded].sort());
  });

  it("every command a production host runs works without tsx (bundled or plain node)", () => {
    for (const name of ["start", "admin:create", "backup", "restore", "keys:rotate"]) expect(pkg.scripts[name], name).not.toMatch(/\btsx\b/);
  });
});
