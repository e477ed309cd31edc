// The GraphQL part of the registration shape (registrations/kind.ts): each kind's overview
// connection and its create/update/cancel/delete mutations, written once. A kind's graphql.ts
// defines its object type and input types and calls these with its services and descriptions.
// Creates, updates and cancels answer from the transaction's row: the selection's relations (Pothos'
// query) are read by the insert's or update's own statement, nothing after the commit.

import { builder, type GraphQLContext, type InputFields } from "../../graphql/builder.ts";
import { keysetConnection } from "../../graphql/connection.ts";
import { DexamTypeEnum, InstrumentEnum } from "../../graphql/enums.ts";
import { encodeId, numericId } from "../../graphql/ids.ts";
import { type OrderArgument, orderByArgument, type SortableList } from "../../graphql/orderBy.ts";
import { ASSOCIATION, associationFilterArgs, inOldShape, LOCATION, locationFilterArgs, oldArgs, type Spelling, useInstead } from "../../graphql/sameShape.ts";
import type { ServiceCtx } from "../context.ts";
import { REGISTRATION_STATUSES, type RegistrationFilter, type RegistrationFilterArgs, type RegistrationStatus } from "./access.ts";
import { IDEMPOTENCY_KEY } from "./idempotency.ts";
import type { RegistrationKind } from "./kind.ts";
import { type RegistrationList, registrationList } from "./list.ts";
import { remarksOf } from "./remarks.ts";

/** Pothos' types are named by the kind; the shape passes them through. */
// biome-ignore lint/suspicious/noExplicitAny: a Pothos object, input or enum ref of either kind
type Ref = any;

/** A registration's numeric id from its global id ("… nicht gefunden" for another type). */
export const registrationId = (entity: string, label: string) => (id: { typename: string; id: string }) => numericId(id, entity, label);

/** The fields every registration type opens with: its numeric id, version, last change and event. */
export const registrationHeadFields = (t: Ref) => ({
  databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
  version: t.exposeInt("version", { description: "Increases with every change; send it back with an update (optimistic concurrency)." }),
  updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When the registration was created or last changed (including its results)." }),
  event: t.relation("event", { description: "The event (Veranstaltung) of the registration." }),
});

/** The registrant's remarks, sealed at rest (remarks.ts). */
export const remarksField = (t: Ref) =>
  t.string({
    nullable: true,
    description: "Free-text remarks of the registrant.",
    resolve: (r: Parameters<typeof remarksOf>[1], _args: unknown, ctx: GraphQLContext) => remarksOf(ctx.services.dataKey, r),
  });

/** The cancellation and the two consents, as every registration type shows them. */
export const registrationStateFields = (t: Ref) => ({
  cancelledAt: t.expose("cancelledAt", {
    type: "DateTime",
    nullable: true,
    description: "When the registration was cancelled (storniert); null while active.",
  }),
  gdprAccepted: t.exposeBoolean("gdprAccepted", { description: "The privacy policy (Datenschutzerklärung) of the event was accepted." }),
  cancellationAccepted: t.exposeBoolean("cancellationAccepted", {
    description: "The cancellation conditions (Stornobedingungen) of the event were accepted.",
  }),
});

/** The club of a registration input: its global id, as read at `<entity>.association.id`, beside the deprecated numeric id. */
export const clubInputFields = (t: InputFields, entity: string) => ({
  association: t.globalID({
    required: false,
    description: `The club (Verein): its global id, as read at ${entity}.association.id. Required (or the deprecated associationId).`,
  }),
  associationId: t.int({
    required: false,
    deprecationReason: useInstead("association", "the club's global id"),
    description: "The club (numeric id, databaseId).",
  }),
});

/** The two consents every registration input carries. */
export const consentInputFields = (t: InputFields) => ({
  gdprAccepted: t.boolean({ required: false, description: "The privacy policy (Datenschutzerklärung) of the event was accepted." }),
  cancellationAccepted: t.boolean({ required: false, description: "The cancellation conditions (Stornobedingungen) of the event were accepted." }),
});

/** What each kind writes in its own words: the GraphQL descriptions of its fields and arguments. */
export type RegistrationDocs = {
  /** the description of `id` of update, cancel and delete */
  id: string;
  create: string;
  delete: string;
};

/** The words of a kind's overview connection; the rest of its descriptions is the same for every kind. */
export type ListDocs = {
  /** "D-exam", "competition" */
  name: string;
  /** where the location filter looks ("(theory, practice or preparation location)") and the field that reads it */
  location: { where: string; field: string };
  search: string;
  /** the default order as the argument names it, and its ties */
  order: { default: string; ties: string };
};

const STATUS_DESCRIPTIONS: Record<RegistrationStatus, string> = {
  LIVE: "Not cancelled.",
  CANCELLED: "Cancelled (cancelledAt set).",
  DOCUMENTS_INCOMPLETE: "Competitions: the documents are not complete (documentsComplete false).",
  NOT_VERIFIED: "D-exams: an existing partial result (Vorhandene Teilprüfung) not verified yet.",
  RESULT_ENTERED:
    "Points entered (D-exams: theory or practice). Only for callers who see every result of the event (registration and results staff of its district); anyone else gets VALIDATION.",
  RESULT_PUBLISHED: "Points entered that their location publishes (as the result fields show them to every reader).",
};

const RegistrationStatusEnum = builder.enumType("RegistrationStatus", {
  description: "A status the registration overviews filter by (filter.status).",
  values: Object.fromEntries(REGISTRATION_STATUSES.map((s) => [s, { description: STATUS_DESCRIPTIONS[s] }])) as Record<
    RegistrationStatus,
    { description: string }
  >,
});

/** The overview's filters beside the search, the location and the club (one input type for both kinds). */
export const RegistrationListFilter = builder.inputType("RegistrationListFilter", {
  description:
    "Filters of a registration overview, combined with each other, with the search, the location and the club; each narrows what the caller may see, never more. A filter a kind does not have (a competition's instrument or course, a D-exam's DOCUMENTS_INCOMPLETE, a competition's NOT_VERIFIED) is refused (VALIDATION).",
  fields: (t) => ({
    instrument: t.field({ type: InstrumentEnum, required: false, description: "D-exams: only registrations for this instrument." }),
    course: t.field({ type: DexamTypeEnum, required: false, description: "D-exams: only registrations for this course (D1, D2, D3)." }),
    status: t.field({ type: RegistrationStatusEnum, required: false, description: "Only registrations in this status." }),
    createdFrom: t.field({ type: "Date", required: false, description: "Only registrations created on or after this day (Europe/Berlin)." }),
    createdTo: t.field({
      type: "Date",
      required: false,
      description: "Only registrations created on or before this day (Europe/Berlin); not before createdFrom.",
    }),
  }),
});

/** A GraphQL Date (graphql-scalars: midnight UTC) as the day "yyyy-mm-dd" it names. */
const dayOf = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

/** The filter input as the list reads it (registrations/access.ts RegistrationFilter). */
export function filterOf(
  input: { instrument?: string | null; course?: string | null; status?: string | null; createdFrom?: Date | null; createdTo?: Date | null } | null | undefined,
) {
  return {
    instrument: input?.instrument ?? null,
    course: input?.course ?? null,
    status: input?.status ?? null,
    createdFrom: dayOf(input?.createdFrom),
    createdTo: dayOf(input?.createdTo),
  } as Pick<RegistrationFilter, "instrument" | "course" | "status" | "createdFrom" | "createdTo">;
}

/** The overview connection of a kind (`dexamRegistrations`, `competitionRegistrations`): the shared list read (list.ts). */
export function registrationConnection<F extends string>(field: string, o: { type: Ref; list: RegistrationList<F>; docs: ListDocs }) {
  const { entity } = o.list.kind;
  const { name } = o.docs;
  const order = orderByArgument({
    ...(o.list.order as SortableList<F>),
    name: entity,
    fieldDescription: `A column the ${name} overview can be sorted by.`,
    description: `How the ${name} overview is sorted; ties are broken by the default order (${o.docs.order.ties}).`,
  });
  const upper = name.charAt(0).toUpperCase() + name.slice(1);
  keysetConnection(field, {
    type: o.type,
    name: entity,
    description: `${upper} registrations of an event (the overview): members see their clubs', registration staff their district's.`,
    authScopes: { operation: `${o.list.kind.op}.list` as "dexam.list" },
    args: (arg) => ({
      eventId: arg.globalID({ required: true, description: "Global id of the event." }),
      ...locationFilterArgs(
        `Only registrations at this location${o.docs.location.where}: its global id, as read at ${entity}.${o.docs.location.field}.id.`,
        "Only registrations at this location (numeric id, databaseId).",
      ),
      ...associationFilterArgs(
        `Only registrations of this club (Verein): its global id, as read at ${entity}.association.id.`,
        "Only registrations of this club (Verein; numeric id, databaseId).",
      ),
      updatedSince: arg({
        type: "DateTime",
        required: false,
        description:
          "Only registrations created or changed (including results) at or after this instant: for polling, pass the time of your previous poll minus a minute. Deletions do not show here.",
      }),
      search: arg.string({ required: false, description: o.docs.search }),
      filter: arg({
        type: RegistrationListFilter,
        required: false,
        description: "Instrument, course, status, created between (RegistrationListFilter).",
      }),
      orderBy: arg({
        type: order.input,
        required: false,
        description: `Sort order; default ${o.docs.order.default}. A cursor belongs to its order: change the order and start again without after/before.`,
      }),
    }),
    read: {
      delegate: (ctx) => o.list.kind.delegate(ctx.prisma) as never,
      list: async (args, ctx) => {
        const { filter: input, ...rest } = args as unknown as RegistrationFilterArgs & { filter?: Parameters<typeof filterOf>[0] };
        const filter = oldArgs(rest as RegistrationFilterArgs, [LOCATION, ASSOCIATION]);
        const eventId = numericId(filter.eventId, "Event", "Veranstaltung");
        return registrationList(ctx, o.list, { ...filter, ...filterOf(input), eventId }, (args as { orderBy?: OrderArgument<F> }).orderBy);
      },
    },
    connection: `A page of ${name} registrations with the total count.`,
  });
}

/**
 * The four mutations of a kind: create, update and cancel (each answered from the transaction's
 * row, tests/integration/registrations/mutation-answer.test.ts), delete (the global id).
 */
export function registrationMutations<Input>(o: {
  /** the kind: its entity, operations and label */
  kind: RegistrationKind<Ref>;
  type: Ref;
  input: Ref;
  updateInput: Ref;
  spellings: readonly Spelling[];
  docs: RegistrationDocs;
  create: (ctx: ServiceCtx, eventId: number, input: Input, key: string | null | undefined, shape: object) => Promise<{ row: object }>;
  update: (ctx: ServiceCtx, id: number, input: Input, o: { include?: object }) => Promise<object>;
  cancel: (ctx: ServiceCtx, id: number, o: { include?: object }) => Promise<object>;
  delete: (ctx: ServiceCtx, id: number) => Promise<{ id: number }>;
}) {
  const { entity, label } = o.kind;
  const regId = registrationId(entity, label);
  // the answer comes from the transaction's own row, read with what the selection asks for (Pothos' query)
  const answer = (query: object) => ({ include: (query as { include?: object }).include });
  const op = (action: string) => `${o.kind.op}.${action}` as "dexam.create";
  builder.mutationField(`create${entity}`, (t) =>
    t.prismaField({
      type: o.type,
      description: o.docs.create,
      authScopes: { operation: op("create") },
      args: {
        eventId: t.arg.globalID({ required: true, description: "Global id of the event." }),
        input: t.arg({ type: o.input, required: true, description: "The new values." }),
        idempotencyKey: t.arg.string({ required: false, description: IDEMPOTENCY_KEY }),
      },
      resolve: async (query: object, _root: unknown, args: Ref, ctx: GraphQLContext) => {
        const event = numericId(args.eventId, "Event", "Veranstaltung");
        const created = await inOldShape(args.input, o.spellings, (old) => o.create(ctx, event, old as Input, args.idempotencyKey, query));
        return created.row as never;
      },
    } as never),
  );
  builder.mutationField(`update${entity}`, (t) =>
    t.prismaField({
      type: o.type,
      description: "Changes a registration within its event's edit phase (SongsOnly: songs only).",
      authScopes: { operation: op("update") },
      args: {
        id: t.arg.globalID({ required: true, description: o.docs.id }),
        input: t.arg({ type: o.updateInput, required: true, description: "The new values." }),
      },
      resolve: async (query: object, _root: unknown, args: Ref, ctx: GraphQLContext) => {
        return (await inOldShape(args.input, o.spellings, (old) => o.update(ctx, regId(args.id), old as Input, answer(query)))) as never;
      },
    } as never),
  );
  builder.mutationField(`cancel${entity}`, (t) =>
    t.prismaField({
      type: o.type,
      description: "Cancels a registration (final for normal users).",
      authScopes: { operation: op("cancel") },
      args: { id: t.arg.globalID({ required: true, description: o.docs.id }) },
      resolve: async (query: object, _root: unknown, args: Ref, ctx: GraphQLContext) => (await o.cancel(ctx, regId(args.id), answer(query))) as never,
    } as never),
  );
  builder.mutationField(`delete${entity}`, (t) =>
    t.field({
      type: "ID",
      description: o.docs.delete,
      authScopes: { operation: op("delete") },
      args: { id: t.arg.globalID({ required: true, description: o.docs.id }) },
      resolve: async (_root, { id }, ctx) => encodeId(entity, (await o.delete(ctx, regId(id))).id),
    }),
  );
}
