// The entities the change feed carries and who sees a change of each (docs/decisions.md "Change
// feed"): one line per synced table, the same name as its trigger's first argument in the
// migration (change_feed_capture). A change is shown to a principal who may read the row by the
// owner facts the change recorded (its district, club, account, the event's publication window):
// the domains' own read rules, asked with those facts, so a tombstone is scoped like its row was.
import { actsOn } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { CHANGE_ENTITIES, CHANGE_OPERATIONS, type ChangeEntityName, type ChangeOperation, EVENT_TYPES } from "../../shared/changeFeed.ts";
import { canReadClub } from "../associations/service.ts";
import { canSeeEvent } from "../events/service.ts";
import { canReadRegistration } from "../registrations/access.ts";
import { canReadUser } from "../users/service.ts";

/** The owner facts a change row recorded (the Change table's columns). */
export type ChangeOwner = {
  rowId: number;
  districtAssociationId: number | null;
  associationId: number | null;
  /** the club before an update moved the row to another one: its readers learn that it left */
  previousAssociationId: number | null;
  userId: number | null;
  publishFrom: Date | null;
  publishUntil: Date | null;
};

type Entity = {
  /** the GraphQL type (global ids, node(id:)) */
  typename: string;
  /** whether `p` may read a row with these owner facts */
  readable: (p: Principal, o: ChangeOwner & { districtAssociationId: number }, now: Date) => boolean;
};

const clubs = (o: ChangeOwner) => [o.associationId, o.previousAssociationId].filter((c): c is number => c != null);
const event = (o: ChangeOwner & { districtAssociationId: number }) => ({
  districtAssociationId: o.districtAssociationId,
  startPublishing: o.publishFrom ?? new Date(0),
  finishPublishing: o.publishUntil ?? new Date(0),
});

export const ENTITIES = {
  association: { typename: "Association", readable: (p, o) => canReadClub(p, { id: o.rowId, districtAssociationId: o.districtAssociationId }) },
  user: { typename: "User", readable: (p, o) => canReadUser(p, { id: o.rowId, districtAssociationId: o.districtAssociationId }) },
  event: { typename: "Event", readable: (p, o, now) => canSeeEvent(p, event(o), now) },
  location: { typename: "EventLocation", readable: (p, o, now) => canSeeEvent(p, event(o), now) },
  dexam_registration: {
    typename: "DexamRegistration",
    readable: (p, o) => clubs(o).some((c) => canReadRegistration(p, { associationId: c }, o, "dexam.read")),
  },
  competition_registration: {
    typename: "CompetitionRegistration",
    readable: (p, o) => clubs(o).some((c) => canReadRegistration(p, { associationId: c }, o, "competition.read")),
  },
  // a club reads its registrations' slots once their location's timetable is published (publishFrom:
  // when it was; publishing writes an update of each slot; publishUntil: the slot was published at
  // its previous change, so a club that saw it learns that it left), the district's staff of
  // timetable.registrationSlots always (the rule of timetable/service.ts registrationSlots)
  timetable_slot: {
    typename: "TimetableSlot",
    readable: (p, o) =>
      actsOn(p, "timetable.registrationSlots", { districtAssociationId: o.districtAssociationId, associationId: -1 }) ||
      ((o.publishFrom != null || o.publishUntil != null) &&
        clubs(o).some((c) => actsOn(p, "timetable.registrationSlots", { districtAssociationId: o.districtAssociationId, associationId: c }))),
  },
  invoice: {
    typename: "Invoice",
    readable: (p, o) => [...clubs(o), -1].some((c) => actsOn(p, "invoice.read", { districtAssociationId: o.districtAssociationId, associationId: c })),
  },
} as const satisfies Record<ChangeEntityName, Entity>;

export type EntityName = ChangeEntityName;
export const ENTITY_NAMES = CHANGE_ENTITIES;
export { CHANGE_OPERATIONS as OPERATIONS, type ChangeOperation, EVENT_TYPES };

/** Whether `p` sees this change (an unknown entity, or one without a district: nobody). */
export function seesChange(p: Principal, entity: string, owner: ChangeOwner, now: Date): boolean {
  const e = (ENTITIES as Record<string, Entity>)[entity];
  if (!e || owner.districtAssociationId == null) return false;
  return e.readable(p, { ...owner, districtAssociationId: owner.districtAssociationId }, now);
}
