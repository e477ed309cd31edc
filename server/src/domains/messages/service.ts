// A message to the registrants (the overview's "Nachricht an Angemeldete"): the district's
// registration management writes a subject and a text to the accounts that made the registrations
// the overview shows for a search and filters (and, if asked, to the accounts of their clubs).
// The registrations are chosen by the overview's own list read (registrations/list.ts: the caller's
// scope, the filters narrow it); each recipient gets one mail through the outbox, all in one
// transaction with one audit entry. The placeholders are the recipient's name and the event's name
// only (shared/registrantMessage.ts): never health data or points.
import { notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { fillPlaceholders, messageErrors } from "../../shared/registrantMessage.ts";
import { isInt4 } from "../../shared/validation.ts";
import { audit, type Tx } from "../audit/service.ts";
import { COMPETITION_LIST } from "../competition/service.ts";
import type { ServiceCtx } from "../context.ts";
import { DEXAM_LIST } from "../dexam/service.ts";
import type { RegistrationFilter } from "../registrations/access.ts";
import { type RegistrationList, registrationList } from "../registrations/list.ts";

export type MessageInput = {
  filter: RegistrationFilter;
  /** the overview's selected rows (a registration kind and its ids): only those of them the filter lists; null: every listed one */
  selection?: { entity: string; ids: number[] } | null;
  subject: string;
  body: string;
  includeClubAccounts: boolean;
  dryRun: boolean;
};

export type MessageAnswer = { registrations: number; recipients: number; sent: boolean };

const NOT_OF_EVENT = "Die gewählten Anmeldungen gehören nicht zu dieser Veranstaltung";

type Recipient = { id: number; firstname: string; lastname: string };

/** The registrations the overview lists for the filter, and their distinct recipients (not blocked), ordered by id. */
async function recipientsOf(ctx: ServiceCtx, tx: Tx, input: MessageInput, formType: string) {
  const list = (formType === "COMPETITION" ? COMPETITION_LIST : DEXAM_LIST) as RegistrationList<string>;
  const { where } = await registrationList(ctx, list, input.filter, null as never);
  const { selection } = input;
  if (selection && selection.entity !== list.kind.entity) throw validationFailed({ registrations: NOT_OF_EVENT });
  const delegate = list.kind.delegate(tx) as unknown as { findMany(args: object): Promise<{ userId: number | null; associationId: number }[]> };
  const rows = await delegate.findMany({
    where: selection ? { AND: [where, { id: { in: selection.ids } }] } : where,
    select: { userId: true, associationId: true },
  });
  const clubs = input.includeClubAccounts;
  const creators = rows.flatMap((r) => (r.userId === null ? [] : [r.userId]));
  const associationIds = clubs ? [...new Set(rows.map((r) => r.associationId))] : [];
  const users: Recipient[] = await tx.user.findMany({
    where: {
      blocked: false,
      OR: [{ id: { in: [...new Set(creators)] } }, ...(associationIds.length ? [{ associations: { some: { associationId: { in: associationIds } } } }] : [])],
    },
    select: { id: true, firstname: true, lastname: true },
    orderBy: { id: "asc" },
  });
  return { registrations: rows.length, users };
}

/**
 * Counts (dryRun) or sends the message: one outbox mail per recipient with the placeholders filled
 * in, and one audit entry (subject, the filter, how many), in one transaction.
 */
export async function messageRegistrants(ctx: ServiceCtx, input: MessageInput): Promise<MessageAnswer> {
  const p = authorize(ctx.principal, "registrations.message");
  const eventId = input.filter.eventId;
  const event = isInt4(eventId)
    ? await ctx.prisma.event.findUnique({ where: { id: eventId }, select: { id: true, name: true, formType: true, districtAssociationId: true } })
    : null;
  if (!event || !actsOn(p, "registrations.message", event)) throw notFound("Veranstaltung");
  const errors = messageErrors(input);
  if (Object.keys(errors).length && !input.dryRun) throw validationFailed(errors);
  if (input.dryRun) {
    const { registrations, users } = await recipientsOf(ctx, ctx.prisma as unknown as Tx, input, event.formType);
    return { registrations, recipients: users.length, sent: false };
  }
  const answer = await ctx.prisma.$transaction(async (tx) => {
    const { registrations, users } = await recipientsOf(ctx, tx, input, event.formType);
    for (const u of users) {
      const values = { vorname: u.firstname, nachname: u.lastname, veranstaltung: event.name };
      await enqueueMail(tx, { userId: u.id, associationId: null, districtAssociationId: event.districtAssociationId }, "message", {
        subject: fillPlaceholders(input.subject.trim(), values),
        text: fillPlaceholders(input.body.trim(), values),
        event: event.name,
      });
    }
    const { eventId: _event, ...filter } = input.filter;
    await audit(tx, p, {
      action: "message",
      entity: "Event",
      entityId: event.id,
      districtAssociationId: event.districtAssociationId,
      details: {
        subject: input.subject.trim(),
        filter: JSON.parse(JSON.stringify(filter)),
        includeClubAccounts: input.includeClubAccounts,
        selected: input.selection?.ids.length ?? null,
        registrations,
        recipients: users.length,
      },
    });
    return { registrations, recipients: users.length, sent: users.length > 0 };
  });
  if (answer.sent) ctx.services.mail.wake();
  return answer;
}
