// Result mails (docs/decisions.md "Confirmation e-mails"): the one rule for when a registering user
// hears that a result is published, called when a location publishes (locations/service.ts) and
// when a result is entered at a location that already publishes (results/service.ts).
import type { Prisma } from "../../generated/prisma/client.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { competitionFacts, dexamFacts } from "../../mail/registrationMail.ts";
import { LOCATION_TYPE_LABELS } from "../../shared/labels.ts";
import { competitionResultsVisible } from "../competition/rules.ts";

type Tx = Prisma.TransactionClient;

/**
 * One "results" mail per registration whose result registrants now see: for D-exams the part at
 * `locationId` (named: "Theorieprüfung", "Praxisprüfung"), once that location publishes; for
 * competitions once every location of the event publishes. Only live registrations with that
 * result recorded, and only to users who keep result mails on. `registrationIds`: only these
 * (a result just entered); absent: all (the location just published). Answers how many it wrote.
 */
export async function mailResults(tx: Tx, eventId: number, locationId: number | null, registrationIds?: readonly number[]): Promise<number> {
  if (registrationIds?.length === 0) return 0;
  const event = await tx.event.findUniqueOrThrow({ where: { id: eventId }, include: { locations: true } });
  const wants = { eventId, cancelledAt: null, user: { resultMails: true }, ...(registrationIds ? { id: { in: [...registrationIds] } } : {}) } as const;
  const target = (r: { userId: number | null; associationId: number }) => ({ ...r, districtAssociationId: event.districtAssociationId });
  let n = 0;
  if (event.formType === "COMPETITION") {
    if (!competitionResultsVisible(false, event.locations)) return 0;
    const rows = await tx.competitionRegistration.findMany({ where: { ...wants, points: { not: null } }, orderBy: { id: "asc" } });
    for (const r of rows) if (await enqueueMail(tx, target(r), "results", competitionFacts(r, r.id, event))) n++;
    return n;
  }
  const location = event.locations.find((l) => l.id === locationId);
  if (!location?.publishResults || (location.type !== "DEXAM_THEORY" && location.type !== "DEXAM_PRACTICE")) return 0;
  const rows = await tx.dexamRegistration.findMany({
    where: {
      ...wants,
      ...(location.type === "DEXAM_THEORY" ? { theoryLocationId: location.id, theoryPoints: { not: null } } : {}),
      ...(location.type === "DEXAM_PRACTICE" ? { practiceLocationId: location.id, practicePoints: { not: null } } : {}),
    },
    orderBy: { id: "asc" },
  });
  const part = LOCATION_TYPE_LABELS[location.type];
  for (const r of rows) if (await enqueueMail(tx, target(r), "results", { ...dexamFacts(r, r.id, event), part })) n++;
  return n;
}

/** The ids whose points an entry sets anew (a first result, or another value): a result entered again unchanged mails nobody. */
export const changedPoints = (rows: readonly { id: number; before: unknown; after: number | null }[]) =>
  rows.filter((r) => r.after !== null && (r.before === null || r.before === undefined || Number(r.before) !== r.after)).map((r) => r.id);
