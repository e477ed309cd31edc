// GraphQL: who read camp health data (Zugriffe auf Gesundheitsdaten), newest first.

import type DataLoader from "dataloader";
import { AppError } from "../../auth/errors.ts";
import { builder } from "../../graphql/builder.ts";
import { keysetConnection } from "../../graphql/connection.ts";
import { listOrder } from "../../graphql/cursor.ts";
import { keyedLoader } from "../../graphql/loaders.ts";
import type { ServiceCtx } from "../context.ts";
import { doorLabel, healthDataAccessWhere } from "./service.ts";

type Registration = { id: number; name: string | null; eventName: string | null };

/** The registrations of a page's records, in one statement per request level. */
const registrationLoaders = new WeakMap<object, DataLoader<number, Registration | null>>();
function registrationsOf(ctx: ServiceCtx) {
  let loader = registrationLoaders.get(ctx);
  if (!loader) {
    loader = keyedLoader(async (ids: number[]) => {
      const rows = await ctx.prisma.dexamRegistration.findMany({
        where: { id: { in: ids } },
        select: { id: true, firstname: true, lastname: true, event: { select: { name: true } } },
      });
      return new Map(rows.map((r) => [r.id, { id: r.id, name: `${r.firstname} ${r.lastname}`.trim(), eventName: r.event.name }]));
    });
    registrationLoaders.set(ctx, loader);
  }
  return loader;
}

const AccessedRegistrationType = builder.objectRef<Registration>("HealthDataAccessRegistration").implement({
  description: "A registration whose health data a request received.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The D-exam registration's numeric id." }),
    name: t.exposeString("name", { nullable: true, description: '"Vorname Nachname"; null once the registration is deleted.' }),
    eventName: t.exposeString("eventName", { nullable: true, description: "The event's name; null once the registration is deleted." }),
  }),
});

const HealthDataAccessType = builder.prismaObject("HealthDataAccess", {
  description: "One request that received camp health data: who, when, which registrations, through which door.",
  fields: (t) => ({
    at: t.expose("at", { type: "DateTime", description: "When the data were read." }),
    door: t.exposeString("door", {
      description: "The door: graphql, rest, restList, consentForm, consentForms, overviewExport, viewerExport, childExport.",
    }),
    doorLabel: t.string({
      description: 'The door in German ("Anmeldung angesehen", "Einverständniserklärung heruntergeladen", ...).',
      resolve: (a) => doorLabel(a.door),
    }),
    actorUserId: t.exposeInt("actorUserId", { nullable: true, description: "The reading user's numeric id, when a person read." }),
    actorName: t.string({
      description: 'Who read: "Vorname Nachname" ("Gelöschter Benutzer" once deleted); "API-Zugang <id>" for machine clients.',
      resolve: async (a, _args, ctx) => {
        if (a.actorUserId !== null) return (await ctx.loaders.userName.load(a.actorUserId)) ?? "Gelöschter Benutzer";
        return a.actorLabel.startsWith("client:") ? `API-Zugang ${a.actorLabel.slice("client:".length)}` : a.actorLabel;
      },
    }),
    registrationCount: t.int({ description: "How many registrations' health data the request received.", resolve: (a) => a.registrationIds.length }),
    registrations: t.field({
      type: [AccessedRegistrationType],
      args: { first: t.arg.int({ required: false, defaultValue: 10, description: "At most this many (1..100), in id order." }) },
      description: "The registrations (the first `first`, in id order); deleted ones by id only.",
      resolve: async (a, args, ctx) => {
        const first = Math.min(Math.max(args.first ?? 10, 1), 100);
        const ids = a.registrationIds.slice(0, first);
        const found = await Promise.all(ids.map((id) => registrationsOf(ctx).load(id)));
        return ids.map((id, i) => found[i] ?? { id, name: null, eventName: null });
      },
    }),
  }),
});

const ACCESS_ORDER = listOrder("HealthDataAccess", [{ id: "desc" }]);

keysetConnection("healthDataAccesses", {
  type: HealthDataAccessType,
  name: "HealthDataAccess",
  description:
    "Who read camp health data, newest first: the accesses of one D-exam registration (`registration`, its history), or the district association's access log (default the viewer's; another only for admin). registration_manage of the district; another district's registration answers NOT_FOUND.",
  authScopes: { operation: "healthDataAccess.list" },
  args: (arg) => ({
    registration: arg.globalID({ required: false, description: "A D-exam registration: its accesses only." }),
    districtAssociation: arg.globalID({ required: false, description: "The district association's log (admin: any; others only their own)." }),
  }),
  read: {
    delegate: (ctx) => ctx.prisma.healthDataAccess,
    order: ACCESS_ORDER,
    where: (args, ctx) => {
      const registration = args.registration as { typename: string; id: string } | null | undefined;
      const district = args.districtAssociation as { typename: string; id: string } | null | undefined;
      const numeric = (g: { typename: string; id: string }, typename: string) => {
        const id = Number(g.id);
        if (g.typename !== typename || !Number.isSafeInteger(id)) throw new AppError("NOT_FOUND", "Eintrag nicht gefunden");
        return id;
      };
      return healthDataAccessWhere(ctx, {
        registrationId: registration ? numeric(registration, "DexamRegistration") : null,
        districtAssociationId: district ? numeric(district, "DistrictAssociation") : null,
      });
    },
  },
  connection: "A page of health-data accesses with the total count.",
  edge: "An access and its cursor.",
});
