// Decision R-EV006: an event is deleted automatically (with its locations, registrations,
// results and files) once its expiration day ("automatische Löschung") has passed. The server
// checks at start and every six hours; every replica may run it (the delete is idempotent).
import type { PrismaClient } from "../../generated/prisma/client.ts";

export async function deleteExpiredEvents(prisma: PrismaClient, now: Date): Promise<number> {
  const expired = await prisma.event.findMany({ where: { expiration: { lt: now } }, select: { id: true, name: true, districtAssociationId: true } });
  for (const e of expired) {
    await prisma.$transaction(async (tx) => {
      const files = await tx.storedFile.findMany({
        where: { OR: [{ consentFormOf: { eventId: e.id } }, { practiceSheetOf: { eventId: e.id } }] },
        select: { id: true },
      });
      await tx.event.deleteMany({ where: { id: e.id } });
      if (files.length) await tx.storedFile.deleteMany({ where: { id: { in: files.map((f) => f.id) } } });
      await tx.auditEntry.create({
        data: {
          actorLabel: "system",
          action: "expire",
          entity: "Event",
          entityId: e.id,
          districtAssociationId: e.districtAssociationId,
          details: { name: e.name },
        },
      });
    });
  }
  return expired.length;
}
