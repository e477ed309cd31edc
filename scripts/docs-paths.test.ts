// Every path a Markdown file names in backticks exists (README.md, docs/, the READMEs under server/,
// client/ and tests/): a file or folder that was renamed or removed fails here, not in a reader's
// search. A path may be written from the repository's root, from the Markdown file's folder or as
// its tail (`auth/permissions.ts`, `files/zip.ts`); a bare file name (`de.ts`) names a file
// anywhere in the repository. Not paths: URLs and routes (`/v1/...`), media types, package names,
// globs and placeholders, commands (with spaces), `file.ts:42` is read as `file.ts`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const tracked = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { encoding: "utf8" }).split("\n").filter(Boolean);
const files = new Set(tracked);
const folders = new Set(
  tracked.flatMap((f) =>
    f
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
  ),
);

/** The Markdown files whose paths are checked (the product spec describes another system's files). */
const markdownFiles = () =>
  tracked.filter(
    (f) =>
      f.endsWith(".md") &&
      (f === "README.md" || (f.startsWith("docs/") && !f.startsWith("docs/spec/")) || /^(server|client|tests)\/.*README\.md$/.test(f)) &&
      fs.existsSync(f),
  );

const EXTENSION = /\.(ts|tsx|mts|mjs|js|cjs|json|jsonl|md|sql|prisma|graphql|ya?ml|css|html|py|txt|sh|xlsx|pdf|png|svg|ics|toml)$/;
const TOP = new Set(tracked.map((f) => f.split("/")[0]));
const packages = new Set(
  Object.keys({ ...JSON.parse(fs.readFileSync("package.json", "utf8")).dependencies, ...JSON.parse(fs.readFileSync("package.json", "utf8")).devDependencies }),
);

/** The backticked words of `text` that name a path. */
function pathsIn(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, "");
  const out: string[] = [];
  for (const m of prose.matchAll(/`([^`\n]+)`/g)) {
    const p = m[1]
      .trim()
      .replace(/:\d+(-\d+)?$/, "")
      .replace(/#.*$/, "");
    if (!p || /[\s*<>{}$=|,;'"()[\]]/.test(p) || /^[a-z][a-z+.-]*:/i.test(p) || p.startsWith("/") || p.startsWith("-") || p.startsWith("~")) continue;
    if (/^(application|text|multipart|image|audio|video|font)\//.test(p)) continue;
    const first = p.startsWith("@") ? p.split("/").slice(0, 2).join("/") : p.split("/")[0];
    if (packages.has(first) || p.startsWith("@")) continue;
    const slash = p.includes("/");
    const last = p.replace(/\/$/, "").split("/").pop() ?? "";
    // a bare extension (`.ics`) names a kind of file, not one
    const looksLikePath = slash ? EXTENSION.test(last) || p.endsWith("/") || TOP.has(first) : EXTENSION.test(p) && /^[\w-][\w.-]*$/.test(p);
    if (looksLikePath) out.push(p);
  }
  return out;
}

/** Paths the docs name that are not this repository's: an integrator's generated client (docs/api.md), relay-compiler's output folders. */
const ELSEWHERE = new Set(["gql/", "gql/graphql.ts", "__generated__/"]);

/**
 * File names listed with their folder ("`a.test.ts`, `b.test.ts` under `tests/integration/x/`", or
 * "... here" for the Markdown file's own folder): each must be in that folder, not elsewhere.
 */
function listedIn(text: string, from: string): { name: string; folder: string }[] {
  const out: { name: string; folder: string }[] = [];
  for (const m of text.matchAll(/((?:`[\w.-]+\.[a-z]+`[,\s]*(?:and\s+)?)+)(?:under\s+`([^`]+)`|here\b)/g)) {
    const folder = m[2] ? m[2].replace(/\/$/, "") : path.posix.dirname(from);
    for (const n of m[1].matchAll(/`([^`]+)`/g)) out.push({ name: n[1], folder });
  }
  return out;
}

/** Whether `p`, named in the Markdown file `from`, exists. */
function exists(p: string, from: string): boolean {
  if (ELSEWHERE.has(p) || /^(dist|\.tmp)\//.test(p)) return true; // elsewhere, or built (scripts/build.mjs)
  const clean = p.replace(/^\.\//, "").replace(/\/$/, "");
  const candidates = [clean, path.posix.normalize(path.posix.join(path.posix.dirname(from), clean))];
  if (candidates.some((c) => files.has(c) || folders.has(c))) return true;
  // built or generated on this machine (dist/, the Prisma client): present after the build
  if (candidates.some((c) => fs.existsSync(c))) return true;
  // the tail of a tracked path (`auth/permissions.ts`), or a bare file name anywhere
  return tracked.some((f) => f.endsWith(`/${clean}`) || f.includes(`/${clean}/`));
}

describe("paths in the docs", () => {
  it("the check reads paths, not routes, media types, packages or commands", () => {
    expect(
      pathsIn(
        "see `server/src/auth/permissions.ts`, `de.ts` and `registrations/`; not `/v1/user`, `application/json`, `npm run bench`, `@date-fns/tz`, `graphql-yoga`, `x-graphql-csrf`, `<dir>/x.ts`",
      ),
    ).toEqual(["server/src/auth/permissions.ts", "de.ts", "registrations/"]);
    expect(exists("auth/permissions.ts", "docs/decisions.md")).toBe(true);
    expect(exists("dexam/visibility.test.ts", "docs/decisions.md")).toBe(false);
    expect(exists("ARCHITECTURE.md", "README.md")).toBe(false);
    expect(listedIn("- Tests: `rules.test.ts` here; `a.test.ts`, `b.test.ts` under\n  `tests/integration/x/`.", "server/src/domains/x/README.md")).toEqual([
      { name: "rules.test.ts", folder: "server/src/domains/x" },
      { name: "a.test.ts", folder: "tests/integration/x" },
      { name: "b.test.ts", folder: "tests/integration/x" },
    ]);
  });

  it("every backticked path of README.md, docs/ and the READMEs exists", () => {
    const missing = markdownFiles().flatMap((md) => pathsIn(fs.readFileSync(md, "utf8")).flatMap((p) => (exists(p, md) ? [] : [`${md}: ${p}`])));
    expect(missing).toEqual([]);
  });

  it("file names listed under a folder (the domain READMEs' tests) are in that folder", () => {
    const misplaced = markdownFiles().flatMap((md) =>
      listedIn(fs.readFileSync(md, "utf8"), md).flatMap(({ name, folder }) => (files.has(`${folder}/${name}`) ? [] : [`${md}: ${name} is not in ${folder}/`])),
    );
    expect(misplaced).toEqual([]);
  });
});
