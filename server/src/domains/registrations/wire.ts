// The /v1 body fields both registration kinds share (D-exam and competition rest.ts): which
// registration, of which event, on which version, and the cancellation a body may carry.
import * as w from "../../http/wireSchema.ts";

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
