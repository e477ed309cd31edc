// The change feed's vocabulary, shared by the server (domains/changes/entities.ts: who sees a change
// of each entity) and the client (the webhook screen's German event-type names): one list.

/** The synced tables, by the name their trigger gives them (change_feed_capture's first argument). */
export const CHANGE_ENTITIES = [
  "association",
  "user",
  "event",
  "location",
  "dexam_registration",
  "competition_registration",
  "timetable_slot",
  "invoice",
] as const;
export type ChangeEntityName = (typeof CHANGE_ENTITIES)[number];

export const CHANGE_OPERATIONS = ["created", "updated", "deleted"] as const;
export type ChangeOperation = (typeof CHANGE_OPERATIONS)[number];

/** The webhook event types: "<entity>.<operation>", e.g. dexam_registration.created. */
export const EVENT_TYPES: readonly string[] = CHANGE_ENTITIES.flatMap((e) => CHANGE_OPERATIONS.map((o) => `${e}.${o}`));
