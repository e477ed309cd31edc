import { type FieldNode, type FragmentDefinitionNode, Kind, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { selectedFieldNames } from "./selection.ts";

/** The resolve info of the document's first top-level field: its field nodes and the fragments. */
const infoOf = (document: string) => {
  const defs = parse(document).definitions;
  const op = defs.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (!op || op.kind !== Kind.OPERATION_DEFINITION) throw new Error("no operation");
  const fragments = Object.fromEntries(defs.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  return { fieldNodes: [op.selectionSet.selections[0] as FieldNode], fragments };
};

describe("selectedFieldNames", () => {
  it("names the fields at a path below the resolving field", () => {
    const info = infoOf("{ c(first: 2) { totalCount edges { cursor node { id firstname camp { diseases } } } } }");
    expect(selectedFieldNames(info, ["edges", "node"])).toEqual(new Set(["id", "firstname", "camp"]));
    expect(selectedFieldNames(info, ["edges"])).toEqual(new Set(["cursor", "node"]));
    expect(selectedFieldNames(info, [])).toEqual(new Set(["totalCount", "edges"]));
    expect(selectedFieldNames(info, ["pageInfo"])).toEqual(new Set());
  });

  it("follows fragment spreads (nested, used twice) and inline fragments, as Relay sends them", () => {
    const info = infoOf(`
      query { c { ...Table } }
      fragment Table on Conn { edges { node { id ...Row ... on Reg { remarks } } } }
      fragment Row on Reg { firstname ...Menu ...Menu }
      fragment Menu on Reg { viewerCan { edit } }`);
    expect(selectedFieldNames(info, ["edges", "node"])).toEqual(new Set(["id", "firstname", "remarks", "viewerCan"]));
  });

  it("counts a field under @skip or @include and an aliased field by its name: a field that may be asked for is in", () => {
    const info = infoOf("query($s: Boolean!) { c { edges { node { a: birthdate gender @skip(if: $s) remarks @include(if: $s) } } } }");
    expect(selectedFieldNames(info, ["edges", "node"])).toEqual(new Set(["birthdate", "gender", "remarks"]));
  });

  it("gathers the same path from several places (an alias of edges, a repeated field)", () => {
    const info = infoOf("{ c { edges { node { id } } more: edges { node { remarks } } } }");
    expect(selectedFieldNames(info, ["edges", "node"])).toEqual(new Set(["id", "remarks"]));
  });
});
