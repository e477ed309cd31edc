import { type FieldNode, Kind, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { countAlongside, selectsTotalCount } from "./countAlongside.ts";

/** The field nodes of the query's first top-level field, as GraphQL's resolve info carries them. */
const fieldNodes = (query: string) => {
  const op = parse(query).definitions[0];
  if (op.kind !== Kind.OPERATION_DEFINITION) throw new Error("not an operation");
  return [op.selectionSet.selections[0] as FieldNode];
};

describe("countAlongside", () => {
  it("sees totalCount in the connection's own selection", () => {
    expect(selectsTotalCount({ fieldNodes: fieldNodes("{ c(first: 1) { totalCount edges { node { id } } } }") })).toBe(true);
    expect(selectsTotalCount({ fieldNodes: fieldNodes("{ c(first: 1) { edges { node { id } } } }") })).toBe(false);
  });

  it("sees totalCount asked for through a fragment of the connection", () => {
    const doc = parse("{ c(first: 1) { ...Page } } fragment Page on C { totalCount }");
    const [op, fragment] = doc.definitions;
    if (op.kind !== Kind.OPERATION_DEFINITION || fragment.kind !== Kind.FRAGMENT_DEFINITION) throw new Error("unexpected document");
    const info = { fieldNodes: [op.selectionSet.selections[0] as FieldNode], fragments: { Page: fragment } };
    expect(selectsTotalCount(info)).toBe(true);
  });

  it("counts once, started with the page, and totalCount answers from that count", async () => {
    const calls: object[] = [];
    const { start, totalCount } = countAlongside(async (args: { eventId: number }) => {
      calls.push(args);
      return 42;
    });
    const args = { eventId: 1 };
    start(args, {}, { fieldNodes: fieldNodes("{ c { totalCount } }") });
    expect(calls).toEqual([args]); // begun before the page is read
    expect(await totalCount(null, args, {})).toBe(42);
    expect(calls).toHaveLength(1);
  });

  it("starts nothing when the selection does not ask for totalCount; totalCount then counts itself", async () => {
    let calls = 0;
    const { start, totalCount } = countAlongside(async () => ++calls);
    const args = { eventId: 2 };
    start(args, {}, { fieldNodes: fieldNodes("{ c { edges { cursor } } }") });
    expect(calls).toBe(0);
    expect(await totalCount(null, args, {})).toBe(1);
  });

  it("a failed count is not an unhandled rejection; it surfaces where totalCount is asked for", async () => {
    const { start, totalCount } = countAlongside(async () => {
      throw new Error("count failed");
    });
    const args = {};
    start(args, {}, { fieldNodes: fieldNodes("{ c { totalCount } }") });
    await new Promise((r) => setImmediate(r)); // an unhandled rejection would fail the run here
    await expect(totalCount(null, args, {})).rejects.toThrow("count failed");
  });
});
