// The change feed (docs/decisions.md "Change feed"): the creates, updates and deletes of the synced
// tables in commit order, from a resumable cursor, each shown only to a principal who may read its
// row (entities.ts). Rows come from the Change table, which the trigger change_feed_capture fills in
// the change's own transaction.
//
// Commit order: a row carries its transaction's id (txid). The feed hands out only changes of
// transactions older than the oldest one still running (pg_snapshot_xmin of the statement's
// snapshot), ordered by (txid, seq); every transaction that commits later has a txid at least that
// xmin, so it sorts after every change handed out and no reader skips it. A long-running
// transaction holds the feed back until it ends (it never loses a change).
import { AppError } from "../../auth/errors.ts";
import { authorize } from "../../auth/permissions.ts";
import type { ServiceCtx } from "../context.ts";
import { type ChangeOperation, type ChangeOwner, seesChange } from "./entities.ts";
import { CHANGE_RETENTION_MESSAGE, retentionDays } from "./retention.ts";

export type ChangeEntry = {
  /** the position after this change: a reader resumes from it */
  cursor: string;
  entity: string;
  rowId: number;
  operation: ChangeOperation;
  /** the row's version after the change (before it, for a deletion) */
  version: number | null;
  /** when the changing transaction began */
  at: Date;
};

export type ChangePage = {
  entries: ChangeEntry[];
  /** where the next read starts: after the last change read (also when none of them was shown) */
  cursor: string;
  /** more changes are ready now; false: the feed is read to its end (ask again later) */
  hasMore: boolean;
};

/** A page has at most this many changes; the default is 100. */
export const MAX_PAGE = 1000;
export const DEFAULT_PAGE = 100;
/** At most this many changes are looked at for one page (a principal who sees few of them still gets an answer soon, and resumes). */
const MAX_SCAN = 10_000;

type Position = { txid: bigint; seq: bigint; issued: number };
const START: Position = { txid: 0n, seq: 0n, issued: 0 };

export const CHANGE_CURSOR_MESSAGE = "Ungültiger Cursor: bitte den cursor einer Antwort des Änderungsprotokolls übergeben";

const INT8_MAX = 2n ** 63n - 1n;

/** A cursor: base64url of "c1.<txid>.<seq>.<issued ms>"; the time tells whether the changes after it are still kept. */
export function encodeChangeCursor(p: Position): string {
  return Buffer.from(`c1.${p.txid}.${p.seq}.${p.issued}`).toString("base64url");
}

export function decodeChangeCursor(cursor: string | null | undefined): Position {
  if (cursor == null || cursor === "") return START;
  const m = /^c1\.(\d{1,19})\.(\d{1,19})\.(\d{1,15})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (
    !m ||
    BigInt(m[1]) > INT8_MAX ||
    BigInt(m[2]) > INT8_MAX ||
    encodeChangeCursor({ txid: BigInt(m[1]), seq: BigInt(m[2]), issued: Number(m[3]) }) !== cursor
  )
    throw new AppError("INVALID_CURSOR", CHANGE_CURSOR_MESSAGE);
  return { txid: BigInt(m[1]), seq: BigInt(m[2]), issued: Number(m[3]) };
}

type Row = Omit<ChangeOwner, "rowId"> & {
  seq: string;
  txid: string;
  entity: string;
  rowId: number;
  operation: ChangeOperation;
  version: number | null;
  at: Date;
};

/**
 * The changes after `after` the principal may see, at most `first`. A cursor issued longer ago than
 * the retention (CHANGE_RETENTION_DAYS) is refused: deletions after it may be gone, so the reader
 * starts again from the beginning (no cursor), which answers every row that exists.
 */
export async function readChanges(ctx: ServiceCtx, args: { after?: string | null; first?: number | null }): Promise<ChangePage> {
  const p = authorize(ctx.principal, "change.list");
  const first = args.first ?? DEFAULT_PAGE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE)
    throw new AppError("VALIDATION", `Es werden 1 bis ${MAX_PAGE} Änderungen je Seite geliefert`, { first: `1 bis ${MAX_PAGE}` });
  const from = decodeChangeCursor(args.after);
  const now = ctx.services.now();
  const days = retentionDays(ctx.services.config);
  if (from.issued > 0 && from.issued < now.getTime() - days * 86_400_000) throw new AppError("INVALID_CURSOR", CHANGE_RETENTION_MESSAGE(days));

  const entries: ChangeEntry[] = [];
  let at: Position = from;
  let scanned = 0;
  let more = true;
  const issued = now.getTime();
  while (entries.length < first && scanned < MAX_SCAN && more) {
    const batch = Math.min(Math.max((first - entries.length) * 2, 200), MAX_SCAN - scanned);
    const rows = await ctx.services.sql<Row>(
      `SELECT c.seq::text AS seq, c.txid::text AS txid, c.entity, c."rowId", c.operation, c.version, c."districtAssociationId",
              c."associationId", c."previousAssociationId", c."userId", c."publishFrom", c."publishUntil", c.at
         FROM "Change" c
        WHERE (c.txid, c.seq) > ($1::bigint, $2::bigint) AND c.txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
        ORDER BY c.txid, c.seq
        LIMIT ${batch}`,
      [at.txid.toString(), at.seq.toString()],
    );
    more = rows.length === batch;
    for (const row of rows) {
      scanned++;
      at = { txid: BigInt(row.txid), seq: BigInt(row.seq), issued };
      if (!seesChange(p, row.entity, row, now)) continue;
      entries.push({
        cursor: encodeChangeCursor(at),
        entity: row.entity,
        rowId: row.rowId,
        operation: row.operation,
        version: row.version,
        at: row.at,
      });
      if (entries.length === first) {
        more = more || row !== rows[rows.length - 1];
        break;
      }
    }
  }
  return { entries, cursor: encodeChangeCursor({ ...at, issued }), hasMore: more };
}
