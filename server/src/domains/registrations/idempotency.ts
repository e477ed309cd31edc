// Idempotency keys of creates (docs/decisions.md "Retried creates"): a caller sends a key of its
// choosing with a create (GraphQL argument `idempotencyKey`, /v1 header `Idempotency-Key`). The
// key's row (caller, key, the request's hash, the new registration's id) is written in the create's
// transaction (registrations/access.ts recordCreate), so it exists exactly when the registration does.
// A retry with the same key answers that registration, whatever became of the first answer; the
// same key with another request is refused; a create that loses the race for its key (two at
// once) answers the winner's registration. Keys belong to their caller and live KEY_HOURS hours.
import { createHash } from "node:crypto";
import { AppError } from "../../auth/errors.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { ServiceCtx } from "../context.ts";

/** How long a key answers its registration; afterwards it counts as unused (and the expiry job deletes it). */
export const KEY_HOURS = 24;
const KEY_MS = KEY_HOURS * 3_600_000;

/** 1 to 255 visible ASCII characters (a UUID, say). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const INVALID_KEY = "Ungültiger Idempotency-Key: 1 bis 255 sichtbare ASCII-Zeichen erwartet";
export const KEY_REUSED =
  "Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet: Eine neue Anmeldung braucht einen neuen Schlüssel, eine Wiederholung dieselben Angaben.";

/** The description of the GraphQL argument `idempotencyKey` of the creates. */
export const IDEMPOTENCY_KEY =
  "A key of your choosing (1 to 255 visible ASCII characters, a UUID say) that makes the create safe to retry: sent again with the same input within 24 hours it answers the registration the first request created instead of creating another; with other input it is refused (IDEMPOTENCY_KEY_REUSED). Keys are per caller.";

export type CreateOperation = "dexam.create" | "competition.create" | "dexam.takeover";

/** A create with a key: who sent it, the key, and the hash of the operation and its request. */
export type KeyedRequest = { caller: string; key: string; operation: CreateOperation; hash: string };

/** The request as a hash sees it: object keys sorted, absent (undefined) and null values left out. */
function canonical(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined && x !== null)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, x]) => [k, canonical(x)]),
    );
  return v;
}

/** The keyed request of a create; null without a key. A key that is not 1 to 255 visible ASCII characters is refused (BAD_REQUEST). */
export function keyedRequest(p: Principal, key: string | null | undefined, operation: CreateOperation, request: unknown): KeyedRequest | null {
  if (key === undefined || key === null) return null;
  if (typeof key !== "string" || !KEY_PATTERN.test(key)) throw new AppError("BAD_REQUEST", INVALID_KEY);
  const hash = createHash("sha256")
    .update(operation)
    .update("\n")
    .update(JSON.stringify(canonical(request)))
    .digest("hex");
  return { caller: p.subject, key, operation, hash };
}

/** Writes the key's row for the registration `registrationId`, in the create's transaction. */
export async function saveKey(tx: Prisma.TransactionClient, request: KeyedRequest, registrationId: number, now: Date): Promise<void> {
  await tx.idempotencyKey.create({
    data: { caller: request.caller, key: request.key, operation: request.operation, requestHash: request.hash, registrationId, createdAt: now },
  });
}

/**
 * What a key answers: undefined when the caller has not used it (in the last KEY_HOURS hours),
 * else the registration it created (`replay`), or IDEMPOTENCY_KEY_REUSED when it came with another
 * request. The caller's expired row of this key is deleted first.
 */
export async function storedAnswer<T>(ctx: ServiceCtx, request: KeyedRequest | null, replay: (registrationId: number) => Promise<T>): Promise<T | undefined> {
  if (!request) return undefined;
  const since = new Date(ctx.services.now().getTime() - KEY_MS);
  const mine = { caller: request.caller, key: request.key };
  await ctx.prisma.idempotencyKey.deleteMany({ where: { ...mine, createdAt: { lt: since } } });
  const row = await ctx.prisma.idempotencyKey.findFirst({ where: { ...mine, createdAt: { gte: since } }, select: { requestHash: true, registrationId: true } });
  if (!row) return undefined;
  if (row.requestHash !== request.hash) throw new AppError("IDEMPOTENCY_KEY_REUSED", KEY_REUSED);
  const answer = await replay(row.registrationId);
  ctx.replayed = true;
  return answer;
}

/** The key's row broke its uniqueness rule (PostgreSQL's code, or Prisma's P2002 for it). */
const uniqueViolation = (e: unknown) => !!e && typeof e === "object" && ["23505", "P2002"].includes((e as { code?: unknown }).code as string);

/**
 * A create with an optional key: the stored answer when the key was used (not looked up again
 * when `lookedUp`, the takeover did before its checks), else `create`, whose transaction writes
 * the key's row (recordCreate). When the insert breaks a uniqueness rule while a create with
 * the same key was faster, the answer is that create's registration.
 */
export async function createOnce<T>(
  ctx: ServiceCtx,
  request: KeyedRequest | null,
  replay: (registrationId: number) => Promise<T>,
  create: () => Promise<T>,
  { lookedUp = false } = {},
): Promise<T> {
  if (!request) return create();
  if (!lookedUp) {
    const stored = await storedAnswer(ctx, request, replay);
    if (stored !== undefined) return stored;
  }
  try {
    return await create();
  } catch (e) {
    if (!uniqueViolation(e)) throw e;
    const stored = await storedAnswer(ctx, request, replay);
    if (stored === undefined) throw e;
    return stored;
  }
}

/** Deletes the keys older than KEY_HOURS hours at `now` (the expiry job); answers how many. */
export async function deleteExpiredKeys(tx: Prisma.TransactionClient, now: Date): Promise<number> {
  return (await tx.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - KEY_MS) } } })).count;
}
