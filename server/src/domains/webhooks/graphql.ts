// GraphQL: webhook endpoints of a district association, their delivery log and their management.
import { builder, type InputFields, versionField } from "../../graphql/builder.ts";
import { DISTRICT_ASSOCIATION, districtAssociationFilterArgs, oldArgs } from "../../graphql/sameShape.ts";
import { EVENT_TYPES } from "../changes/entities.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "./service.ts";

const WebhookDeliveryType = builder.prismaObject("WebhookDelivery", {
  description: "One message to a webhook endpoint (the delivery log): what, how often tried, the last answer.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id (redeliverWebhook takes it); the message's webhook-id is msg_<databaseId>." }),
    eventType: t.exposeString("eventType", { description: 'The event type, e.g. "dexam_registration.created".' }),
    payload: t.string({
      description: "The JSON body sent (type, timestamp, data: entity, id, operation, version).",
      resolve: (d) => JSON.stringify(d.payload),
    }),
    state: t.string({
      description: "DELIVERED, FAILED (given up), PENDING (due or waiting for its next attempt).",
      resolve: (d) => (d.deliveredAt ? "DELIVERED" : d.failedAt ? "FAILED" : "PENDING"),
    }),
    attempts: t.exposeInt("attempts", { description: "Attempts so far." }),
    nextAttemptAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "The next attempt while pending.",
      resolve: (d) => (d.deliveredAt || d.failedAt ? null : d.nextAttemptAt),
    }),
    deliveredAt: t.expose("deliveredAt", { type: "DateTime", nullable: true, description: "When the endpoint answered 2xx." }),
    failedAt: t.expose("failedAt", { type: "DateTime", nullable: true, description: "When it was given up." }),
    lastStatus: t.exposeInt("lastStatus", { nullable: true, description: "The HTTP status of the last attempt (null: no answer)." }),
    lastError: t.exposeString("lastError", { nullable: true, description: "Why the last attempt failed (German)." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the change was committed." }),
  }),
});

const WebhookEndpointType = builder.prismaObject("WebhookEndpoint", {
  description:
    "A webhook endpoint of a district association: the URL that gets the chosen event types of the district's changes, signed per Standard Webhooks.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id (the mutations take it)." }),
    version: t.exposeInt("version", { description: "Raised by every change." }),
    url: t.exposeString("url", { description: "Where the messages are posted." }),
    description: t.exposeString("description", { description: "What it is for." }),
    eventTypes: t.exposeStringList("eventTypes", { description: "The event types it gets (webhookEventTypes lists them)." }),
    districtAssociationId: t.exposeInt("districtAssociationId", { description: "The district association whose changes it gets." }),
    enabled: t.boolean({ description: "false: nothing is sent (disabled by hand or after repeated failure).", resolve: (w) => w.disabledAt === null }),
    disabledAt: t.expose("disabledAt", { type: "DateTime", nullable: true, description: "When it was disabled." }),
    disabledReason: t.exposeString("disabledReason", { nullable: true, description: "Why (German)." }),
    consecutiveFailures: t.exposeInt("consecutiveFailures", { description: "Failed attempts in a row (reset by a success)." }),
    previousSecretValidUntil: t.expose("previousSecretUntil", {
      type: "DateTime",
      nullable: true,
      description: "After a rotation: until then messages carry a signature with the previous secret too.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was created." }),
    deliveries: t.relation("deliveries", {
      args: { first: t.arg.int({ required: false, defaultValue: 20, description: "At most this many (1..100), newest first." }) },
      query: (args) => ({ orderBy: { id: "desc" }, take: Math.min(Math.max(args.first ?? 20, 1), 100) }),
      description: "The delivery log, newest first.",
    }),
  }),
});

const WithSecret = builder.objectRef<{ endpoint: { id: number }; secret: string }>("WebhookEndpointWithSecret").implement({
  description: "An endpoint and its signing secret. The secret is shown only here; keep it with the receiver.",
  fields: (t) => ({
    endpoint: t.prismaField({
      type: WebhookEndpointType,
      description: "The endpoint.",
      resolve: (query, parent, _args, ctx) => ctx.prisma.webhookEndpoint.findUniqueOrThrow({ ...query, where: { id: parent.endpoint.id } }),
    }),
    secret: t.exposeString("secret", { description: 'The signing secret ("whsec_…", Standard Webhooks).' }),
  }),
});

builder.queryField("webhookEventTypes", (t) =>
  t.stringList({
    description: 'The event types an endpoint may choose: "<entity>.<operation>" for every entity of the change feed.',
    authScopes: { operation: "webhook.list" },
    resolve: () => EVENT_TYPES,
  }),
);

builder.queryField("webhookEndpoints", (t) =>
  t.prismaField({
    type: [WebhookEndpointType],
    description: "Webhook endpoints of a district association (user_manage; admin any district), oldest first.",
    authScopes: { operation: "webhook.list" },
    args: {
      ...districtAssociationFilterArgs(
        "District association: its global id; non-admins may name only their own (another is FORBIDDEN).",
        "District association (numeric id); non-admins may name only their own (another is FORBIDDEN).",
      ),
    },
    resolve: async (query, _root, args, ctx) => {
      const { districtAssociationId } = oldArgs(args, [DISTRICT_ASSOCIATION]);
      const ids = (await listWebhookEndpoints(ctx, districtAssociationId)).map((w) => w.id);
      const rows = await ctx.prisma.webhookEndpoint.findMany({ ...query, where: { id: { in: ids } } });
      return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
    },
  }),
);

/** The fields both inputs take. */
const endpointFields = (t: InputFields) => ({
  url: t.string({ required: false, description: "The receiver's https:// URL (http:// and inner addresses only with WEBHOOK_ALLOW_PRIVATE)." }),
  description: t.string({ required: false, description: "What it is for (at most 200 characters)." }),
  eventTypes: t.stringList({ required: false, description: "The event types it gets (at least one of webhookEventTypes)." }),
  enabled: t.boolean({ required: false, description: "false: send nothing; true again: resume (the pending deliveries too)." }),
});

const CreateInput = builder.inputType("CreateWebhookEndpointInput", {
  description: "A new webhook endpoint (url and eventTypes required).",
  fields: (t) => ({
    ...endpointFields(t),
    districtAssociation: t.globalID({ required: false, description: "District association (admin: any; others only their own)." }),
  }),
});

const UpdateInput = builder.inputType("UpdateWebhookEndpointInput", {
  description: "Changes of a webhook endpoint; what is left out stays.",
  fields: (t) => ({
    id: t.int({ required: true, description: "The endpoint's databaseId." }),
    version: versionField(t),
    ...endpointFields(t),
  }),
});

const districtOf = (g: { typename: string; id: string } | null | undefined) => (g ? Number(g.id) : null);

builder.mutationField("createWebhookEndpoint", (t) =>
  t.field({
    type: WithSecret,
    description: "Create a webhook endpoint; answers its signing secret once.",
    authScopes: { operation: "webhook.manage" },
    args: { input: t.arg({ type: CreateInput, required: true, description: "The new endpoint." }) },
    resolve: (_root, { input }, ctx) =>
      createWebhookEndpoint(ctx, {
        url: input.url,
        description: input.description,
        eventTypes: input.eventTypes,
        enabled: input.enabled,
        districtAssociationId: districtOf(input.districtAssociation as never),
      }),
  }),
);

builder.mutationField("updateWebhookEndpoint", (t) =>
  t.field({
    type: WebhookEndpointType,
    description: "Change a webhook endpoint: URL, description, event types, enabled.",
    authScopes: { operation: "webhook.manage" },
    args: { input: t.arg({ type: UpdateInput, required: true, description: "The endpoint and its changes." }) },
    resolve: (_root, { input }, ctx) => updateWebhookEndpoint(ctx, input.id, input),
  }),
);

builder.mutationField("deleteWebhookEndpoint", (t) =>
  t.int({
    description: "Delete a webhook endpoint with its delivery log; answers its databaseId.",
    authScopes: { operation: "webhook.manage" },
    args: { id: t.arg.int({ required: true, description: "The endpoint's databaseId." }) },
    resolve: async (_root, { id }, ctx) => (await deleteWebhookEndpoint(ctx, id)).id,
  }),
);

builder.mutationField("rotateWebhookSecret", (t) =>
  t.field({
    type: WithSecret,
    description: "A new signing secret (answered once); the previous one signs beside it for 24 hours, so the receiver can switch.",
    authScopes: { operation: "webhook.manage" },
    args: { id: t.arg.int({ required: true, description: "The endpoint's databaseId." }) },
    resolve: (_root, { id }, ctx) => rotateWebhookSecret(ctx, id),
  }),
);

builder.mutationField("redeliverWebhook", (t) =>
  t.field({
    type: WebhookDeliveryType,
    description: "Send a logged delivery again (the same webhook-id, so a receiver can drop a copy it has).",
    authScopes: { operation: "webhook.manage" },
    args: { id: t.arg.int({ required: true, description: "The delivery's databaseId." }) },
    resolve: (_root, { id }, ctx) => redeliverWebhook(ctx, id),
  }),
);

// read by the endpoint's own rule (the single endpoint is not a Node)
void getWebhookEndpoint;
