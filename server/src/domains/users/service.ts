// Users. The viewer is the signed-in user (the spec's "user id 0") and edits their own profile;
// user_read sees and user_manage changes the users of the own district association (admin: all).
// Everything that touches the identity provider goes through services.identity.
import { AppError, forbidden, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize, type Operation } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { containsText, idSearched, sameText, searchTerm } from "../../db/search.ts";
import type { Prisma, User } from "../../generated/prisma/client.ts";
import { listOrderOf, type OrderArgument, type SortableList } from "../../graphql/orderBy.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { isAdmin, mayCall } from "../../shared/permissions.ts";
import { normalizeRoles, type RoleName } from "../../shared/roles.ts";
import { userClubsErrors } from "../../shared/userSchema.ts";
import { isProfileComplete } from "../../shared/validation.ts";
import { audit, changeDetails, type Tx } from "../audit/service.ts";
import { checkVersion, clean, districtInScope, guardStale, type ServiceCtx, versionWhere } from "../context.ts";
import { type ListRead, updatedSinceWhere } from "../lists.ts";
import { addressChangedNotice, EMAIL_TAKEN, emailChangeRefusal, mayAssignClubs, OWN_CLUBS, type UserFields, validateUser } from "./rules.ts";

export { isProfileComplete };

const withClubs = { associations: { include: { association: true }, orderBy: { association: { name: "asc" } } } } satisfies Prisma.UserInclude;
export type UserWithClubs = Prisma.UserGetPayload<{ include: typeof withClubs }>;

export type UserFilter = { districtAssociationId?: number | null; associationId?: number | null; search?: string | null; updatedSince?: Date | null };

export async function getViewer(ctx: Pick<ServiceCtx, "principal" | "prisma">) {
  const p = authorize(ctx.principal, "viewer.read");
  return ctx.prisma.user.findUniqueOrThrow({ where: { id: p.userId }, include: withClubs });
}

export function userWhere(ctx: Pick<ServiceCtx, "principal">, filter: UserFilter): Prisma.UserWhereInput {
  const p = authorize(ctx.principal, "user.list");
  const search = searchTerm(filter.search);
  return {
    districtAssociationId: districtInScope(p, filter.districtAssociationId),
    ...(filter.associationId ? { associations: { some: { associationId: filter.associationId } } } : {}),
    ...(search
      ? {
          OR: [{ firstname: containsText(search) }, { lastname: containsText(search) }, { email: containsText(search) }, ...idSearched(search)],
        }
      : {}),
    AND: updatedSinceWhere(filter.updatedSince),
  };
}

export const userOrder = [{ lastname: "asc" }, { firstname: "asc" }, { id: "asc" }] satisfies Prisma.UserOrderByWithRelationInput[];

/** The columns the user list sorts by (GraphQL's orderBy), then the default order (userOrder). */
export const USER_COLUMNS = {
  model: "User",
  columns: {
    LASTNAME: { description: "Last name (German order).", key: (d) => ({ lastname: d }) },
    FIRSTNAME: { description: "First name (German order).", key: (d) => ({ firstname: d }) },
    EMAIL: { description: "E-mail address (German order).", key: (d) => ({ email: d }) },
    LAST_ACTIVE: {
      description:
        "Last sign-in or API use, oldest first (ascending); users who never signed in come after every date ascending and before every date descending.",
      key: (d) => ({ lastActive: d }),
    },
    ID: { description: "The user's numeric id (databaseId).", key: (d) => ({ id: d }) },
  },
  defaults: userOrder,
} satisfies SortableList<"LASTNAME" | "FIRSTNAME" | "EMAIL" | "LAST_ACTIVE" | "ID">;

/** The user list, the one read of GraphQL's `users` and GET /v1/users (domains/lists.ts). */
export function userList(ctx: Pick<ServiceCtx, "principal">, filter: UserFilter, orderBy: OrderArgument<keyof typeof USER_COLUMNS.columns> = null): ListRead {
  return { where: userWhere(ctx, filter), order: listOrderOf(USER_COLUMNS, orderBy) };
}

/** What a listed user is read with (its clubs). */
export const USER_LIST_INCLUDE = withClubs;

/** Row rule: who may list the users of a district (user.list) sees each of them; everyone sees themselves. */
export function canReadUser(p: Principal | null, u: { id: number; districtAssociationId: number }) {
  if (!p) return false;
  if (p.userId === u.id) return true;
  return mayCall(p.roles, "user.list") && actsOn(p, "user.list", u);
}

/** Another user the principal may not read is "not found" (no hint whether it exists). */
export async function getUser(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "viewer.read");
  const u = await ctx.prisma.user.findUnique({ where: { id }, include: withClubs });
  if (!u || !canReadUser(p, u)) throw notFound("Benutzer");
  return u;
}

async function assertEmailFree(tx: Tx, emailAddress: string, exceptId?: number) {
  const other = await tx.user.findFirst({ where: { email: sameText(emailAddress), ...(exceptId ? { NOT: { id: exceptId } } : {}) } });
  if (other) throw validationFailed({ email: EMAIL_TAKEN });
}

function checked(input: UserFields, mode: "profile" | "staff" | "create") {
  const errors = validateUser(input, mode);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return {
    firstname: input.firstname.trim(),
    lastname: input.lastname.trim(),
    email: input.email.trim(),
    phone: clean(input.phone),
    street: clean(input.street),
    postcode: clean(input.postcode),
    city: clean(input.city),
    country: clean(input.country),
  };
}

/** Roles are assigned in the user dialog only with the embedded sign-in, and only by admin. */
function checkedRoles(ctx: ServiceCtx, p: Principal, roles: readonly string[] | null | undefined, current: RoleName[] = []): RoleName[] | undefined {
  if (roles === undefined || roles === null) return undefined;
  const next = normalizeRoles(roles);
  if (next.join() === current.join()) return undefined;
  if (ctx.services.identity.mode !== "embedded") throw new AppError("FORBIDDEN", "Rollen werden im Identity Provider vergeben");
  if (!isAdmin(p.roles)) throw new AppError("FORBIDDEN", "Nur Administratoren vergeben Rollen");
  return next;
}

// ---- the viewer's own account

/** A save based on an older version of the account is refused (no lost updates, e.g. against staff editing the user). */
export async function updateViewer(ctx: ServiceCtx, input: UserFields) {
  const p = authorize(ctx.principal, "viewer.update");
  const data = { ...checked(input, "profile"), ...(input.resultMails != null ? { resultMails: input.resultMails } : {}) };
  const saved = await ctx.prisma.$transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({ where: { id: p.userId } });
    checkVersion(before, input.version);
    await assertEmailFree(tx, data.email, p.userId);
    // a link sent to the old address (invitation, reset) stops working; the own sessions go on
    const moved = data.email.toLowerCase() !== before.email.toLowerCase();
    await guardStale(
      tx.user.update({ where: versionWhere(p.userId, input.version), data: { ...data, ...(moved ? { inviteCode: null } : {}), version: { increment: 1 } } }),
    );
    await audit(tx, p, {
      action: "update",
      entity: "User",
      entityId: p.userId,
      districtAssociationId: p.districtAssociationId,
      details: { profile: true, ...changeDetails(before, data) },
    });
    return { user: await tx.user.findUniqueOrThrow({ where: { id: p.userId }, include: withClubs }), before };
  });
  tellOldAddress(ctx, saved.before, saved.user.email, true);
  return saved.user;
}

/** After a committed change of an account's address, the old address is told (a takeover does not go unnoticed). */
function tellOldAddress(ctx: ServiceCtx, before: { email: string; firstname: string; lastname: string }, email: string, byOwner: boolean) {
  if (before.email.toLowerCase() === email.toLowerCase()) return;
  const { subject, text } = addressChangedNotice(before, email, byOwner);
  ctx.services.outbox.send(before.email, subject, text);
}

/**
 * Account deletion leaves no personal data in the audit log: the person's own
 * entries keep what happened and when, but no longer who ("gelöschter Benutzer", no user id).
 * Entries never hold values (only field names), so nothing else names them.
 */
async function forgetInAudit(tx: Tx, u: { id: number; subject: string | null }) {
  await tx.auditEntry.updateMany({
    where: { OR: [{ actorUserId: u.id }, ...(u.subject ? [{ actorLabel: u.subject }] : [])] },
    data: { actorUserId: null, actorLabel: DELETED_ACTOR },
  });
  // the account's own history keeps which fields changed, not their values; clubs' histories stop naming it
  await tx.$executeRaw`UPDATE "AuditEntry" SET details = details - 'values' WHERE entity = 'User' AND "entityId" = ${u.id}::int AND details ? 'values'`;
  await tx.$executeRaw`UPDATE "AuditEntry" SET details = (details - 'userId') - 'values' WHERE entity = 'Association' AND details->>'userId' = ${String(u.id)}`;
}
export const DELETED_ACTOR = "gelöschter Benutzer";

/**
 * Decision R-PR012: the account row and its club links go; registrations stay with their club (user
 * reference cleared); sign-in sessions end. `version`: the version the deletion was based on (/v1
 * If-Match), checked again by the delete's where; none: unconditional.
 */
export async function deleteViewer(ctx: ServiceCtx, version?: number | null) {
  const p = authorize(ctx.principal, "viewer.delete");
  return ctx.prisma.$transaction(async (tx) => {
    const u = await tx.user.findUniqueOrThrow({ where: { id: p.userId } });
    checkVersion(u, version);
    await ctx.services.identity.remove(tx, u);
    await guardStale(tx.user.delete({ where: versionWhere(u.id, version) }));
    await audit(tx, p, { action: "delete", entity: "User", entityId: u.id, districtAssociationId: u.districtAssociationId, details: { own: true } });
    await forgetInAudit(tx, u);
    return u;
  });
}

// ---- user management

/** Loads a user the principal manages: another tenant's user is "not found"; admins are changed only by admins. */
async function managed(tx: Tx, p: Principal, id: number, op: Operation): Promise<User> {
  const u = await tx.user.findUnique({ where: { id } });
  if (!u || !actsOn(p, op, u)) throw notFound("Benutzer");
  if (isAdmin(u.roles) && !isAdmin(p.roles)) throw forbidden();
  return u;
}

export async function createUser(ctx: ServiceCtx, input: UserFields & { districtAssociationId: number; roles?: readonly string[] | null }) {
  const p = authorize(ctx.principal, "user.create");
  if (!actsOn(p, "user.create", { districtAssociationId: input.districtAssociationId })) throw notFound("Kreisverband");
  const data = checked(input, "create");
  const roles = checkedRoles(ctx, p, input.roles) ?? [];
  return ctx.prisma.$transaction(async (tx) => {
    if (!(await tx.districtAssociation.findUnique({ where: { id: input.districtAssociationId } }))) throw notFound("Kreisverband");
    await assertEmailFree(tx, data.email);
    const u = await tx.user.create({ data: { ...data, roles, districtAssociationId: input.districtAssociationId } });
    await audit(tx, p, { action: "create", entity: "User", entityId: u.id, districtAssociationId: u.districtAssociationId });
    await ctx.services.identity.invite(tx, u);
    return tx.user.findUniqueOrThrow({ where: { id: u.id }, include: withClubs });
  });
}

/** A save based on an older version of the user is refused (no lost updates). */
export async function updateUser(ctx: ServiceCtx, id: number, input: UserFields & { roles?: readonly string[] | null }) {
  const p = authorize(ctx.principal, "user.update");
  const data = checked(input, "staff");
  const saved = await ctx.prisma.$transaction(async (tx) => {
    const u = await managed(tx, p, id, "user.update");
    checkVersion(u, input.version);
    const roles = checkedRoles(ctx, p, input.roles, u.roles as RoleName[]);
    if (roles && id === p.userId && !isAdmin(roles)) throw new AppError("CONFLICT", "Sie können sich die Rolle admin nicht selbst entziehen");
    // a new address takes over the account (the password link goes there): see emailChangeRefusal
    const refusal = data.email.toLowerCase() !== u.email.toLowerCase() ? emailChangeRefusal(p, u) : null;
    if (refusal) throw new AppError("FORBIDDEN", refusal, { email: refusal });
    await assertEmailFree(tx, data.email, id);
    await guardStale(tx.user.update({ where: versionWhere(id, input.version), data: { ...data, ...(roles ? { roles } : {}), version: { increment: 1 } } }));
    // the account now belongs to another address: links sent to the old one stop working, sessions end
    if (data.email.toLowerCase() !== u.email.toLowerCase()) {
      await ctx.services.identity.addressChanged(tx, u);
      // an invitation not yet accepted goes again, to the new address (a typo corrected, say)
      if (u.inviteCode !== null && u.passwordHash === null) await ctx.services.identity.invite(tx, { ...u, email: data.email });
    }
    await audit(tx, p, {
      action: "update",
      entity: "User",
      entityId: id,
      districtAssociationId: u.districtAssociationId,
      details: { ...(roles ? { roles } : {}), ...changeDetails(u, { ...data, ...(roles ? { roles } : {}) }) },
    });
    return { user: await tx.user.findUniqueOrThrow({ where: { id }, include: withClubs }), before: u };
  });
  tellOldAddress(ctx, saved.before, saved.user.email, id === p.userId);
  return saved.user;
}

/** `version`: as deleteViewer's. */
export async function deleteUser(ctx: ServiceCtx, id: number, version?: number | null) {
  if (id === ctx.principal?.userId) return deleteViewer(ctx, version);
  const p = authorize(ctx.principal, "user.delete");
  return ctx.prisma.$transaction(async (tx) => {
    const u = await managed(tx, p, id, "user.delete");
    checkVersion(u, version);
    await ctx.services.identity.remove(tx, u);
    await guardStale(tx.user.delete({ where: versionWhere(id, version) }));
    await audit(tx, p, { action: "delete", entity: "User", entityId: id, districtAssociationId: u.districtAssociationId });
    await forgetInAudit(tx, u);
    return u;
  });
}

/** Decision R-UM013: the clubs of the user's own district association are offered and accepted. */
export async function setUserAssociations(ctx: ServiceCtx, id: number, associationIds: readonly number[]) {
  const p = authorize(ctx.principal, "user.setAssociations");
  // club membership opens the club's registrations (camp health data included): granted by someone else
  if (!mayAssignClubs(p, { id })) throw new AppError("FORBIDDEN", OWN_CLUBS, { associationIds: OWN_CLUBS });
  const errors = userClubsErrors(associationIds);
  if (Object.keys(errors).length) throw validationFailed(errors);
  const ids = [...new Set(associationIds)];
  const saved = await ctx.prisma.$transaction(async (tx) => {
    const u = await managed(tx, p, id, "user.setAssociations");
    const clubs = await tx.association.findMany({ where: { id: { in: ids }, districtAssociationId: u.districtAssociationId }, select: { id: true } });
    if (clubs.length !== ids.length) throw validationFailed({ associationIds: "Verein nicht gefunden" });
    const before = (await tx.userAssociation.findMany({ where: { userId: id }, select: { associationId: true } })).map((a) => a.associationId);
    await tx.userAssociation.deleteMany({ where: { userId: id } });
    if (ids.length) await tx.userAssociation.createMany({ data: ids.map((associationId) => ({ userId: id, associationId })) });
    await audit(tx, p, {
      action: "setAssociations",
      entity: "User",
      entityId: id,
      districtAssociationId: u.districtAssociationId,
      details: { associationIds: ids },
    });
    const mailed = await tellClubs(
      tx,
      p,
      u,
      ids.filter((c) => !before.includes(c)),
      before.filter((c) => !ids.includes(c)),
    );
    return { user: await tx.user.findUniqueOrThrow({ where: { id }, include: withClubs }), mailed };
  });
  if (saved.mailed) ctx.services.mail.wake();
  return saved.user;
}

/**
 * A club's history names each account assigned to or removed from it ("Konto zugeordnet",
 * "Konto entfernt"), and the club's other accounts (not blocked, not the one who did it) get a
 * mail naming the new account and who assigned it: the new account sees the club's registrations.
 * Answers how many mails it wrote.
 */
async function tellClubs(tx: Tx, p: Principal, u: User, added: number[], removed: number[]): Promise<number> {
  const account = `${u.firstname} ${u.lastname}`;
  const by =
    p.kind === "client"
      ? `API-Zugang ${p.subject.slice("client:".length)}`
      : await tx.user
          .findUnique({ where: { id: p.userId }, select: { firstname: true, lastname: true } })
          .then((a) => (a ? `${a.firstname} ${a.lastname}` : "Unbekannt"));
  let n = 0;
  for (const [clubs, action] of [
    [removed, "removeUser"],
    [added, "addUser"],
  ] as const) {
    for (const associationId of clubs) {
      const values = { accounts: action === "addUser" ? [null, account] : [account, null] };
      await audit(tx, p, {
        action,
        entity: "Association",
        entityId: associationId,
        districtAssociationId: u.districtAssociationId,
        details: { changed: ["accounts"], values, userId: u.id },
      });
      if (action === "removeUser") continue;
      const others = await tx.userAssociation.findMany({
        where: { associationId, userId: { notIn: [u.id, p.userId] }, user: { blocked: false } },
        select: { userId: true },
        orderBy: { userId: "asc" },
      });
      for (const o of others)
        if (await enqueueMail(tx, { userId: o.userId, associationId, districtAssociationId: u.districtAssociationId }, "clubAssigned", { account, by })) n++;
    }
  }
  return n;
}

/** Decision R-UM021: a blocked user cannot sign in, every API call is refused (403) and open sessions end. */
export async function setBlocked(ctx: ServiceCtx, id: number, blocked: boolean) {
  const op = blocked ? "user.deactivate" : "user.reactivate";
  const p = authorize(ctx.principal, op);
  if (id === p.userId) throw new AppError("CONFLICT", "Sie können sich nicht selbst deaktivieren");
  return ctx.prisma.$transaction(async (tx) => {
    const u = await managed(tx, p, id, op);
    if (u.blocked === blocked) throw new AppError("CONFLICT", blocked ? "Der Benutzer ist bereits deaktiviert" : "Der Benutzer ist nicht deaktiviert");
    await tx.user.update({ where: { id }, data: { blocked, version: { increment: 1 } } });
    if (blocked) await ctx.services.identity.block(tx, u);
    else await ctx.services.identity.unblock(tx, u);
    await audit(tx, p, { action: blocked ? "deactivate" : "reactivate", entity: "User", entityId: id, districtAssociationId: u.districtAssociationId });
    return tx.user.findUniqueOrThrow({ where: { id }, include: withClubs });
  });
}

/** Only while the user has never signed in (last_active empty). */
export async function resendInvitation(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "user.resendInvitation");
  return ctx.prisma.$transaction(async (tx) => {
    const u = await managed(tx, p, id, "user.resendInvitation");
    if (u.lastActive) throw new AppError("CONFLICT", "Der Benutzer hat sich bereits angemeldet");
    if (u.blocked) throw new AppError("CONFLICT", "Der Benutzer ist deaktiviert");
    await ctx.services.identity.invite(tx, u);
    await audit(tx, p, { action: "resendInvitation", entity: "User", entityId: id, districtAssociationId: u.districtAssociationId });
    return tx.user.findUniqueOrThrow({ where: { id }, include: withClubs });
  });
}
