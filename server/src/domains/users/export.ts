// "Meine Daten herunterladen" (GDPR art. 15 and 20): everything stored about the
// signed-in person, as one JSON document. Their account (without the password hash and invitation
// code, which are secrets, not personal data about them), club memberships, the registrations they
// made and may still read (as the app would show them: a registration of a club they left is not
// theirs to take along), with the camp health data decrypted, the names of files attached to them
// (not the contents: those are downloadable from the overview), and the audit entries of their own
// actions and of changes to their account, the changes others made to their registrations, the mails
// sent to them (the outbox rows, sent or not) and whether their calendar feed is on (never its
// secret). Results appear as the person may see them in the app: each part once its location
// publishes results (staff of the event's district: always). The consent forms themselves come as
// one zip (ownConsentForms).
import { AppError } from "../../auth/errors.ts";
import { authorize } from "../../auth/permissions.ts";
import { decryptJson } from "../../crypto/aead.ts";
import { visibleCompetitionResult } from "../competition/service.ts";
import type { ServiceCtx } from "../context.ts";
import { gradeOf } from "../dexam/rules.ts";
import { visibleResult } from "../dexam/service.ts";
import { fileBytes } from "../files/stored.ts";
import { recordHealthDataAccess } from "../healthaccess/service.ts";
import { canReadRegistration } from "../registrations/access.ts";
import { remarksOf } from "../registrations/remarks.ts";
import { fileNamePart } from "../results/rules.ts";

const fileInfo = { select: { name: true, mimeType: true, size: true, createdAt: true } } as const;
const published = { select: { publishResults: true } } as const;
const eventOf = { select: { id: true, name: true, districtAssociationId: true } } as const;

export async function exportOwnData(ctx: ServiceCtx) {
  const p = authorize(ctx.principal, "viewer.export");
  const user = await ctx.prisma.user.findUnique({
    where: { id: p.userId },
    include: {
      districtAssociation: { select: { id: true, name: true } },
      associations: { include: { association: { select: { id: true, name: true } } } },
      dexamRegistrations: {
        include: { event: eventOf, theoryLocation: published, practiceLocation: published, consentFormFile: fileInfo, practiceSheetFile: fileInfo },
        orderBy: { id: "asc" },
      },
      competitionRegistrations: { include: { event: { select: { ...eventOf.select, locations: published } } }, orderBy: { id: "asc" } },
    },
  });
  if (!user) throw new AppError("NOT_FOUND", "Benutzer nicht gefunden");
  const auditEntries = await ctx.prisma.auditEntry.findMany({
    where: { OR: [{ actorUserId: user.id }, { entity: "User", entityId: user.id }] },
    orderBy: { id: "asc" },
    select: { at: true, action: true, entity: true, entityId: true, actorLabel: true },
  });
  const dexam = user.dexamRegistrations.filter((r) => canReadRegistration(p, r, r.event));
  const competition = user.competitionRegistrations.filter((r) => canReadRegistration(p, r, r.event));
  const registrationsOf = [
    ...(dexam.length ? [{ entity: "DexamRegistration", entityId: { in: dexam.map((r) => r.id) } }] : []),
    ...(competition.length ? [{ entity: "CompetitionRegistration", entityId: { in: competition.map((r) => r.id) } }] : []),
  ];
  // what others (staff, another account of the club, the system without an actor) did to the registrations they made
  const changesByOthers = registrationsOf.length
    ? await ctx.prisma.auditEntry.findMany({
        where: { AND: [{ OR: registrationsOf }, { OR: [{ actorUserId: null }, { actorUserId: { not: user.id } }] }] },
        orderBy: { id: "asc" },
        select: { at: true, action: true, entity: true, entityId: true, actorLabel: true, details: true },
      })
    : [];
  const mails = await ctx.prisma.mailOutbox.findMany({
    where: { userId: user.id },
    orderBy: { id: "asc" },
    select: { id: true, kind: true, payload: true, createdAt: true, sentAt: true, attempts: true, nextAttemptAt: true, lastError: true },
  });
  // the export hands out the camp health data of the registrations it holds: recorded like every read of them
  const withHealth = dexam.filter((r) => r.campDataEncrypted || r.mealRequest || r.consentFormFileId !== null).map((r) => r.id);
  await recordHealthDataAccess(ctx, { registrationIds: withHealth, door: "viewerExport" });
  const feed = await ctx.prisma.calendarFeed.findUnique({ where: { userId: user.id }, select: { createdAt: true } });
  const {
    passwordHash: _hash,
    inviteCode: _code,
    associations,
    dexamRegistrations,
    competitionRegistrations,
    districtAssociation,
    districtAssociationId: _d,
    ...account
  } = user;
  return {
    exportedAt: ctx.services.now().toISOString(),
    account: { ...account, districtAssociation },
    clubs: associations.map((a) => a.association),
    // registrations they made and may still read (canReadRegistration, as every read): a member
    // who left the club takes nothing of its registrations along, health data least of all
    dexamRegistrations: dexam.map(
      ({
        campDataEncrypted,
        remarksEncrypted,
        theoryLocation,
        practiceLocation,
        practiceSheetFile,
        event: { districtAssociationId, ...event },
        gradeKey: _everyResult,
        ...r
      }) => {
        const seen = visibleResult(p, r, { districtAssociationId }, { theoryLocation, practiceLocation });
        return {
          ...r,
          // the overview's sort key holds the grade over every result, published or not: here the grade of what the user sees
          gradeKey: seen.complete ? gradeOf(seen) : null,
          remarks: remarksOf(ctx.services.dataKey, { remarks: r.remarks, remarksEncrypted }),
          event,
          theoryPoints: seen.theoryPoints,
          practicePoints: seen.practicePoints,
          practiceSheetFileId: seen.practiceSheetFileId,
          practiceSheetFile: seen.practiceSheetFileId === null ? null : practiceSheetFile,
          partialResultPoints: r.partialResultPoints === null ? null : Number(r.partialResultPoints),
          campData: campDataEncrypted ? decryptJson<Record<string, unknown>>(ctx.services.dataKey, campDataEncrypted) : null,
        };
      },
    ),
    competitionRegistrations: competition.map(({ remarksEncrypted, event: { districtAssociationId, locations, ...event }, ...r }) => ({
      ...r,
      remarks: remarksOf(ctx.services.dataKey, { remarks: r.remarks, remarksEncrypted }),
      event,
      ...visibleCompetitionResult(p, r, { districtAssociationId, locations }),
    })),
    auditEntries,
    changesByOthers,
    mails,
    // the address itself is a secret shown once; only its hash is stored
    calendarFeed: { enabled: feed !== null, since: feed?.createdAt ?? null },
  };
}

/**
 * The consent forms of the registrations the person made and may still read ("Meine Daten"), as
 * files with their names made safe and unique (the registration id first). Reported as an export
 * of health data (healthaccess/service.ts).
 */
export async function ownConsentForms(ctx: ServiceCtx): Promise<{ name: string; data: Uint8Array }[]> {
  const p = authorize(ctx.principal, "viewer.export");
  const rows = await ctx.prisma.dexamRegistration.findMany({
    where: { userId: p.userId, consentFormFileId: { not: null } },
    include: { event: { select: { districtAssociationId: true } }, consentFormFile: true },
    orderBy: { id: "asc" },
  });
  const mine = rows.filter((r) => r.consentFormFile && canReadRegistration(p, r, r.event));
  await recordHealthDataAccess(ctx, { registrationIds: mine.map((r) => r.id), door: "viewerConsentForms" });
  return mine.map((r) => {
    const f = r.consentFormFile!;
    const ext = f.name.includes(".") ? fileNamePart(f.name.split(".").pop() as string) : "bin";
    return { name: `${r.id}_${fileNamePart(r.lastname)}_${fileNamePart(r.firstname)}.${ext}`, data: fileBytes(ctx.services.dataKey, f) };
  });
}
