// GraphQL: the change history (Änderungsverlauf) of one record, newest first.

import { AppError } from "../../auth/errors.ts";
import { builder } from "../../graphql/builder.ts";
import { keysetConnection } from "../../graphql/connection.ts";
import { listOrder } from "../../graphql/cursor.ts";
import { type AuditChange, actionLabel, auditChanges, auditFieldLabel, auditOperation, auditTrailWhere } from "./read.ts";

type Details = Record<string, unknown> | null;

const AuditChangeType = builder.objectRef<AuditChange>("AuditChange").implement({
  description: "One changed field of an entry: its German label, and old and new value where kept (never for health data or free-text remarks).",
  fields: (t) => ({
    field: t.exposeString("field", { description: "The field's name (as in changedFields)." }),
    label: t.exposeString("label", { description: "The field's German label." }),
    before: t.exposeString("before", {
      nullable: true,
      description: "The old value for people; null when the history keeps no values of this field or entry.",
    }),
    after: t.exposeString("after", { nullable: true, description: "The new value for people; null when the history keeps no values of this field or entry." }),
  }),
});

const AuditEntryType = builder.prismaObject("AuditEntry", {
  description: "One change of a record: who, when, what (Änderungsverlauf). Never holds health data or passwords.",
  fields: (t) => ({
    at: t.expose("at", { type: "DateTime", description: "When the change was committed." }),
    actor: t.exposeString("actorLabel", { description: 'Who changed it: the user\'s sign-in subject, an API client, or "system" (automatic deletion).' }),
    actorUserId: t.exposeInt("actorUserId", { nullable: true, description: "The acting user's numeric id, when a person acted." }),
    action: t.exposeString("action", {
      description: "What happened: create, update, updateSongs, cancel, delete, takeover, setTheoryResult, uploadPracticeSheet, importPcJuror, expire, ...",
    }),
    entity: t.exposeString("entity", { description: "The record type (GraphQL type name)." }),
    entityId: t.exposeInt("entityId", { nullable: true, description: "The record's numeric id." }),
    actionLabel: t.string({
      description: 'What happened, in German ("Angelegt", "Geändert", "Storniert", ...); the action itself when it has no label.',
      resolve: (e) => actionLabel(e.action),
    }),
    actorName: t.string({
      description:
        'Who changed it, for people: "Vorname Nachname" of the acting user ("Gelöschter Benutzer" once deleted); "API-Zugang <id>" for machine clients; "System" for automatic changes.',
      resolve: async (e, _a, ctx) => {
        if (e.actorUserId !== null) return (await ctx.loaders.userName.load(e.actorUserId)) ?? "Gelöschter Benutzer";
        if (e.actorLabel.startsWith("client:")) return `API-Zugang ${e.actorLabel.slice("client:".length)}`;
        return "System";
      },
    }),
    changedFieldLabels: t.stringList({
      description:
        "The changed fields' German labels, in the order of changedFields. Health data (Freizeitangaben) appear only as the fact that they changed, never with values.",
      resolve: (e) => {
        const changed = (e.details as Details)?.changed;
        return Array.isArray(changed) ? changed.map((f) => auditFieldLabel(String(f))) : [];
      },
    }),
    changes: t.field({
      type: [AuditChangeType],
      description: "The changed fields with old and new values (health data and remarks by name only), in the order of changedFields.",
      resolve: (e) => auditChanges(e.details),
    }),
    changedFields: t.stringList({
      description: "Names of the fields an update changed (health data only by name; the values are in changes).",
      resolve: (e) => {
        const changed = (e.details as Details)?.changed;
        return Array.isArray(changed) ? changed.map(String) : [];
      },
    }),
    details: t.string({
      nullable: true,
      description: "Further facts of the change as a JSON object (for example the counts of an automatic deletion), or null.",
      resolve: (e) => {
        const { changed: _changed, values: _values, ...rest } = (e.details as Details) ?? {};
        return Object.keys(rest).length ? JSON.stringify(rest) : null;
      },
    }),
  }),
});

/** The change history: newest first. */
const AUDIT_ORDER = listOrder("AuditEntry", [{ id: "desc" }]);

keysetConnection("auditTrail", {
  name: "AuditEntry",
  type: AuditEntryType,
  description:
    "The change history of one record, newest first. Registrations: registration_manage or results_manage; events and locations: event_manage; users: user_manage; clubs: association_manage; district associations: admin. Records of another district association answer NOT_FOUND.",
  args: (arg) => ({ id: arg.globalID({ required: true, description: "The record's global id." }) }),
  authScopes: (_root: unknown, args: { id: { typename: string } }) => {
    try {
      return { operation: auditOperation(args.id.typename) };
    } catch {
      return { signedIn: true }; // unknown types are refused in the resolver with a message
    }
  },
  read: {
    delegate: (ctx) => ctx.prisma.auditEntry,
    order: AUDIT_ORDER,
    where: async (args, ctx) => {
      const { typename, id: raw } = args.id as { typename: string; id: string };
      const id = Number(raw);
      if (!Number.isSafeInteger(id)) throw new AppError("NOT_FOUND", "Eintrag nicht gefunden");
      return auditTrailWhere(ctx.prisma, ctx.principal, typename, id);
    },
  },
  connection: "A page of audit entries.",
  totalCount: false,
  edge: "An audit entry and its cursor.",
});
