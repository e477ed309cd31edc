import { createSchema, createYoga } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import type { Principal } from "../auth/principal.ts";
import { eventListScope } from "../domains/events/service.ts";
import { SharedStore, serializedOnce } from "./sharedResults.ts";

describe("SharedStore", () => {
  it("keeps a value for its lifetime and no longer", () => {
    let t = 1_000;
    const store = new SharedStore<string>(5_000, 10, () => t);
    store.set("a", "eins");
    t += 4_999;
    expect(store.get("a")).toBe("eins");
    t += 1;
    expect(store.get("a")).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it("holds at most maxEntries: the oldest go first", () => {
    const store = new SharedStore<number>(60_000, 2, () => 0);
    store.set("a", 1);
    store.set("b", 2);
    store.set("c", 3);
    expect([store.get("a"), store.get("b"), store.get("c")]).toEqual([undefined, 2, 3]);
  });

  it("with a lifetime of 0 it keeps nothing", () => {
    const store = new SharedStore<number>(0);
    expect(store.enabled).toBe(false);
    store.set("a", 1);
    expect(store.get("a")).toBeUndefined();
  });
});

describe("eventListScope", () => {
  const principal = (roles: Principal["roles"], districtAssociationId = 1, extra: Partial<Principal> = {}): Principal => ({
    kind: "user",
    userId: 1,
    subject: "s",
    roles,
    districtAssociationId,
    associationIds: [],
    blocked: false,
    profileComplete: true,
    ...extra,
  });

  it("names what decides the list: admin, staff of one district (the roles that see unpublished events), or everybody else", () => {
    expect(eventListScope(principal(["admin"]))).toBe("all");
    expect(eventListScope(principal(["registration_read"], 3))).toBe("staff:3");
    expect(eventListScope(principal(["event_manage"], 3))).toBe("staff:3");
    expect(eventListScope(principal(["results_manage"], 4))).toBe("staff:4");
    // roles that do not see unpublished events share the members' list
    expect(eventListScope(principal(["user_manage"], 3))).toBe("published");
    expect(eventListScope(principal([], 3))).toBe("published");
    expect(eventListScope(principal([], 7))).toBe("published");
  });

  it("a principal that may not list events gets no scope (nothing shared)", () => {
    expect(eventListScope(principal([], 1, { blocked: true }))).toBeNull();
  });
});

describe("serializedOnce", () => {
  it("answers the text of its first serialisation again, also for a copy with the same data, and is not part of the JSON itself", () => {
    const shared = serializedOnce({ data: { events: [{ name: "Frühjahr" }] } }) as { data: { events: { name: string }[] }; stringify?: (v: unknown) => string };
    const first = shared.stringify?.(shared);
    expect(first).toBe('{"data":{"events":[{"name":"Frühjahr"}]}}');
    expect(JSON.stringify(shared)).toBe(first);
    shared.data.events[0].name = "geändert"; // (a shared answer is never changed: this only shows the text is kept)
    expect(shared.stringify?.(shared)).toBe(first);
    expect(shared.stringify?.({ other: 1 })).toBe('{"other":1}');
    // the copies the response cache and Yoga make (the same data, without the internal http extension) are the shared answer
    expect(shared.stringify?.({ ...shared, extensions: undefined })).toBe(first);
    expect(shared.stringify?.({ ...shared, errors: [{ message: "x" }] })).not.toBe(first);
  });

  it("Yoga writes a result out with the result's own stringify (the contract serializedOnce relies on)", async () => {
    const shared = serializedOnce({ data: { hello: "eins" } }) as { data: { hello: string }; stringify?: (v: unknown) => string };
    shared.stringify?.(shared);
    shared.data.hello = "zwei"; // a fresh serialisation would say "zwei"
    const yoga = createYoga({
      schema: createSchema({ typeDefs: "type Query { hello: String }", resolvers: { Query: { hello: () => "drei" } } }),
      logging: false,
      plugins: [{ onExecute: ({ setResultAndStopExecution }: { setResultAndStopExecution: (r: unknown) => void }) => setResultAndStopExecution(shared) }],
    });
    const res = await yoga.fetch("http://localhost/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"query":"{ hello }"}',
    });
    expect(await res.text()).toBe('{"data":{"hello":"eins"}}');
  });
});
