// Webhook endpoints of a district association (docs/decisions.md "Webhooks"): staff with the
// permission table's webhook.manage create, change, enable, delete them and rotate their secrets;
// webhook.list reads them with their delivery log. Every write: authorize -> validate -> one
// transaction with its audit entry. The secret is shown once (create, rotate) and kept sealed.
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize, type Operation } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { encrypt } from "../../crypto/aead.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { TEXT_LIMITS } from "../../shared/validation.ts";
import { audit, type Tx } from "../audit/service.ts";
import { EVENT_TYPES } from "../changes/entities.ts";
import { districtInScope, type ServiceCtx } from "../context.ts";
import { isInnerAddress, literalAddress } from "./address.ts";
import { newSecret } from "./signing.ts";

/** The audit entry of a change of an endpoint, written in the change's transaction. */
const auditEndpoint = (tx: Tx, p: Principal, action: string, entityId: number, districtAssociationId: number, details: Prisma.InputJsonValue) =>
  audit(tx, p, { action, entity: "WebhookEndpoint", entityId, districtAssociationId, details });

/** How long the previous secret stays valid after a rotation (both sign every message meanwhile). */
export const ROTATION_HOURS = 24;

export const WEBHOOK_MSG = {
  url: "Bitte geben Sie eine vollständige Adresse mit https:// ein.",
  urlHttp: "Die Adresse muss mit https:// beginnen.",
  urlCredentials: "Die Adresse darf keinen Benutzernamen und kein Passwort enthalten.",
  urlTooLong: `Die Adresse darf höchstens ${TEXT_LIMITS.WebhookEndpoint.url} Zeichen lang sein.`,
  urlInner: "Diese Adresse ist nicht erlaubt (Loopback, link-lokal oder privat).",
  eventTypes: "Bitte wählen Sie mindestens eine Ereignisart.",
  eventTypeUnknown: "Diese Ereignisart gibt es nicht",
  description: `Die Beschreibung darf höchstens ${TEXT_LIMITS.WebhookEndpoint.description} Zeichen lang sein.`,
} as const;

export type EndpointInput = { url?: string | null; description?: string | null; eventTypes?: readonly string[] | null; enabled?: boolean | null };

/** The endpoint's fields, checked: an http(s) URL (https unless WEBHOOK_ALLOW_PRIVATE), without credentials, not an inner address literal. */
export function checkEndpoint(input: EndpointInput, allowPrivate: boolean, required: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.url != null || required) {
    const raw = (input.url ?? "").trim();
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {}
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) errors.url = WEBHOOK_MSG.url;
    else if (raw.length > TEXT_LIMITS.WebhookEndpoint.url) errors.url = WEBHOOK_MSG.urlTooLong;
    else if (url.protocol === "http:" && !allowPrivate) errors.url = WEBHOOK_MSG.urlHttp;
    else if (url.username || url.password) errors.url = WEBHOOK_MSG.urlCredentials;
    else {
      const literal = literalAddress(url);
      if (!allowPrivate && (url.hostname === "localhost" || (literal && isInnerAddress(literal)))) errors.url = WEBHOOK_MSG.urlInner;
    }
  }
  if (input.eventTypes != null || required) {
    const types = input.eventTypes ?? [];
    if (!types.length) errors.eventTypes = WEBHOOK_MSG.eventTypes;
    else if (types.some((t) => !EVENT_TYPES.includes(t))) errors.eventTypes = `${WEBHOOK_MSG.eventTypeUnknown}: ${types.find((t) => !EVENT_TYPES.includes(t))}`;
  }
  if (input.description != null && input.description.trim().length > TEXT_LIMITS.WebhookEndpoint.description) errors.description = WEBHOOK_MSG.description;
  return errors;
}

export async function listWebhookEndpoints(ctx: ServiceCtx, districtAssociationId?: number | null) {
  const p = authorize(ctx.principal, "webhook.list");
  return ctx.prisma.webhookEndpoint.findMany({
    where: { districtAssociationId: districtInScope(p, districtAssociationId) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The endpoint the principal acts on under `op`; another district's is "not found". */
async function endpointFor(ctx: ServiceCtx, p: Principal, op: Operation, id: number) {
  const w = await ctx.prisma.webhookEndpoint.findUnique({ where: { id } });
  if (!w || !actsOn(p, op, { districtAssociationId: w.districtAssociationId })) throw notFound("Webhook-Endpunkt");
  return w;
}

export async function getWebhookEndpoint(ctx: ServiceCtx, id: number) {
  return endpointFor(ctx, authorize(ctx.principal, "webhook.list"), "webhook.list", id);
}

export async function createWebhookEndpoint(ctx: ServiceCtx, input: EndpointInput & { districtAssociationId?: number | null }) {
  const p = authorize(ctx.principal, "webhook.manage");
  const districtAssociationId = districtInScope(p, input.districtAssociationId);
  const errors = checkEndpoint(input, ctx.services.config.webhookAllowPrivate, true);
  if (Object.keys(errors).length) throw validationFailed(errors);
  const secret = newSecret();
  const endpoint = await ctx.prisma.$transaction(async (tx) => {
    const w = await tx.webhookEndpoint.create({
      data: {
        districtAssociationId,
        url: (input.url as string).trim(),
        description: input.description?.trim() ?? "",
        eventTypes: [...new Set(input.eventTypes)],
        secretEncrypted: new Uint8Array(encrypt(ctx.services.dataKey, secret)),
        createdById: p.kind === "user" ? p.userId : null,
        disabledAt: input.enabled === false ? new Date() : null,
        disabledReason: input.enabled === false ? "Ausgeschaltet" : null,
      },
    });
    await auditEndpoint(tx, p, "create", w.id, districtAssociationId, { url: w.url, eventTypes: w.eventTypes });
    return w;
  });
  return { endpoint, secret };
}

export async function updateWebhookEndpoint(ctx: ServiceCtx, id: number, input: EndpointInput & { version?: number | null }) {
  const p = authorize(ctx.principal, "webhook.manage");
  const current = await endpointFor(ctx, p, "webhook.manage", id);
  const errors = checkEndpoint(input, ctx.services.config.webhookAllowPrivate, false);
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (input.version != null && input.version !== current.version)
    throw new AppError("CONFLICT", "Der Endpunkt wurde inzwischen geändert. Bitte laden Sie die Seite neu.");
  const enable = input.enabled === true && current.disabledAt !== null;
  const disable = input.enabled === false && current.disabledAt === null;
  return ctx.prisma.$transaction(async (tx) => {
    const w = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        ...(input.url != null ? { url: input.url.trim() } : {}),
        ...(input.description != null ? { description: input.description.trim() } : {}),
        ...(input.eventTypes != null ? { eventTypes: [...new Set(input.eventTypes)] } : {}),
        ...(enable ? { disabledAt: null, disabledReason: null, consecutiveFailures: 0 } : {}),
        ...(disable ? { disabledAt: new Date(), disabledReason: "Ausgeschaltet" } : {}),
        version: { increment: 1 },
      },
    });
    await auditEndpoint(tx, p, "update", id, w.districtAssociationId, {
      url: w.url,
      eventTypes: w.eventTypes,
      ...(enable ? { enabled: true } : disable ? { enabled: false } : {}),
    });
    return w;
  });
}

export async function deleteWebhookEndpoint(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "webhook.manage");
  const current = await endpointFor(ctx, p, "webhook.manage", id);
  await ctx.prisma.$transaction(async (tx) => {
    // its deliveries go with it (the log of a deleted endpoint helps no one)
    await tx.webhookEndpoint.delete({ where: { id } });
    await auditEndpoint(tx, p, "delete", id, current.districtAssociationId, { url: current.url });
  });
  return current;
}

/** A new secret (answered once); the previous one keeps signing beside it for ROTATION_HOURS. */
export async function rotateWebhookSecret(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "webhook.manage");
  const current = await endpointFor(ctx, p, "webhook.manage", id);
  const secret = newSecret();
  const endpoint = await ctx.prisma.$transaction(async (tx) => {
    const w = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        secretEncrypted: new Uint8Array(encrypt(ctx.services.dataKey, secret)),
        previousSecretEncrypted: current.secretEncrypted,
        previousSecretUntil: new Date(ctx.services.now().getTime() + ROTATION_HOURS * 3_600_000),
        version: { increment: 1 },
      },
    });
    await auditEndpoint(tx, p, "rotateSecret", id, w.districtAssociationId, { url: w.url });
    return w;
  });
  return { endpoint, secret };
}

/** Sends a logged delivery again (delivered or given up): due at once, its attempts counted anew, the same webhook-id. */
export async function redeliverWebhook(ctx: ServiceCtx, deliveryId: number) {
  const p = authorize(ctx.principal, "webhook.manage");
  const d = await ctx.prisma.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: { select: { districtAssociationId: true } } } });
  if (!d || !actsOn(p, "webhook.manage", { districtAssociationId: d.endpoint.districtAssociationId })) throw notFound("Zustellung");
  return ctx.prisma.$transaction(async (tx) => {
    const again = await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { deliveredAt: null, failedAt: null, attempts: 0, nextAttemptAt: ctx.services.now() },
    });
    await auditEndpoint(tx, p, "redeliver", d.endpointId, d.endpoint.districtAssociationId, { delivery: deliveryId, eventType: d.eventType });
    return again;
  });
}
