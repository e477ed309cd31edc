// Rules every registration kind shares (D-exams and competitions, spec section 4): edit phases,
// cancelling and deleting.
import type { EditPhase } from "../../generated/prisma/client.ts";

export type Actor = { manager: boolean };

/**
 * Who deletes: `manager` deletes in any edit phase; `erases` (registration_manage of the event's
 * district, admin: the permission table's `registration.deleteCancelled`) also deletes a cancelled
 * registration, on a person's erasure request (docs/decisions.md "Erasure on request").
 */
export type Deleter = Actor & { erases?: boolean };

/** What may change in an edit phase (spec section 4); registration_manage may change everything. */
export function editableInPhase(phase: EditPhase, actor: Actor): "all" | "songs" | "nothing" {
  if (actor.manager || phase === "NO_RESTRICTIONS") return "all";
  return phase === "SONGS_ONLY" ? "songs" : "nothing";
}

/**
 * Delete only without a cancellation date (R-RO024), and only for the deleter or in phase
 * NoRestrictions; a cancelled registration only for registration_manage (erasure on request).
 */
export function canDelete(r: { cancelledAt: Date | null }, phase: EditPhase, actor: Deleter): boolean {
  if (r.cancelledAt !== null) return actor.erases === true;
  return actor.manager || phase === "NO_RESTRICTIONS";
}

/** Cancelling is always possible once; it is final for normal users. */
export const canCancel = (r: { cancelledAt: Date | null }) => r.cancelledAt === null;

/**
 * The common part of an overview row menu: edit scope (registration_read only views), delete for
 * the "deleter" (D-exams: registration_manage; competitions: user_manage, as the spec writes it) or
 * in phase NoRestrictions, otherwise cancel once; a cancelled row is deleted by registration_manage
 * (`manager`) only.
 */
export function baseRowActions(r: { cancelledAt: Date | null; editPhase: EditPhase }, v: { manager: boolean; deleter: boolean; clubMember: boolean }) {
  const changer = v.manager || v.clubMember || v.deleter;
  const scope = !(v.manager || v.clubMember) || (r.cancelledAt && !v.manager) ? "nothing" : editableInPhase(r.editPhase, { manager: v.manager });
  const del = changer && canDelete(r, r.editPhase, { manager: v.deleter, erases: v.manager });
  return {
    edit: scope === "all" ? ("ALL" as const) : scope === "songs" ? ("SONGS" as const) : ("NONE" as const),
    delete: del,
    cancel: (v.manager || v.clubMember) && !del && canCancel(r),
    manage: v.manager,
  };
}
