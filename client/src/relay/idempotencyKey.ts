import { useCallback, useState } from "react";
import type { MutationParameters } from "relay-runtime";
import type { MutationResult, RunOptions } from "./useFeedbackMutation";

/**
 * The idempotency keys of one create form (docs/api.md "Retrying a create"): the same key while
 * the same input is sent again (a retry after a network error, whose first send may have been
 * written; or after a refusal, which wrote nothing), a new one when the input changed or the last
 * send was answered with success. A new form starts without one.
 */
export function idempotencyKeys(newKey: () => string = randomKey) {
  let last: { input: string; key: string } | null = null;
  return {
    /** The key for sending `input` now. */
    keyFor(input: unknown): string {
      const sent = JSON.stringify(input);
      if (last?.input !== sent) last = { input: sent, key: newKey() };
      return last.key;
    },
    /** The create was answered: the next submit is a new one. */
    succeeded() {
      last = null;
    },
  };
}

/** A version-4 UUID: crypto.randomUUID, or from getRandomValues outside a secure context (plain http), where randomUUID is missing. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

type Run<M extends MutationParameters> = (variables: M["variables"], options?: RunOptions<M>) => Promise<MutationResult<M["response"]>>;

/**
 * A create mutation's `run` (useFeedbackMutation) that sends the form's idempotency key as the
 * variable `idempotencyKey`: one key per submit, the same for a retry of the same submit.
 */
export function useIdempotentRun<M extends MutationParameters & { variables: { idempotencyKey?: string | null } }>(run: Run<M>): Run<M> {
  const [keys] = useState(() => idempotencyKeys());
  return useCallback(
    async (variables, options) => {
      const { idempotencyKey: _ignored, ...input } = variables;
      const result = await run({ ...variables, idempotencyKey: keys.keyFor(input) }, options);
      if (result.ok) keys.succeeded();
      return result;
    },
    [run, keys],
  );
}
