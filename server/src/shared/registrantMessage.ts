// A message to the registrants (the overview's "Nachricht an Angemeldete"): subject and text with
// the few placeholders a recipient's mail fills in. Shared by the server (registrations/message.ts)
// and the client's dialog. Only the recipient's name and the event's name: never health data or points.
import { MSG } from "./messages.ts";
import { maxLength, TEXT_LIMITS } from "./validation.ts";

/** The placeholders and what each is filled with. */
export const MESSAGE_PLACEHOLDERS = ["vorname", "nachname", "veranstaltung"] as const;
export type MessageValues = Record<(typeof MESSAGE_PLACEHOLDERS)[number], string>;

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The German message of a placeholder not in MESSAGE_PLACEHOLDERS. */
export const unknownPlaceholder = (name: string) =>
  `Unbekannter Platzhalter {${name}}: erlaubt sind nur ${MESSAGE_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`;

/** The first field error of a text: required, too long, an unknown placeholder. */
function textError(text: string | null | undefined, max: number): string | null {
  if (!text || text.trim() === "") return MSG.required;
  const long = maxLength(max)(text);
  if (long) return long;
  for (const [, name] of text.matchAll(PLACEHOLDER)) if (!(MESSAGE_PLACEHOLDERS as readonly string[]).includes(name)) return unknownPlaceholder(name);
  return null;
}

/** The field errors of a message (subject, body); empty when it may be sent. */
export function messageErrors(m: { subject?: string | null; body?: string | null }): Record<string, string> {
  const errors: Record<string, string> = {};
  const subject = textError(m.subject, TEXT_LIMITS.registrantMessage.subject);
  if (subject) errors.subject = subject;
  else if (/[\r\n]/.test(m.subject ?? "")) errors.subject = "Der Betreff darf keinen Zeilenumbruch enthalten";
  const body = textError(m.body, TEXT_LIMITS.registrantMessage.body);
  if (body) errors.body = body;
  return errors;
}

/** The text with each placeholder replaced by the recipient's value (checked by messageErrors before). */
export const fillPlaceholders = (text: string, values: MessageValues) =>
  text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name as keyof MessageValues] : whole));
