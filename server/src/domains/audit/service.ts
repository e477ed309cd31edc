// Audit entries: who changed what, written in the same transaction as the change.
import type { Principal } from "../../auth/principal.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

export type Tx = Prisma.TransactionClient;

export async function audit(
  tx: Tx,
  principal: Principal,
  entry: { action: string; entity: string; entityId?: number | null; districtAssociationId?: number | null; details?: Prisma.InputJsonValue },
) {
  await tx.auditEntry.create({
    data: {
      actorUserId: principal.userId,
      actorLabel: principal.subject,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      districtAssociationId: entry.districtAssociationId ?? null,
      details: entry.details,
    },
  });
}
