// The /v1 fields both registration kinds share (D-exam and competition rest.ts): the head of an
// answer (which registration, its version, of which event, by which account), and in a body which
// registration, of which event, on which version, and the cancellation a body may carry.
import { z } from "zod";
import * as w from "../../http/wireSchema.ts";

/** The first fields of every registration answer. */
export const registrationWireHead = {
  id: z.int(),
  version: z.int(),
  updated_at: w.updatedAt(),
  event_id: z.int(),
  user_id: z.int().nullable().meta({ description: "Das Konto, das angemeldet hat (null, wenn es gelöscht ist)" }),
};

/** The head of a registration's answer from its row. */
export const registrationHeadOf = (r: { id: number; version: number; updatedAt: Date; eventId: number; userId: number | null }) => ({
  id: r.id,
  version: r.version,
  updated_at: r.updatedAt.toISOString(),
  event_id: r.eventId,
  user_id: r.userId,
});

export const registrationBodyFields = {
  id: w.id(),
  event_id: w.id(),
  version: w.version(),
  // optional outside: absent (undefined) is "not sent", null is "sent as null" (registration_manage takes a cancellation back)
  cancelled_at: w
    .instant()
    .optional()
    .meta({
      ...w.INSTANT_OR_NULL,
      description: "Ein Vereinsmitglied storniert mit einem Wert (die Zeit setzt der Server); registration_manage setzt den Wert (auch null) wie gesendet",
    }),
};

type ConsentsBody = { remarks: string | null; gdpr_accepted: boolean | null; cancellation_accepted: boolean | null };

/** The remarks and the two consents of a body (a registration's or a takeover's) as the services read them. */
export const consentsOf = (b: ConsentsBody) => ({
  remarks: b.remarks,
  gdprAccepted: b.gdpr_accepted ?? false,
  cancellationAccepted: b.cancellation_accepted ?? false,
});

/** The shared fields of a body as the services read them (a kind's body transform spreads it). */
export const registrationBodyOf = (
  b: ConsentsBody & { id: number | null; event_id: number | null; version: number | null | undefined; cancelled_at?: Date | null },
) => ({
  id: b.id,
  eventId: b.event_id,
  version: b.version,
  cancelledAtSent: b.cancelled_at,
  ...consentsOf(b),
});
