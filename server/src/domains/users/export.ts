// "Meine Daten herunterladen" (issue 10, item 8; GDPR art. 15 and 20): everything stored about the
// signed-in person, as one JSON document. Their account (without the password hash and invitation
// code, which are secrets, not personal data about them), club memberships, the registrations they
// made and may still read (as the app would show them: a registration of a club they left is not
// theirs to take along), with the camp health data decrypted, the names of files attached to them
// (not the contents: those are downloadable from the overview), and the audit entries of their own
// actions and of changes to their account. Results appear as the person may see them in the app:
// each part once its location publishes results (staff of the event's district: always).
import { AppError } from "../../auth/errors.ts";
import { authorize } from "../../auth/permissions.ts";
import { decryptJson } from "../../crypto/aead.ts";
import { visibleCompetitionResult } from "../competition/service.ts";
import type { ServiceCtx } from "../context.ts";
import { visibleResult } from "../dexam/service.ts";
import { canReadRegistration } from "../registrations/access.ts";
import { remarksOf } from "../registrations/remarks.ts";

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
    dexamRegistrations: dexamRegistrations
      .filter((r) => canReadRegistration(p, r, r.event))
      .map(({ campDataEncrypted, remarksEncrypted, theoryLocation, practiceLocation, practiceSheetFile, event: { districtAssociationId, ...event }, ...r }) => {
        const seen = visibleResult(p, r, { districtAssociationId }, { theory: !!theoryLocation?.publishResults, practice: !!practiceLocation?.publishResults });
        return {
          ...r,
          remarks: remarksOf(ctx.services.dataKey, { remarks: r.remarks, remarksEncrypted }),
          event,
          theoryPoints: seen.theoryPoints,
          practicePoints: seen.practicePoints,
          practiceSheetFileId: seen.practiceSheetFileId,
          practiceSheetFile: seen.practiceSheetFileId === null ? null : practiceSheetFile,
          partialResultPoints: r.partialResultPoints === null ? null : Number(r.partialResultPoints),
          campData: campDataEncrypted ? decryptJson<Record<string, unknown>>(ctx.services.dataKey, campDataEncrypted) : null,
        };
      }),
    competitionRegistrations: competitionRegistrations
      .filter((r) => canReadRegistration(p, r, r.event))
      .map(({ remarksEncrypted, event: { districtAssociationId, locations, ...event }, ...r }) => ({
        ...r,
        remarks: remarksOf(ctx.services.dataKey, { remarks: r.remarks, remarksEncrypted }),
        event,
        ...visibleCompetitionResult(p, r, { districtAssociationId, locations }),
      })),
    auditEntries,
  };
}
