// Role lists live only in the permission table (shared/permissions.ts) and the role names in
// shared/roles.ts: the client's menu, routes and buttons and the server's checks ask the table
// (mayCall, isAdmin, SCREENS, actsOn ...). This test reads every source file of client/src and
// server/src (tests and generated files aside) and fails on a string literal that is a role name.
import fs from "node:fs";
import path from "node:path";
import { parseSync, Visitor } from "vite";
import { describe, expect, it } from "vitest";
import { ROLES } from "./roles.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const ROLE_NAMES = new Set<string>([...ROLES, "result_read", "result_manage"]);

/** The table itself, and literals that are no role (file relative to the repository, the literal, why). */
const TABLE = new Set(["server/src/shared/permissions.ts", "server/src/shared/roles.ts"]);
const NOT_ROLES: { file: string; literal: string; why: string }[] = [
  { file: "server/src/idp/identityAdmin.ts", literal: "admin", why: "the manual provider's notes go to the operator's mailbox 'admin'" },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "__generated__" ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [rel] : [];
  });
}

/** Every string literal of the file that is a role name, as "file:line literal" (parsed by Vite's oxc parser). */
function roleLiterals(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const { program, errors } = parseSync(file, text);
  if (errors.length) throw new Error(`${file}: ${errors[0].message}`);
  const found: string[] = [];
  const check = (value: unknown, start: number) => {
    if (typeof value !== "string" || !ROLE_NAMES.has(value)) return;
    if (NOT_ROLES.some((n) => n.file === file && n.literal === value)) return;
    found.push(`${file}:${text.slice(0, start).split("\n").length} "${value}"`);
  };
  new Visitor({
    Literal: (node) => check(node.value, node.start),
    TemplateLiteral: (node) => {
      if (node.expressions.length === 0) check(node.quasis[0]?.value.cooked, node.start);
    },
  }).visit(program);
  return found;
}

describe("role names only in the permission table", () => {
  it("no string literal in client/src is a role name (tests and generated files aside)", () => {
    const files = sourceFiles("client/src");
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(roleLiterals)).toEqual([]);
  });

  it("no string literal in server/src outside shared/permissions.ts and shared/roles.ts is a role name", () => {
    const files = sourceFiles("server/src").filter((f) => !TABLE.has(f));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(roleLiterals)).toEqual([]);
  });

  it("the scan finds role names where they are literals", () => {
    const table = roleLiterals("server/src/shared/permissions.ts");
    expect(table.some((hit) => hit.endsWith('"registration_manage"'))).toBe(true);
    expect(roleLiterals("server/src/idp/identityAdmin.ts")).toEqual([]);
  });
});
