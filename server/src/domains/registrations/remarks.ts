// The free-text remarks of D-exam and competition registrations, sealed with the data key like the
// camp data (docs/decisions.md "Encryption at rest"): free text may speak of health ("Rollstuhl",
// "Allergie"), whichever form carries it. Written to `remarksEncrypted`, the plain column empty;
// rows from before keep their remarks in the plain column until sealPlainRemarks (at start-up)
// moves them. Every door (GraphQL, /v1, exports, "Meine Daten") reads through remarksOf.
import { type DataKey, decrypt, encrypt } from "../../crypto/aead.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { changeDetails } from "../audit/service.ts";

type WithRemarks = { remarks: string | null; remarksEncrypted: Uint8Array | null };

/** The remarks of a row, sealed or (rows from before the sweep) plain. */
export function remarksOf(key: DataKey, r: WithRemarks): string | null {
  return r.remarksEncrypted ? decrypt(key, r.remarksEncrypted).toString("utf8") : r.remarks;
}

/** The columns a write stores for the remarks `text` (already cleaned): sealed, the plain column emptied. */
export function remarksColumns(key: DataKey, text: string | null | undefined): { remarks: null; remarksEncrypted: Uint8Array<ArrayBuffer> | null } {
  return { remarks: null, remarksEncrypted: text ? new Uint8Array(encrypt(key, text)) : null };
}

/**
 * An update's audit details (audit/service.ts changeDetails) with the remarks compared by their
 * text: a row moved from the plain column or sealed again under a new key shows no change, and a
 * changed text is named "remarks", never valued (the history keeps free text by name only).
 */
export function changeDetailsSealed(
  key: DataKey,
  before: WithRemarks & Record<string, unknown>,
  next: Record<string, unknown>,
  sealed: Record<string, (value: unknown) => unknown> = {},
) {
  const open = (v: unknown) => (v instanceof Uint8Array ? decrypt(key, v).toString("utf8") : (v ?? null));
  return changeDetails({ ...before, remarks: null, remarksEncrypted: before.remarksEncrypted ?? before.remarks }, next, { ...sealed, remarksEncrypted: open });
}

/**
 * Moves the remarks of rows written before they were sealed into `remarksEncrypted`, a few at a
 * time, both registration kinds (a migration has no key); answers how many. A row changes only
 * while it still has the version and plain text it was read with, so a change at the same time or
 * a replica starting together wins; version and updatedAt stay.
 */
export async function sealPlainRemarks(prisma: PrismaClient, key: DataKey, batch = 20): Promise<number> {
  let moved = 0;
  for (const table of ["DexamRegistration", "CompetitionRegistration"] as const) {
    let after = 0;
    for (;;) {
      const args = {
        where: { remarks: { not: null }, id: { gt: after } },
        select: { id: true, version: true, remarks: true },
        orderBy: { id: "asc" as const },
        take: batch,
      };
      const rows = table === "DexamRegistration" ? await prisma.dexamRegistration.findMany(args) : await prisma.competitionRegistration.findMany(args);
      if (rows.length === 0) break;
      for (const r of rows) {
        const sealed = new Uint8Array(encrypt(key, r.remarks as string));
        moved +=
          table === "DexamRegistration"
            ? await prisma.$executeRaw`UPDATE "DexamRegistration" SET "remarksEncrypted" = ${sealed}, "remarks" = NULL
                WHERE "id" = ${r.id} AND "version" = ${r.version} AND "remarks" = ${r.remarks}`
            : await prisma.$executeRaw`UPDATE "CompetitionRegistration" SET "remarksEncrypted" = ${sealed}, "remarks" = NULL
                WHERE "id" = ${r.id} AND "version" = ${r.version} AND "remarks" = ${r.remarks}`;
      }
      after = rows[rows.length - 1].id;
    }
  }
  return moved;
}
