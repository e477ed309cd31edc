// The personal calendar feed: a secret address that any calendar program subscribes to without
// signing in, answering the appointments of the registrations of the user's clubs. The secret is
// shown once when the feed is switched on (or renewed); only its SHA-256 hash is stored, so a
// database dump does not reveal working addresses. Switching off or renewing revokes the old one.
import crypto from "node:crypto";
import { authorize } from "../../auth/permissions.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { audit } from "../audit/service.ts";
import type { ServiceCtx } from "../context.ts";
import { COMPETITION_CALENDAR_SELECT, competitionAppointments, DEXAM_CALENDAR_SELECT, dexamAppointments, icsCalendar } from "../events/calendar.ts";
import { slotAppointments } from "../timetable/calendar.ts";

/** The feed's path prefix (served outside /v1: the secret in the path is the credential). */
export const FEED_PATH = "/calendar";

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A feed secret: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function calendarFeedEnabled(ctx: Pick<ServiceCtx, "principal" | "prisma">): Promise<boolean> {
  const p = authorize(ctx.principal, "viewer.read");
  return (await ctx.prisma.calendarFeed.count({ where: { userId: p.userId } })) > 0;
}

/** Switches the feed on, or renews its address (the old one stops working); answers the new address. */
export async function enableCalendarFeed(ctx: ServiceCtx): Promise<{ url: string }> {
  const p = authorize(ctx.principal, "viewer.update");
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = hashOf(token);
  await ctx.prisma.$transaction(async (tx) => {
    const renewed = (await tx.calendarFeed.count({ where: { userId: p.userId } })) > 0;
    await tx.calendarFeed.upsert({
      where: { userId: p.userId },
      create: { userId: p.userId, tokenHash },
      update: { tokenHash, createdAt: ctx.services.now() },
    });
    await audit(tx, p, {
      action: renewed ? "calendar_feed.renew" : "calendar_feed.enable",
      entity: "User",
      entityId: p.userId,
      districtAssociationId: p.districtAssociationId,
    });
  });
  return { url: `${ctx.services.config.publicUrl}${FEED_PATH}/${token}.ics` };
}

/** Switches the feed off: its address answers 404 from now on. True when there was one. */
export async function disableCalendarFeed(ctx: ServiceCtx): Promise<boolean> {
  const p = authorize(ctx.principal, "viewer.update");
  return ctx.prisma.$transaction(async (tx) => {
    const { count } = await tx.calendarFeed.deleteMany({ where: { userId: p.userId } });
    if (count) await audit(tx, p, { action: "calendar_feed.disable", entity: "User", entityId: p.userId, districtAssociationId: p.districtAssociationId });
    return count > 0;
  });
}

/**
 * The feed behind a secret: the .ics of the appointments of the live registrations of the owner's
 * clubs (every event, whichever district organises it); null when the secret names no feed or its
 * owner is blocked (the route answers 404 alike).
 */
export async function feedCalendar(prisma: PrismaClient, token: string, now: Date, host: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const feed = await prisma.calendarFeed.findUnique({
    where: { tokenHash: hashOf(token) },
    select: { user: { select: { blocked: true, associations: { select: { associationId: true } } } } },
  });
  if (!feed || feed.user.blocked) return null;
  const clubs = { associationId: { in: feed.user.associations.map((a) => a.associationId) }, cancelledAt: null };
  const [dexams, competitions] = await Promise.all([
    prisma.dexamRegistration.findMany({
      where: clubs,
      orderBy: { id: "asc" },
      select: DEXAM_CALENDAR_SELECT,
    }),
    prisma.competitionRegistration.findMany({
      where: clubs,
      orderBy: { id: "asc" },
      select: COMPETITION_CALENDAR_SELECT,
    }),
  ]);
  const names = new Map([
    ...dexams.map((r) => [`dexam:${r.id}`, `${r.firstname} ${r.lastname}`] as const),
    ...competitions.map((r) => [`competition:${r.id}`, r.name] as const),
  ]);
  const slots = await slotAppointments(prisma, { dexamIds: dexams.map((r) => r.id), competitionIds: competitions.map((r) => r.id) }, names);
  return icsCalendar(
    "Anmeldesystem: Termine meiner Vereine",
    [...dexams.flatMap(dexamAppointments), ...competitions.flatMap(competitionAppointments), ...slots],
    now,
    host,
  );
}
