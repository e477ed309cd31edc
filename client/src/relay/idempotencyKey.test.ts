// One idempotency key per submit of a create form (docs/api.md "Retrying a create"): a retry of the
// same submit sends the same key, so the server answers the registration the first send wrote;
// another input or a new form sends a new one. React's hooks are replaced by plain functions.
import { describe, expect, it, vi } from "vitest";

vi.mock("react", async (original) => ({
  ...(await original<typeof import("react")>()),
  useCallback: <T>(f: T) => f,
  useState: <T>(init: () => T) => [init(), () => {}],
}));

import { idempotencyKeys, randomKey, useIdempotentRun } from "./idempotencyKey";
import type { MutationResult } from "./useFeedbackMutation";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
type Mutation = { variables: { eventId: string; input: { lastname: string }; idempotencyKey?: string | null }; response: { ok: true } };

describe("idempotency keys of a create form", () => {
  it("[R-ST025][R-ST024] the same input keeps its key until it succeeds; another input or a new form gets a new one", () => {
    const keys = idempotencyKeys();
    const first = keys.keyFor({ lastname: "Klar" });
    expect(first).toMatch(UUID);
    expect(keys.keyFor({ lastname: "Klar" })).toBe(first);
    const changed = keys.keyFor({ lastname: "Klarer" });
    expect(changed).not.toBe(first);
    keys.succeeded();
    expect(keys.keyFor({ lastname: "Klarer" })).not.toBe(changed);
    expect(idempotencyKeys().keyFor({ lastname: "Klar" })).not.toBe(first);
  });

  it("a version-4 UUID also outside a secure context (no crypto.randomUUID over plain http)", () => {
    expect(randomKey()).toMatch(UUID);
    const saved = Object.getOwnPropertyDescriptor(crypto, "randomUUID");
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const a = randomKey();
      expect(a).toMatch(UUID);
      expect(randomKey()).not.toBe(a);
    } finally {
      if (saved) Object.defineProperty(crypto, "randomUUID", saved);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe("function");
  });

  it("[R-ST025] the submit sends the key: a retry after a network error sends the same one, the next submit after success a new one", async () => {
    const sent: (string | null | undefined)[] = [];
    const answers: MutationResult<{ ok: true }>[] = [
      { ok: false, fieldErrors: {} },
      { ok: true, response: { ok: true } },
      { ok: true, response: { ok: true } },
    ];
    const run = vi.fn(async (variables: Mutation["variables"]) => {
      sent.push(variables.idempotencyKey);
      return answers[sent.length - 1];
    });
    const submit = useIdempotentRun<Mutation>(run);
    const variables = { eventId: "RXZlbnQ6MQ==", input: { lastname: "Klar" } };
    expect((await submit(variables)).ok).toBe(false);
    expect((await submit({ ...variables, input: { ...variables.input } })).ok).toBe(true);
    await submit(variables);
    expect(sent[0]).toMatch(UUID);
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).not.toBe(sent[0]);
    // the variables the caller passed otherwise go through unchanged
    expect(run.mock.calls[0][0]).toEqual({ ...variables, idempotencyKey: sent[0] });
  });
});
