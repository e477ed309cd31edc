// The registration-kind shape (docs/decisions.md "Registrations"): what every registration kind
// (D-exams, competitions) does alike is written here once, against a RegistrationKind that names the
// kind's table, permission operations, mail facts and who deletes in any phase. The kinds' services
// (dexam/service.ts, competition/service.ts) add only their form, rules and columns: the create's
// row, the edit's fields. A capability that concerns every registration (timetable slots, fees,
// webhooks) is written against this shape once.
import { AppError, forbidden, notFound, validationFailed } from "../../auth/errors.ts";
import { authorize, mayActOn } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Event, FormType, Prisma } from "../../generated/prisma/client.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { RegistrationFacts } from "../../mail/registrationMail.ts";
import type { Operation } from "../../shared/permissions.ts";
import { audit, type Tx } from "../audit/service.ts";
import { checkVersion, guardStale, type ServiceCtx, versionWhere } from "../context.ts";
import {
  canReadRegistration,
  checkNewRegistration,
  type EventWithLocations,
  isManager,
  lockEventForRegistration,
  managerOnly,
  recordCreate,
} from "./access.ts";
import { createOnce, type KeyedRequest } from "./idempotency.ts";
import { changeDetailsSealed } from "./remarks.ts";
import { canCancel, canDelete, editableInPhase } from "./rules.ts";
import { deleteRegistrationTraces } from "./traces.ts";

/** What every registration row has, whatever its kind. */
export type RegistrationRow = { id: number; version: number; associationId: number; userId: number | null; cancelledAt: Date | null };

/** A Prisma model delegate of a registration table, as far as the shape uses it. */
type Delegate = {
  findUnique(args: object): Promise<unknown>;
  create(args: object): Promise<unknown>;
  update(args: object): Promise<unknown>;
  delete(args: object): Promise<unknown>;
};

/** One registration kind: its table, its operations in the permission table, its mail and its deleter. */
export type RegistrationKind<Row extends RegistrationRow> = {
  /** the audit entity, GraphQL type and Prisma model */
  entity: "DexamRegistration" | "CompetitionRegistration";
  /** the prefix of its operations in the permission table (`dexam.create`, `competition.read`, ...) */
  op: "dexam" | "competition";
  /** its name in "… nicht gefunden" */
  label: string;
  /** the events it belongs to */
  formTypes: readonly FormType[];
  /** the fields only registration_manage sets, as managerOnly names them */
  managed: string;
  delegate: (db: Tx) => Delegate;
  /** the content of its e-mails (mail/registrationMail.ts) */
  facts: (r: Row, id: number, event: EventWithLocations) => RegistrationFacts;
  /** deletes in any edit phase (D-exams: registration_manage; competitions: user_manage, as the spec writes it) */
  deleter: (p: Principal | null, e: Pick<Event, "districtAssociationId">) => boolean;
  /** what deleteRegistrationTraces takes for one of its rows */
  traces: (id: number) => { dexamIds: number[]; competitionIds: number[] };
};

export const opOf = <Row extends RegistrationRow>(kind: RegistrationKind<Row>, action: "create" | "read" | "list" | "update" | "cancel" | "delete") =>
  `${kind.op}.${action}` as Operation;

/** A registration as the changes read it: with its event and the event's locations. */
export type Loaded<Row> = Row & { event: EventWithLocations };

const WITH_EVENT = { event: { include: { locations: true } } } as const;

/** Reads a registration with `include` (default: its event with locations); another tenant's, or none, is "not found". */
export async function readRegistration<Row extends RegistrationRow, R = Loaded<Row>>(
  kind: RegistrationKind<Row>,
  ctx: ServiceCtx,
  p: Principal,
  id: number,
  include: object = WITH_EVENT,
): Promise<R> {
  const r = (await kind.delegate(ctx.prisma).findUnique({ where: { id }, include })) as (Row & { event: Pick<Event, "districtAssociationId"> }) | null;
  if (!r || !canReadRegistration(p, r, r.event, opOf(kind, "read") as "dexam.read")) throw notFound(kind.label);
  return r as R;
}

/** Changes a registration: its club's members and registration_manage of its district; readers may look but not change. */
export const clubMember = (p: Principal | null, r: { associationId: number }) => !!p?.associationIds.includes(r.associationId);
export function assertChanger(p: Principal, r: RegistrationRow & { event: Pick<Event, "districtAssociationId"> }, also = false) {
  if (!clubMember(p, r) && !isManager(p, r.event) && !also) throw forbidden();
}

/** The transaction of a change that may write mails: the sender is woken after the commit. */
export async function mailingTransaction<T>(ctx: ServiceCtx, run: (tx: Tx) => Promise<{ value: T; mailed: boolean }>): Promise<T> {
  const { value, mailed } = await ctx.prisma.$transaction(run);
  if (mailed) ctx.services.mail.wake();
  return value;
}

const mailTarget = (r: RegistrationRow, e: Pick<Event, "districtAssociationId">) => ({
  userId: r.userId,
  associationId: r.associationId,
  districtAssociationId: e.districtAssociationId,
});

/** What a kind's create writes in the create's transaction, given the locked event and whether the caller manages it. */
export type CreateWrite<Row, C> = (
  tx: Tx,
  event: EventWithLocations,
  manager: boolean,
  now: Date,
) => Promise<{ created: C; registration: Row; action?: "create" | "takeover"; details?: Prisma.InputJsonValue }>;

/**
 * A new registration: with an idempotency key the key's stored answer (`replay`), else one
 * transaction that reads the event under a share lock (access.ts lockEventForRegistration), checks
 * the caller (checkNewRegistration), writes the kind's row (`write`: its form and rules), and
 * records the audit entry, the key and the confirmation mails (recordCreate). The answer is built
 * from the transaction's rows, never read again.
 */
export async function createRegistration<Row extends RegistrationRow, C>(
  kind: RegistrationKind<Row>,
  ctx: ServiceCtx,
  p: Principal,
  o: { eventId: number; associationId: number | null | undefined; request: KeyedRequest | null; lookedUp?: boolean; replay: (id: number) => Promise<C> },
  write: CreateWrite<Row, C>,
): Promise<C> {
  const once = () =>
    mailingTransaction(ctx, async (tx) => {
      const event = await lockEventForRegistration(tx, o.eventId, kind.formTypes);
      const now = ctx.services.now();
      const { manager } = await checkNewRegistration(tx, now, p, opOf(kind, "create") as "dexam.create", event, o.associationId);
      const w = await write(tx, event, manager, now);
      const mailed = await recordCreate(tx, ctx, p, {
        entity: kind.entity,
        action: w.action ?? "create",
        registration: w.registration,
        event,
        ...(w.details !== undefined ? { details: w.details } : {}),
        request: o.request,
        facts: kind.facts(w.registration, w.registration.id, event),
      });
      return { value: w.created, mailed };
    });
  return createOnce(ctx, o.request, o.replay, once, { lookedUp: !!o.lookedUp });
}

/**
 * The include of a create's row: the club's id and name (every answer names the club) and what the
 * GraphQL selection asks for (`shape`: Pothos' query), so the answer comes from the insert's own
 * statement. `plainRow` takes the relations off again (the row as Prisma reads it without them).
 */
export function createdInclude(shape: { include?: object } | undefined, own: Record<string, unknown> = {}): Record<string, unknown> {
  return { association: { select: { id: true, name: true } }, ...own, ...(shape?.include ?? {}) };
}
export function plainRow<Row>(row: Record<string, unknown>, include: Record<string, unknown>): Row {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !(k in include))) as Row;
}

/** A new registration as a create answers it: the plain row, its club, its event, and the row with what `include` read. */
export const createdFrom = <Row>(row: Record<string, unknown>, event: EventWithLocations, include: Record<string, unknown>) => ({
  registration: plainRow<Row>(row, include),
  association: row.association as { id: number; name: string },
  event,
  row,
});

/** What an edit may change: the version, the managed fields, a cancelled registration, the edit phase; answers the scope and whether the caller manages. */
export function editScope<Row extends RegistrationRow>(
  kind: RegistrationKind<Row>,
  p: Principal,
  r: Loaded<Row>,
  version: number | null | undefined,
  changesManaged: boolean,
): { manager: boolean; scope: "all" | "songs" } {
  checkVersion(r, version);
  const manager = isManager(p, r.event);
  if (changesManaged && !manager) throw managerOnly(kind.managed);
  if (r.cancelledAt && !manager) throw new AppError("CONFLICT", "Eine stornierte Anmeldung kann nicht mehr geändert werden");
  const scope = editableInPhase(r.event.editPhase, { manager });
  if (scope === "nothing") throw new AppError("CONFLICT", "In dieser Bearbeitungsphase kann die Anmeldung nicht mehr geändert werden");
  return { manager, scope };
}

/** Refuses an edit's errors: in phase SongsOnly only those of the songs count. */
export function refuseErrors(errors: Record<string, string>, scope: "all" | "songs") {
  const counted = scope === "songs" ? Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith("songs"))) : errors;
  if (Object.keys(counted).length) throw validationFailed(counted);
}

/** A cancellation date sent that differs from the stored one (a managed field). */
export const changesCancelledAt = (sent: Date | null | undefined, stored: Date | null) =>
  sent !== undefined && (sent?.getTime() ?? null) !== (stored?.getTime() ?? null);

/** What a kind's edit writes: its fields, its managed fields, its sort keys. */
export type EditWrite<Row> = {
  /** the fields the edit writes (phase SongsOnly: the songs) */
  next: Record<string, unknown>;
  /** the kind's fields only registration_manage sets (or a flag the edit resets) */
  managed: Record<string, unknown>;
  /** the kind's stored sort keys over the row as it will be */
  keys: (row: Record<string, unknown>) => Record<string, unknown>;
  /** sealed columns the audit details open (registrations/remarks.ts changeDetailsSealed) */
  sealed?: Parameters<typeof changeDetailsSealed>[3];
  /** after the update, in its transaction (D-exams: the sort keys settled) */
  settle?: (tx: Tx, row: Row, include?: object) => Promise<Row>;
};

/** A kind's edit: whether the input changes a managed field, and (after the shared checks) the input checked and what it writes. */
export type Edit<Row> = {
  changesManaged: (r: Loaded<Row>) => boolean;
  prepare: (p: Principal, r: Loaded<Row>, c: { manager: boolean; scope: "all" | "songs" }) => Promise<EditWrite<Row>>;
};

/**
 * An edit: authorize, read the registration once (or take `loaded`), check the caller, the
 * version, the managed fields (the cancellation date and the kind's), a cancelled registration and
 * the edit phase (editScope), then the kind's checks (`edit.prepare`), and in one transaction the
 * row (on the version read; `include`: what the answer reads with it), its audit entry ("update",
 * or "updateSongs" in phase SongsOnly, with the changed fields sealed) and the mail: the
 * registering user hears of a change someone else made, and of a cancellation by the office.
 */
export async function updateRegistration<Row extends RegistrationRow>(
  kind: RegistrationKind<Row>,
  ctx: ServiceCtx,
  id: number,
  input: { version?: number | null; cancelledAt?: Date | null },
  o: { loaded?: Loaded<Row>; include?: object },
  edit: Edit<Row>,
): Promise<Row> {
  const p = authorize(ctx.principal, opOf(kind, "update"));
  const r = o.loaded ?? (await readRegistration<Row, Loaded<Row>>(kind, ctx, p, id));
  assertChanger(p, r);
  const { manager, scope } = editScope(kind, p, r, input.version, changesCancelledAt(input.cancelledAt, r.cancelledAt) || edit.changesManaged(r));
  const w = await edit.prepare(p, r, { manager, scope });
  const changed = { ...w.next, ...(manager && input.cancelledAt !== undefined ? { cancelledAt: input.cancelledAt } : {}), ...w.managed };
  return mailingTransaction(ctx, async (tx) => {
    const written = (await guardStale(
      kind.delegate(tx).update({
        where: versionWhere(id, input.version),
        data: { ...changed, ...w.keys({ ...r, ...changed }), version: { increment: 1 } },
        ...(o.include ? { include: o.include } : {}),
      }),
    )) as Row;
    const updated = w.settle ? await w.settle(tx, written, o.include) : written;
    await audit(tx, p, {
      action: scope === "songs" ? "updateSongs" : "update",
      entity: kind.entity,
      entityId: id,
      districtAssociationId: r.event.districtAssociationId,
      details: changeDetailsSealed(ctx.services.dataKey, r as never, changed, w.sealed),
    });
    const cancelled = !r.cancelledAt && !!updated.cancelledAt;
    const mailed =
      (cancelled || r.userId !== p.userId) &&
      (await enqueueMail(tx, mailTarget(updated, r.event), cancelled ? "cancelled" : "changed", kind.facts(updated, id, r.event)));
    return { value: updated, mailed };
  });
}

/**
 * Cancelling (the server stamps the time): once, by the club's members or registration_manage; final for normal users.
 * `o.version` (a /v1 PUT's version or If-Match): the cancel is written on that version only, so of two
 * concurrent cancels on one version one wins and the other is refused as stale (412 with If-Match).
 */
export async function cancelRegistration<Row extends RegistrationRow>(
  kind: RegistrationKind<Row>,
  ctx: ServiceCtx,
  id: number,
  o: { loaded?: Loaded<Row>; include?: object; version?: number | null } = {},
): Promise<Row> {
  const p = authorize(ctx.principal, opOf(kind, "cancel"));
  const r = o.loaded ?? (await readRegistration<Row, Loaded<Row>>(kind, ctx, p, id));
  assertChanger(p, r);
  if (!canCancel(r)) throw new AppError("CONFLICT", "Die Anmeldung ist bereits storniert");
  return mailingTransaction(ctx, async (tx) => {
    const updated = (await guardStale(
      kind.delegate(tx).update({
        where: versionWhere(id, o.version),
        data: { cancelledAt: ctx.services.now(), version: { increment: 1 } },
        ...(o.include ? { include: o.include } : {}),
      }),
    )) as Row;
    await audit(tx, p, { action: "cancel", entity: kind.entity, entityId: id, districtAssociationId: r.event.districtAssociationId });
    const mailed = await enqueueMail(tx, mailTarget(r, r.event), "cancelled", kind.facts(r, id, r.event));
    return { value: updated, mailed };
  });
}

/**
 * Deleting: only without a cancellation date, by the kind's deleter in any phase or the club in
 * phase NoRestrictions; a cancelled registration only by registration_manage (erasure on request).
 * Its files, earlier audit entries and mails go with it (traces.ts); the deletion's own entry
 * keeps who and the counts, no names; the notice is deleted from the outbox once sent.
 */
export async function deleteRegistration<Row extends RegistrationRow>(
  kind: RegistrationKind<Row>,
  ctx: ServiceCtx,
  id: number,
  version?: number | null,
): Promise<Loaded<Row>> {
  const p = authorize(ctx.principal, opOf(kind, "delete"));
  const r = await readRegistration(kind, ctx, p, id);
  // /v1 If-Match: the version the deletion was based on, checked again by the delete's where
  checkVersion(r, version);
  const deleter = kind.deleter(p, r.event);
  assertChanger(p, r, deleter);
  const erases = mayActOn(p, "registration.deleteCancelled", r.event);
  if (!canDelete(r, r.event.editPhase, { manager: deleter, erases })) {
    throw new AppError(
      "CONFLICT",
      r.cancelledAt ? "Eine stornierte Anmeldung kann nicht gelöscht werden" : "In dieser Bearbeitungsphase kann nur storniert werden",
    );
  }
  return mailingTransaction(ctx, async (tx) => {
    const traces = await deleteRegistrationTraces(tx, kind.traces(id));
    await guardStale(kind.delegate(tx).delete({ where: versionWhere(id, version) }));
    await audit(tx, p, { action: "delete", entity: kind.entity, entityId: id, districtAssociationId: r.event.districtAssociationId, details: traces });
    return { value: r, mailed: await enqueueMail(tx, mailTarget(r, r.event), "deleted", kind.facts(r, id, r.event)) };
  });
}

/**
 * PUT of /v1 (one read): a club member's cancelled_at cancels (the server stamps the time);
 * otherwise an edit (registration_manage sets cancelled_at as sent). Answers the row with `include`.
 * `version` (the body's, or If-Match's): the cancel, too, is refused when the row has moved on.
 */
export async function putRegistration<Row extends RegistrationRow>(
  kind: RegistrationKind<Row>,
  ctx: ServiceCtx,
  id: number,
  cancelledAtSent: Date | null | undefined,
  update: (loaded: Loaded<Row>) => Promise<Row>,
  include: object,
  version?: number | null,
): Promise<Row> {
  const p = authorize(ctx.principal, opOf(kind, "read"));
  const r = await readRegistration(kind, ctx, p, id, { ...include, ...WITH_EVENT });
  checkVersion(r, version);
  if (!isManager(p, r.event) && cancelledAtSent && !r.cancelledAt) return cancelRegistration(kind, ctx, id, { loaded: r, include, version });
  return update(r);
}
