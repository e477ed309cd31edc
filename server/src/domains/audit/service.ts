// Audit entries: who changed what, written in the same transaction as the change.
import type { Principal } from "../../auth/principal.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

export type Tx = Prisma.TransactionClient;

export type AuditInput = {
  action: string;
  entity: string;
  entityId?: number | null;
  districtAssociationId?: number | null;
  details?: Prisma.InputJsonValue;
};

const auditRow = (principal: Principal, entry: AuditInput) => ({
  // machine clients (API-Zugänge) have no user row: their subject "client:<id>" names them
  actorUserId: principal.kind === "client" ? null : principal.userId,
  actorLabel: principal.subject,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId ?? null,
  districtAssociationId: entry.districtAssociationId ?? null,
  details: entry.details,
});

/** Writes the audit entry of a change in the change's own transaction. */
export async function audit(tx: Tx, principal: Principal, entry: AuditInput) {
  await tx.auditEntry.create({ data: auditRow(principal, entry) });
}

/** Writes the audit entries of a change that writes many rows at once (an issuing run), in one statement. */
export async function auditMany(tx: Tx, principal: Principal, entries: AuditInput[]) {
  if (entries.length) await tx.auditEntry.createMany({ data: entries.map((e) => auditRow(principal, e)) });
}

const BOOKKEEPING = new Set(["version", "updatedAt", "createdAt"]);

function comparable(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString("base64");
  if (typeof v === "object" && (v as { constructor?: { name?: string } }).constructor?.name === "Decimal") return String(Number(v));
  if (typeof v === "number" || typeof v === "bigint") return String(Number(v));
  // jsonb does not keep key order: compare objects with sorted keys
  return JSON.stringify(v, (_k, x) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );
}

/**
 * Names of the fields an update changes: the keys of `next` whose value differs from `before`
 * (bookkeeping columns ignored). Sealed (encrypted) fields are compared through `sealed[key]`
 * (which decrypts) and recorded without "Encrypted" (campData), so the audit log never holds
 * health data, not even encrypted.
 */
export function changedFields(
  before: Record<string, unknown>,
  next: Record<string, unknown>,
  sealed: Record<string, (value: unknown) => unknown> = {},
): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || BOOKKEEPING.has(key)) continue;
    const open: ((v: unknown) => unknown) | undefined = Object.hasOwn(sealed, key) ? sealed[key] : undefined;
    const was = open ? open(before[key]) : before[key];
    const is = open ? open(value) : value;
    if (comparable(was) !== comparable(is)) out.push(open ? key.replace(/Encrypted$/, "") : key);
  }
  return out.sort();
}

/**
 * Fields whose values the history never keeps, only their names: besides the sealed camp data,
 * the free-text remarks and the meal request (both may speak of health).
 */
const NAMES_ONLY = new Set(["remarks", "mealRequest"]);

/** A value as the history keeps it: instants as ISO strings, decimals as numbers, bytes never. */
function kept(v: unknown): Prisma.InputJsonValue | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return null;
  if (typeof v === "object" && (v as { constructor?: { name?: string } }).constructor?.name === "Decimal") return Number(v);
  if (typeof v === "bigint") return Number(v);
  return v as Prisma.InputJsonValue;
}

/**
 * The details of an update's audit entry: `changed` (changedFields) and `values`, each changed
 * field's old and new value ([before, after]) for the history ("Änderungen"), except sealed fields
 * (health data) and NAMES_ONLY, which appear by name only.
 */
export function changeDetails(
  before: Record<string, unknown>,
  next: Record<string, unknown>,
  sealed: Record<string, (value: unknown) => unknown> = {},
): { changed: string[]; values: Record<string, [Prisma.InputJsonValue | null, Prisma.InputJsonValue | null]> } {
  const changed = changedFields(before, next, sealed);
  const values: Record<string, [Prisma.InputJsonValue | null, Prisma.InputJsonValue | null]> = {};
  for (const key of changed)
    if (Object.hasOwn(next, key) && !Object.hasOwn(sealed, key) && !NAMES_ONLY.has(key)) values[key] = [kept(before[key]), kept(next[key])];
  return { changed, values };
}
