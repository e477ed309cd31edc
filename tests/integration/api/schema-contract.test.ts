// The schema as the integrators' contract: no breaking change against
// the released baseline unless it is recorded in docs/schema-changes.md, and every type, field,
// argument, enum value and input field carries a description.
import fs from "node:fs";
import {
  buildSchema,
  findBreakingChanges,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
} from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../../../server/src/graphql/schema.ts";

/** The accepted changes of docs/schema-changes.md: the description before " — ". */
function acceptedChanges(): string[] {
  const text = fs.readFileSync("docs/schema-changes.md", "utf8");
  const block = text.split("<!-- accepted-breaking-changes:start -->")[1]?.split("<!-- accepted-breaking-changes:end -->")[0];
  if (block === undefined) throw new Error("docs/schema-changes.md lacks the accepted-breaking-changes markers");
  return block
    .split("\n")
    .filter((l) => l.startsWith("- "))
    .map((l) => l.slice(2).split(" — ")[0].trim());
}

describe("breaking changes against docs/schema-baseline.graphql", () => {
  it("every breaking change of the code's schema against the released baseline is recorded in docs/schema-changes.md", () => {
    const baseline = buildSchema(fs.readFileSync("docs/schema-baseline.graphql", "utf8"));
    const accepted = new Set(acceptedChanges());
    const unrecorded = findBreakingChanges(baseline, schema)
      .map((c) => c.description)
      .filter((d) => !accepted.has(d));
    expect(unrecorded, "record these in docs/schema-changes.md (or undo them)").toEqual([]);
  });

  it("the check sees a removed field and a new required argument (the comparison is not vacuous)", () => {
    const before = buildSchema("type Query { a: Int, b(x: Int): Int }");
    const after = buildSchema("type Query { b(x: Int, y: Int!): Int }");
    const found = findBreakingChanges(before, after).map((c) => c.description);
    expect(found).toEqual(expect.arrayContaining(["Query.a was removed.", "A required arg y on Query.b was added."]));
    // adding a field is fine
    expect(findBreakingChanges(before, buildSchema("type Query { a: Int, b(x: Int): Int, c: String }"))).toEqual([]);
  });
});

/** Every element of the schema without a description, as "Type", "Type.field", "Type.field(arg)". */
function undescribed(): string[] {
  const out: string[] = [];
  for (const t of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(t) || (isScalarType(t) && isSpecifiedScalarType(t))) continue;
    if (!t.description) out.push(t.name);
    if (isObjectType(t) || isInterfaceType(t))
      for (const f of Object.values(t.getFields())) {
        if (!f.description) out.push(`${t.name}.${f.name}`);
        for (const a of f.args) if (!a.description) out.push(`${t.name}.${f.name}(${a.name})`);
      }
    if (isInputObjectType(t)) for (const f of Object.values(t.getFields())) if (!f.description) out.push(`${t.name}.${f.name}`);
    if (isEnumType(t)) for (const v of t.getValues()) if (!v.description) out.push(`${t.name}.${v.name}`);
  }
  return out;
}

describe("descriptions", () => {
  it("every type, field, argument, enum value and input field has a description (except the still-open list, which may only shrink)", () => {
    const text = fs.readFileSync("docs/schema-changes.md", "utf8");
    const block = text.split("<!-- undescribed:start -->")[1]?.split("<!-- undescribed:end -->")[0] ?? "";
    const open = new Set(
      block
        .split("\n")
        .filter((l) => l.startsWith("- "))
        .map((l) => l.slice(2).trim()),
    );
    const missing = undescribed();
    // new elements must come with a description
    expect(missing.filter((m) => !open.has(m))).toEqual([]);
    // described elements leave the list (it only shrinks)
    expect([...open].filter((o) => !missing.includes(o))).toEqual([]);
  });
});
