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

/** A name of the statement's steps, for a value that refers to an earlier step: `ref("file")`. */
export type Ref = (as: string) => Prisma.Sql;
/**
 * A column value of insertWithAudit: a parameter, JSON (objects and arrays, stored as jsonb), SQL,
 * or SQL that refers to an earlier step by its name, such as `(ref) => Prisma.sql\`(SELECT id FROM ${ref("file")})\``.
 */
export type InsertValue = string | number | boolean | Date | Uint8Array | null | Prisma.InputJsonValue | Prisma.Sql | ((ref: Ref) => Prisma.Sql);
/**
 * One INSERT of insertWithAudit: `as` names it for later values (`ref("file")`).
 * `table` is the model's name, which is its table's (this schema maps no model to another table name).
 */
export type InsertStep = { as: string; table: Prisma.ModelName; data: Record<string, InsertValue | undefined> };

const ident = (name: string) => Prisma.raw(`"${name.replaceAll('"', '""')}"`);

function valueSql(v: InsertValue, ref: Ref): Prisma.Sql {
  if (v instanceof Prisma.Sql) return v;
  if (typeof v === "function") return v(ref);
  if (v === null || v instanceof Date || v instanceof Uint8Array || typeof v !== "object") return Prisma.sql`${v}`;
  return Prisma.sql`${JSON.stringify(v)}::jsonb`;
}

/** One insert of insertWithAudit, written only when its statement's condition holds (the `only_if` CTE has its one row). */
function insertSql(step: InsertStep, ref: Ref): Prisma.Sql {
  const entries = Object.entries(step.data).filter((e): e is [string, InsertValue] => e[1] !== undefined);
  return Prisma.sql`${ref(step.as)} AS (INSERT INTO ${ident(step.table)} (${Prisma.join(entries.map(([k]) => ident(k)))}) SELECT ${Prisma.join(
    entries.map(([, v]) => valueSql(v, ref)),
  )} FROM ${ref("only_if")} RETURNING *)`;
}

export type InsertOptions = {
  /** written only while this condition holds, checked by the same statement: otherwise nothing is written and the answer is undefined */
  onlyIf?: Prisma.Sql;
  /** more columns of the answer, from the audited row (`ref` names it by its step's `as`), e.g. its club's name */
  columns?: (ref: Ref) => Prisma.Sql;
  /** steps written after the audited row and its audit entry (they may refer to the row), such as a create's idempotency key */
  after?: InsertStep[];
};

/** One create of insertWithAudit: its steps (the audit entry last), the audited step's name, its options. */
type PendingInsert = {
  steps: InsertStep[];
  row: string;
  options: InsertOptions;
  resolve: (row: unknown) => void;
  reject: (e: unknown) => void;
};

/** The CTEs of one create, the columns of its answer and where they come from, with its steps' names as `ref` gives them. */
function createSql(c: PendingInsert, ref: Ref): { ctes: Prisma.Sql[]; columns: Prisma.Sql; from: Prisma.Sql } {
  const onlyIf = Prisma.sql`${ref("only_if")} AS (SELECT WHERE ${c.options.onlyIf ?? Prisma.sql`true`})`;
  const more = c.options.columns ? Prisma.sql`, ${c.options.columns(ref)}` : Prisma.empty;
  return { ctes: [onlyIf, ...c.steps.map((s) => insertSql(s, ref))], columns: Prisma.sql`${ref(c.row)}.*${more}`, from: ref(c.row) };
}

/** Alone: the statement as it always was (prepared under its name, the same text every time). */
async function runOne(sql: RawRead, c: PendingInsert): Promise<void> {
  try {
    const { ctes, columns, from } = createSql(c, ident);
    const statement = Prisma.sql`WITH ${Prisma.join(ctes)} SELECT ${columns} FROM ${from}`;
    c.resolve((await sql<unknown>(statement.text, statement.values))[0]);
  } catch (e) {
    c.reject(e);
  }
}

/**
 * At most this many creates in one statement. Measured on the rush (figure 3): 8 cut the server's
 * CPU per create by a fifth and PostgreSQL's not at all; 32 made PostgreSQL's grow by half (more
 * and larger statements to plan), 4 saved less.
 */
const BATCH_MAX = 8;

/**
 * Creates of one kind that arrived together, in one statement: each create's steps under names of
 * their own (`registration_3`), each with its own condition, and one row per written create, marked
 * with its place ("batchIndex", the last column). One statement is one transaction: if PostgreSQL
 * refuses it (one create's constraint, say), nothing of it is written and every create runs alone,
 * so each gets its own answer. Prepared as any statement: its text depends only on the kind of create and
 * how many (2 to BATCH_MAX), so a server has few of them.
 */
async function runTogether(sql: RawRead, group: PendingInsert[]): Promise<void> {
  let rows: (Record<string, unknown> & { batchIndex?: number })[];
  try {
    const parts = group.map((c, k) => createSql(c, (as) => ident(`${as}_${k}`)));
    const statement = Prisma.sql`WITH ${Prisma.join(parts.flatMap((p) => p.ctes))} ${Prisma.join(
      parts.map((p, k) => Prisma.sql`SELECT ${p.columns}, ${Prisma.raw(String(k))} AS "batchIndex" FROM ${p.from}`),
      " UNION ALL ",
    )}`;
    rows = await sql(statement.text, statement.values);
  } catch (e) {
    // PostgreSQL refused the statement (it carries a severity): nothing of it was written, each
    // create may run alone. Any other failure (a lost connection) may have come after the commit:
    // then running them again could write them twice, so every create gets the error.
    if (e instanceof Error && "severity" in e) await Promise.all(group.map((c) => runOne(sql, c)));
    else for (const c of group) c.reject(e);
    return;
  }
  const byIndex = new Map<number, unknown>();
  for (const row of rows) {
    const k = row.batchIndex as number;
    // the mark is the last column: removing it keeps the row a fast object (insertNewRegistration)
    delete row.batchIndex;
    byIndex.set(k, row);
  }
  for (const [k, c] of group.entries()) c.resolve(byIndex.get(k));
}

/** Per database (services.sql): the creates waiting for this turn of the event loop to end. */
const waiting = new WeakMap<RawRead, PendingInsert[]>();

function flush(sql: RawRead) {
  const all = waiting.get(sql) ?? [];
  waiting.delete(sql);
  // only rows of one table (and the same extra columns) can share a result
  const groups = new Map<string, PendingInsert[]>();
  for (const c of all) {
    const kind = `${c.steps.map((s) => s.table).join()}|${c.options.columns?.(ident).text ?? ""}`;
    const group = groups.get(kind) ?? [];
    groups.set(kind, group);
    group.push(c);
  }
  for (const group of groups.values())
    for (let i = 0; i < group.length; i += BATCH_MAX) {
      const part = group.slice(i, i + BATCH_MAX);
      void (part.length === 1 ? runOne(sql, part[0]) : runTogether(sql, part));
    }
}

/**
 * Creates a row and its audit entry in ONE statement (data-modifying CTEs): PostgreSQL runs a
 * statement atomically, so both are written or neither (a failing audit insert leaves no row), and
 * without the BEGIN/COMMIT round trips of an interactive transaction. `steps` are inserted in order
 * (the last one is the audited row, whose id becomes the entry's entityId); the row's bookkeeping
 * columns (createdAt, updatedAt) are set here as Prisma would. Answers the audited row as stored,
 * typed as Prisma's $queryRaw would, with `options.columns`; undefined when `options.onlyIf` did not
 * hold. `sql`: the raw statements of services.sql (no transaction).
 *
 * The creates that arrive within one turn of the event loop (a deadline rush) share one statement
 * (runTogether), each still all or nothing and with its own condition; a lone create is the
 * statement above.
 */
export function insertWithAudit<Row>(
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
    data: { at: now, ...auditData(principal, entry), entityId: (ref: Ref) => Prisma.sql`(SELECT id FROM ${ref(row)})` },
  };
  return new Promise<Row | undefined>((resolve, reject) => {
    const pending = waiting.get(sql);
    const c: PendingInsert = { steps: [...all, auditStep, ...(options.after ?? [])], row, options, resolve: resolve as (row: unknown) => void, reject };
    if (pending) pending.push(c);
    else {
      waiting.set(sql, [c]);
      setImmediate(() => flush(sql));
    }
  });
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
