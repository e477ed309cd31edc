// How long the change feed keeps what it holds (docs/decisions.md "Change feed"): a row's latest
// change is kept while the row exists, so a reader starting from the beginning gets every row; a
// change superseded by a later one of the same row, and a deletion (tombstone), are kept
// CHANGE_RETENTION_DAYS (default 30) and then pruned by the automatic-deletion round
// (events/expiry.ts). A cursor issued longer ago than that is refused: the reader starts again.
import type { Config } from "../../config.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

export const DEFAULT_CHANGE_RETENTION_DAYS = 30;
export const retentionDays = (config: Pick<Config, "changeRetentionDays">) => config.changeRetentionDays ?? DEFAULT_CHANGE_RETENTION_DAYS;

export const CHANGE_RETENTION_MESSAGE = (days: number) =>
  `Der Cursor ist älter als ${days} Tage; Löschungen davor werden nicht mehr aufbewahrt. Bitte das Änderungsprotokoll ohne Cursor von vorn lesen`;

/** Deletes the superseded changes and tombstones older than `days` (a few thousand at a time); answers how many. */
export async function pruneChanges(tx: Prisma.TransactionClient, now: Date, days: number): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  let total = 0;
  for (;;) {
    const n = await tx.$executeRaw`DELETE FROM "Change" WHERE seq IN (
      SELECT c.seq FROM "Change" c
       WHERE c.at < ${before} AND (c.operation = 'deleted'
         OR EXISTS (SELECT 1 FROM "Change" n WHERE n.entity = c.entity AND n."rowId" = c."rowId" AND n.seq > c.seq))
       LIMIT 5000)`;
    total += n;
    if (n < 5000) return total;
  }
}
