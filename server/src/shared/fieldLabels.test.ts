import fs from "node:fs";
import { buildSchema, isInputObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { validationMessage } from "../auth/errors.ts";
import { FIELD_LABELS, fieldLabel } from "./labels.ts";

/** Every name a caller can send: the fields of the input types and the arguments of queries and mutations. */
function inputNames(): string[] {
  const schema = buildSchema(fs.readFileSync("schema.graphql", "utf8"));
  const names = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInputObjectType(type) && !type.name.startsWith("__")) for (const name of Object.keys(type.getFields())) names.add(name);
  }
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) for (const arg of field.args) names.add(arg.name);
  }
  return [...names].sort();
}
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe("field names in validation messages", () => {
  const names = inputNames();

  it("[R-SH001] the schema has input fields to check", () => {
    expect(names.length).toBeGreaterThan(50);
  });

  it.each(names)("[R-SH001] %s has a German label, and a message about it names the label, not the internal name", (name) => {
    expect(FIELD_LABELS[name]).toBeTruthy();
    const message = validationMessage({ [name]: "Dieses Feld ist ein Pflichtfeld" });
    expect(message).toBe(`Ungültige Eingabe: ${FIELD_LABELS[name]}: Dieses Feld ist ein Pflichtfeld`);
    for (const internal of new Set([name, snake(name)])) expect(message).not.toMatch(new RegExp(`\\b${internal}\\b`));
  });

  it("[R-SH001] nested paths name each level and count list entries from 1", () => {
    expect(fieldLabel("camp.emergencyContacts.0.phone")).toBe("Freizeitangaben – Notfallkontakt 1 – Telefon");
    expect(fieldLabel("songs.2.composer")).toBe("Stück 3 – Komponist");
    expect(validationMessage({ gdprLink: "Bitte eine gültige URL eingeben", "partialResult.year": "Bitte ein gültiges Jahr eingeben" })).toBe(
      "Ungültige Eingabe: Datenschutz-URL: Bitte eine gültige URL eingeben; Vorhandene Teilprüfung – Jahr: Bitte ein gültiges Jahr eingeben",
    );
  });
});
