// The live (not cancelled) registrations of an event as the fee computation bills them, per club:
// a small reader of this domain (the registration domains stay as they are).
import type { Prisma } from "../../generated/prisma/client.ts";
import type { BillableRegistration } from "./fees.ts";

type Db = Prisma.TransactionClient;

export async function billableRegistrations(
  db: Db,
  event: { id: number; formType: string },
  associationIds?: readonly number[],
): Promise<Map<number, BillableRegistration[]>> {
  const where = { eventId: event.id, cancelledAt: null, ...(associationIds ? { associationId: { in: [...associationIds] } } : {}) };
  const byClub = new Map<number, BillableRegistration[]>();
  const push = (clubId: number, r: BillableRegistration) => {
    const list = byClub.get(clubId) ?? [];
    list.push(r);
    byClub.set(clubId, list);
  };
  if (event.formType === "COMPETITION") {
    const rows = await db.competitionRegistration.findMany({
      where,
      select: { id: true, associationId: true, type: true, category: true, createdAt: true },
      orderBy: { id: "asc" },
    });
    for (const r of rows) push(r.associationId, { kind: "competition", id: r.id, type: r.type, category: r.category, createdAt: r.createdAt });
  } else {
    const rows = await db.dexamRegistration.findMany({
      where,
      select: { id: true, associationId: true, type: true, partialResultType: true, createdAt: true },
      orderBy: { id: "asc" },
    });
    const camp = event.formType === "DEXAM_CAMP";
    for (const r of rows)
      push(r.associationId, { kind: "dexam", id: r.id, course: r.type, partialResultType: r.partialResultType, camp, createdAt: r.createdAt });
  }
  return byClub;
}
