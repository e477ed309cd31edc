// Every user-visible text of the client comes from the catalogs (R-SH001, R-SH002).
// The TypeScript compiler reads every client TSX file and reports JSX text and string literals in
// the props that users see or hear (aria-label, title, placeholder, label, ...). Exempt: the
// German-only help content (client/src/help), generated code and tests.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";

// TypeScript 7 has no JavaScript compiler API; Vite's parser (oxc) reads TSX into an ESTree AST.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VISIBLE_PROPS = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "title",
  "placeholder",
  "label",
  "alt",
  "hint",
  "text",
  "acceptLabel",
  "emptyText",
  "header",
]);

interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

/** A piece of text that carries words (not punctuation, symbols, numbers or white space only). */
function hasWords(text: string): boolean {
  return /\p{L}{2,}/u.test(text);
}

function tsxFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(SRC, full).split(path.sep).join("/");
    if (entry.isDirectory()) {
      if (entry.name === "__generated__" || rel === "help") continue;
      out.push(...tsxFiles(full));
    } else if (entry.name.endsWith(".tsx") && !/\.test\.tsx$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/** The texts an expression can show directly: "x", `x ${y}`, a ? "x" : "y", a ?? "x", a || "x". */
function literalTexts(expression: unknown): { node: AstNode; text: string }[] {
  if (!isNode(expression)) return [];
  switch (expression.type) {
    case "Literal":
      return typeof expression.value === "string" ? [{ node: expression, text: expression.value }] : [];
    case "TemplateLiteral":
      return (expression.quasis as { value: { cooked: string | null } }[]).map((quasi) => ({ node: expression, text: quasi.value.cooked ?? "" }));
    case "ParenthesizedExpression":
      return literalTexts(expression.expression);
    case "ConditionalExpression":
      return [...literalTexts(expression.consequent), ...literalTexts(expression.alternate)];
    case "LogicalExpression":
      return expression.operator === "&&" ? literalTexts(expression.right) : [...literalTexts(expression.left), ...literalTexts(expression.right)];
    default:
      return [];
  }
}

/** "file:line: text" for each hard-coded user-visible string in one TSX source. */
function findHardcodedStrings(fileName: string, source: string): string[] {
  const { program, errors } = parseSync(fileName, source, { lang: "tsx" });
  if (errors.length > 0) throw new Error(`${fileName}: ${errors[0].message}`);
  const found: { start: number; text: string }[] = [];
  const report = (node: AstNode, text: string) => {
    // JSX text starts right after the previous tag, often with a line break: count from its first character
    if (hasWords(text)) found.push({ start: node.start + (text.length - text.trimStart().length), text: text.trim() });
  };
  const visit = (node: AstNode) => {
    if (node.type === "JSXText") report(node, String(node.value));
    if (node.type === "JSXElement" || node.type === "JSXFragment") {
      for (const child of node.children as AstNode[]) {
        if (child.type === "JSXExpressionContainer") for (const { node: literal, text } of literalTexts(child.expression)) report(literal, text);
      }
    }
    if (node.type === "JSXAttribute" && isNode(node.name) && node.name.type === "JSXIdentifier" && VISIBLE_PROPS.has(String(node.name.name))) {
      const value = node.value;
      const texts = isNode(value) && value.type === "JSXExpressionContainer" ? literalTexts(value.expression) : literalTexts(value);
      for (const { node: literal, text } of texts) report(literal, text);
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) isNode(item) && visit(item);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program as unknown as AstNode);
  return found.sort((a, b) => a.start - b.start).map(({ start, text }) => `${fileName}:${source.slice(0, start).split("\n").length}: ${JSON.stringify(text)}`);
}

describe("no hard-coded user-visible strings", () => {
  it("[R-SH001] the scanner finds JSX text and literal texts in visible props, not keys or class names", () => {
    const sample = `
      export const A = () => (
        <div className="wide" data-testid="x">
          Hallo Welt
          <button aria-label="Schließen" title={open ? "Zu" : t("menu.open")} type="button">{t("app.retry")}</button>
          <input placeholder={\`Suche\`} />
          {"Noch ein Text"}
          <span> – {count} / </span>
        </div>
      );`;
    expect(findHardcodedStrings("Sample.tsx", sample)).toEqual([
      'Sample.tsx:4: "Hallo Welt"',
      'Sample.tsx:5: "Schließen"',
      'Sample.tsx:5: "Zu"',
      'Sample.tsx:6: "Suche"',
      'Sample.tsx:7: "Noch ein Text"',
    ]);
  });

  it("[R-SH001][R-SH002] no client TSX file (outside the German-only help content) shows a text that is not from the catalogs", () => {
    const files = tsxFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => findHardcodedStrings(path.relative(SRC, file), fs.readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });
});
