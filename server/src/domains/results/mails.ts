// Result mails (docs/decisions.md "Confirmation e-mails"): the one rule for when a registering user
// hears that a result is published, called when a location publishes (locations/service.ts) and
// when a result is entered at a location that already publishes (results/service.ts).
import type { Prisma } from "../../generated/prisma/client.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { competitionFacts, dexamFacts } from "../../mail/registrationMail.ts";
import { LOCATION_TYPE_LABELS } from "../../shared/labels.ts";
import { competitionResultsVisible } from "../competition/rules.ts";

type Tx = Prisma.TransactionClient;

type EventWithLocations = Prisma.EventGetPayload<{ include: { locations: true } }>;
type Scope = { eventId: number; cancelledAt: null; id?: { in: number[] } };

/**
 * Which registrations' results `locationId` shows, as where clauses of their kind (null: none):
 * for D-exams the part at a published theory or practice location, named ("Theorieprüfung",
 * "Praxisprüfung"); for competitions every registration with points once every location of the
 * event publishes. Live registrations with that result recorded only. `asPublished`: as if the
 * location published already (what publishing it would show).
 */
function shownResults(event: EventWithLocations, locationId: number | null, scope: Scope, asPublished = false) {
  const published = (l: { id: number; publishResults: boolean }) => l.publishResults || (asPublished && l.id === locationId);
  if (event.formType === "COMPETITION") {
    if (
      !competitionResultsVisible(
        false,
        event.locations.map((l) => ({ publishResults: published(l) })),
      )
    )
      return null;
    return { kind: "competition" as const, where: { ...scope, points: { not: null } } satisfies Prisma.CompetitionRegistrationWhereInput };
  }
  const l = event.locations.find((x) => x.id === locationId);
  if (!l || !published(l) || (l.type !== "DEXAM_THEORY" && l.type !== "DEXAM_PRACTICE")) return null;
  const at = l.type === "DEXAM_THEORY" ? { theoryLocationId: l.id, theoryPoints: { not: null } } : { practiceLocationId: l.id, practicePoints: { not: null } };
  return { kind: "dexam" as const, part: LOCATION_TYPE_LABELS[l.type], where: { ...scope, ...at } satisfies Prisma.DexamRegistrationWhereInput };
}

/** Result mails go to the registering user unless they switched them off ("Mein Account bearbeiten"). */
const WANTS_RESULT_MAILS = { user: { resultMails: true } } as const;

/**
 * One "results" mail per registration whose result registrants now see (shownResults), to users
 * who keep result mails on. `registrationIds`: only these (a result just entered); absent: all
 * (the location just published). Answers how many it wrote.
 */
export async function mailResults(tx: Tx, eventId: number, locationId: number | null, registrationIds?: readonly number[]): Promise<number> {
  if (registrationIds?.length === 0) return 0;
  const event = await tx.event.findUniqueOrThrow({ where: { id: eventId }, include: { locations: true } });
  const shown = shownResults(event, locationId, { eventId, cancelledAt: null, ...(registrationIds ? { id: { in: [...registrationIds] } } : {}) });
  if (!shown) return 0;
  const target = (r: { userId: number | null; associationId: number }) => ({ ...r, districtAssociationId: event.districtAssociationId });
  const order = { orderBy: { id: "asc" } } as const;
  let n = 0;
  if (shown.kind === "competition") {
    for (const r of await tx.competitionRegistration.findMany({ where: { ...shown.where, ...WANTS_RESULT_MAILS }, ...order }))
      if (await enqueueMail(tx, target(r), "results", competitionFacts(r, r.id, event))) n++;
    return n;
  }
  for (const r of await tx.dexamRegistration.findMany({ where: { ...shown.where, ...WANTS_RESULT_MAILS }, ...order }))
    if (await enqueueMail(tx, target(r), "results", { ...dexamFacts(r, r.id, event), part: shown.part })) n++;
  return n;
}

/**
 * What publishing a location's results concerns (for the confirmation before publishing): the
 * registrations whose results it would show, and how many result mails it would write (the same
 * rule as mailResults). Zeros for a location whose publishing shows nothing new.
 */
export async function countResultMails(db: Tx, locationId: number): Promise<{ registrations: number; mails: number }> {
  const l = await db.eventLocation.findUnique({ where: { id: locationId }, select: { eventId: true, publishResults: true } });
  if (!l || l.publishResults) return { registrations: 0, mails: 0 };
  const event = await db.event.findUniqueOrThrow({ where: { id: l.eventId }, include: { locations: true } });
  const shown = shownResults(event, locationId, { eventId: event.id, cancelledAt: null }, true);
  if (!shown) return { registrations: 0, mails: 0 };
  const withMail = { ...WANTS_RESULT_MAILS, userId: { not: null } };
  const [registrations, mails] =
    shown.kind === "competition"
      ? await Promise.all([
          db.competitionRegistration.count({ where: shown.where }),
          db.competitionRegistration.count({ where: { ...shown.where, ...withMail } }),
        ])
      : await Promise.all([db.dexamRegistration.count({ where: shown.where }), db.dexamRegistration.count({ where: { ...shown.where, ...withMail } })]);
  return { registrations, mails };
}

/** The ids whose points an entry sets anew (a first result, or another value): a result entered again unchanged mails nobody. */
export const changedPoints = (rows: readonly { id: number; before: unknown; after: number | null }[]) =>
  rows.filter((r) => r.after !== null && (r.before === null || r.before === undefined || Number(r.before) !== r.after)).map((r) => r.id);
