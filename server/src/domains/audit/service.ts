// Audit entries: who changed what, written in the same transaction as the change.
import type { Principal } from "../../auth/principal.ts";
import type { RawRead } from "../../db/adapter.ts";
import { Prisma } from "../../generated/prisma/client.ts";

export type Tx = Prisma.TransactionClient;

export type AuditInput = {
  action: string;
  entity: string;
  entityId?: number | null;
  districtAssociationId?: number | null;
  details?: Prisma.InputJsonValue;
};

/** The content of an audit entry: the one place that defines it (audit() and insertWithAudit() write it). */
function auditData(principal: Principal, entry: AuditInput) {
  return {
    // machine clients (API-Zugänge) have no user row: their subject "client:<id>" names them
    actorUserId: principal.kind === "client" ? null : principal.userId,
    actorLabel: principal.subject,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    districtAssociationId: entry.districtAssociationId ?? null,
    details: entry.details,
  };
}

export async function audit(tx: Tx, principal: Principal, entry: AuditInput) {
  await tx.auditEntry.create({ data: auditData(principal, entry) });
}

/** A column value of insertWithAudit: a parameter, JSON (objects and arrays, stored as jsonb), or SQL such as `(SELECT id FROM file)`. */
export type InsertValue = string | number | boolean | Date | Uint8Array | null | Prisma.InputJsonValue | Prisma.Sql;
/**
 * One INSERT of insertWithAudit: `as` names it for later values (`Prisma.sql\`(SELECT id FROM file)\``).
 * `table` is the model's name, which is its table's (this schema maps no model to another table name).
 */
export type InsertStep = { as: string; table: Prisma.ModelName; data: Record<string, InsertValue | undefined> };

const ident = (name: string) => Prisma.raw(`"${name.replaceAll('"', '""')}"`);

function valueSql(v: InsertValue): Prisma.Sql {
  if (v instanceof Prisma.Sql) return v;
  if (v === null || v instanceof Date || v instanceof Uint8Array || typeof v !== "object") return Prisma.sql`${v}`;
  return Prisma.sql`${JSON.stringify(v)}::jsonb`;
}

/** One insert of insertWithAudit, written only when its statement's condition holds (the `only_if` CTE has its one row). */
function insertSql(step: InsertStep): Prisma.Sql {
  const entries = Object.entries(step.data).filter((e): e is [string, InsertValue] => e[1] !== undefined);
  return Prisma.sql`${ident(step.as)} AS (INSERT INTO ${ident(step.table)} (${Prisma.join(entries.map(([k]) => ident(k)))}) SELECT ${Prisma.join(
    entries.map(([, v]) => valueSql(v)),
  )} FROM "only_if" RETURNING *)`;
}

export type InsertOptions = {
  /** written only while this condition holds, checked by the same statement: otherwise nothing is written and the answer is undefined */
  onlyIf?: Prisma.Sql;
  /** more columns of the answer, from the audited row (named by its step's `as`), e.g. its club's name */
  columns?: Prisma.Sql;
};

/**
 * Creates a row and its audit entry in ONE statement (data-modifying CTEs): PostgreSQL runs a
 * statement atomically, so both are written or neither (a failing audit insert leaves no row), and
 * without the BEGIN/COMMIT round trips of an interactive transaction. `steps` are inserted in order
 * (the last one is the audited row, whose id becomes the entry's entityId); the row's bookkeeping
 * columns (createdAt, updatedAt) are set here as Prisma would. Answers the audited row as stored,
 * typed as Prisma's $queryRaw would, with `options.columns`; undefined when `options.onlyIf` did not
 * hold. `sql`: the raw statements of services.sql (no transaction).
 */
export async function insertWithAudit<Row>(
  sql: RawRead,
  principal: Principal,
  steps: InsertStep[],
  entry: Omit<AuditInput, "entityId">,
  options: InsertOptions = {},
): Promise<Row | undefined> {
  const now = new Date();
  const last = steps.length - 1;
  const all = steps.map((s, i) => (i === last ? { ...s, data: { createdAt: now, updatedAt: now, ...s.data } } : s));
  const row = all[last].as;
  const auditStep: InsertStep = {
    as: "audit_entry",
    table: "AuditEntry",
    data: { at: now, ...auditData(principal, entry), entityId: Prisma.sql`(SELECT id FROM ${ident(row)})` },
  };
  const onlyIf = Prisma.sql`"only_if" AS (SELECT WHERE ${options.onlyIf ?? Prisma.sql`true`})`;
  const columns = options.columns ? Prisma.sql`, ${options.columns}` : Prisma.empty;
  const statement = Prisma.sql`WITH ${Prisma.join([onlyIf, ...[...all, auditStep].map(insertSql)])} SELECT ${ident(row)}.*${columns} FROM ${ident(row)}`;
  // past Prisma's query interpretation (the write of every new registration; db/adapter.ts RawRead)
  const rows = await sql<Row>(statement.text, statement.values);
  return rows[0];
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
 * (bookkeeping columns ignored). Only names are recorded, never values. Sealed (encrypted) fields
 * are compared through `sealed[key]` (which decrypts) and recorded without "Encrypted" (campData),
 * so the audit log never holds health data, not even encrypted.
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
