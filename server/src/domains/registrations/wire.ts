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
      type: ["string", "null"],
      anyOf: [{ format: "date-time" }, { format: "date" }],
      description: "Ein Vereinsmitglied storniert mit einem Wert (die Zeit setzt der Server); registration_manage setzt den Wert (auch null) wie gesendet",
    }),
};
