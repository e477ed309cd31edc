// Role lists live only in the permission table (docs/decisions.md): the client imports it
// (@shared/permissions, @shared/roles) and names no role itself. Vite's parser (oxc) reads every
// client source file (not tests, not generated code) into an ESTree AST; any string literal or
// plain template literal that is a role name (either spelling of the results roles) fails.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ROLES } from "@shared/roles";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROLE_NAMES: ReadonlySet<string> = new Set([...ROLES, "result_read", "result_manage"]);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "__generated__") out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      out.push(full);
    }
  }
  return out;
}

/** The string values of every literal in the tree: string literals and templates without placeholders. */
function literals(node: unknown, found: { start: number; text: string }[] = []): { start: number; text: string }[] {
  if (Array.isArray(node)) {
    for (const child of node) literals(child, found);
    return found;
  }
  if (typeof node !== "object" || node === null) return found;
  const record = node as { type?: string; start?: number; value?: unknown; quasis?: { value: { cooked: string } }[] };
  if (record.type === "Literal" && typeof record.value === "string") found.push({ start: record.start ?? 0, text: record.value });
  if (record.type === "TemplateLiteral" && record.quasis?.length === 1) found.push({ start: record.start ?? 0, text: record.quasis[0].value.cooked });
  for (const [key, value] of Object.entries(node)) if (key !== "parent") literals(value, found);
  return found;
}

/** "file:line: 'role'" for each role name written as a literal in the client's sources. */
function roleLiterals(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const code = fs.readFileSync(file, "utf8");
    const { program } = parseSync(file, code);
    return literals(program)
      .filter((literal) => ROLE_NAMES.has(literal.text))
      .map((literal) => `${path.relative(SRC, file)}:${code.slice(0, literal.start).split("\n").length}: '${literal.text}'`);
  });
}

describe("role names in the client", () => {
  it("no client source names a role: menus, routes and buttons ask the imported permission table", () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    expect(roleLiterals(files)).toEqual([]);
  });

  it("the scanner finds a role in a string and in a plain template literal, not in longer texts", () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? "/tmp"), "roles-"));
    const file = path.join(dir, "sample.ts");
    fs.writeFileSync(file, 'const a = ["user_manage", `admin`];\nconst b = "admin_note" + `${a}` + "results_read ";\n');
    try {
      const name = path.relative(SRC, file);
      expect(roleLiterals([file])).toEqual([`${name}:1: 'user_manage'`, `${name}:1: 'admin'`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
