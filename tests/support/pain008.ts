// Validation of SEPA direct debit files in the suite (tests/fixtures/iso20022-pain008/README.md): the
// ISO 20022 pain.008.001.08 schema and the German banks' subset of it (GBIC_4), through libxml2 as
// WebAssembly (xmllint-wasm). An empty list is a valid file.
import fs from "node:fs";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

const DIR = path.resolve(import.meta.dirname, "../fixtures/iso20022-pain008");
export const PAIN008_SCHEMAS = ["pain.008.001.08.xsd", "pain.008.001.08_GBIC_4.xsd"] as const;

/** Problems of the XML against one of the pain.008 schemas. */
export async function pain008SchemaErrors(xml: string, schema: (typeof PAIN008_SCHEMAS)[number]): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: "debit.xml", contents: xml }],
    schema: [{ fileName: schema, contents: fs.readFileSync(path.join(DIR, schema), "utf8") }],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** Problems against both schemas, each named. */
export async function pain008Problems(xml: string): Promise<string[]> {
  const out: string[] = [];
  for (const s of PAIN008_SCHEMAS) for (const e of await pain008SchemaErrors(xml, s)) out.push(`${s}: ${e}`);
  return out;
}
