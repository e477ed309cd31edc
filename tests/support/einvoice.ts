// Validation of e-invoice XML in the suite (tests/fixtures/en16931-cii/README.md): the CII schema
// (xmllint-wasm, libxml2 as WebAssembly) and the official EN 16931 rules (the published XSLT, run by
// SaxonJS). Both answer the problems found; an empty list is a valid invoice.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "tests/fixtures/en16931-cii");
const SCHEMA_DIR = path.join(FIXTURE, "schema/CII/uncefact/data/standard");
const XSLT = path.join(FIXTURE, "xslt/EN16931-CII-validation.xslt");

/** Problems of the XML against a schema whose files lie in one folder (`main` the root schema). */
export async function schemaErrors(xml: string, dir: string, main: string): Promise<string[]> {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".xsd"));
  const preload = files.filter((f) => f !== main).map((f) => ({ fileName: f, contents: fs.readFileSync(path.join(dir, f), "utf8") }));
  const result = await validateXML({
    xml: [{ fileName: "invoice.xml", contents: xml }],
    schema: [{ fileName: main, contents: fs.readFileSync(path.join(dir, main), "utf8") }],
    preload,
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** Problems of a CII invoice against the CII D16B schema. */
export const ciiSchemaErrors = (xml: string) => schemaErrors(xml, SCHEMA_DIR, "CrossIndustryInvoice_100pD16B.xsd");

let compiled: string | null = null;
/** The XSLT compiled to SaxonJS's SEF, once per XSLT content (cached in .tmp, ~1 min on a busy machine). */
function sef(): string {
  if (compiled) return compiled;
  const hash = crypto.createHash("sha256").update(fs.readFileSync(XSLT)).digest("hex").slice(0, 16);
  const file = path.join(ROOT, ".tmp", `en16931-cii.${hash}.sef.json`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/xslt3/xslt3.js"), `-xsl:${XSLT}`, `-export:${tmp}`, "-nogo"], { stdio: "pipe" });
    fs.renameSync(tmp, file);
  }
  compiled = file;
  return file;
}

type Saxon = { transform(options: Record<string, unknown>, mode: "async"): Promise<{ principalResult: string }> };

/** The EN 16931 rules the invoice breaks: "BR-CO-15: ..." per fatal failed assertion (warnings are left out). */
export async function en16931Failures(xml: string): Promise<string[]> {
  const saxon = require("saxon-js") as Saxon;
  const { principalResult } = await saxon.transform({ stylesheetFileName: sef(), sourceText: xml, destination: "serialized" }, "async");
  const out: string[] = [];
  for (const m of principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attrs = m[1] as string;
    if (!/flag="fatal"/.test(attrs)) continue;
    const id = /id="([^"]*)"/.exec(attrs)?.[1] ?? "?";
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2] as string)?.[1]?.trim() ?? "";
    out.push(`${id}: ${text}`);
  }
  return out;
}

/** Both checks at once: schema problems first, then broken rules. */
export async function einvoiceProblems(xml: string): Promise<string[]> {
  return [...(await ciiSchemaErrors(xml)), ...(await en16931Failures(xml))];
}
