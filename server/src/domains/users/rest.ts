import { AppError } from "../../auth/errors.ts";
import { idParam, type RestRouter, versionOf } from "../../http/rest.ts";
import { isProfileComplete } from "../../shared/validation.ts";
import { exportOwnData } from "./export.ts";
import type { UserFields } from "./rules.ts";
import {
  createUser,
  deleteUser,
  deleteViewer,
  getUser,
  getViewer,
  listUsers,
  resendInvitation,
  setBlocked,
  setUserAssociations,
  type UserWithClubs,
  updateUser,
  updateViewer,
} from "./service.ts";

/** The spec's user fields (section 3). */
export function toWire(u: UserWithClubs) {
  return {
    id: u.id,
    version: u.version,
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    phone: u.phone,
    address: { street: u.street, postcode: u.postcode, city: u.city, country: u.country },
    roles: u.roles,
    associations: u.associations.map((a) => ({ id: a.association.id, name: a.association.name })),
    district_association_id: u.districtAssociationId,
    last_active: u.lastActive?.toISOString() ?? null,
    blocked: u.blocked,
    complete: isProfileComplete(u),
  };
}

type Json = Record<string, unknown>;
const obj = (raw: unknown): Json => {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new AppError("BAD_REQUEST", "Ungültige Anfrage: JSON-Objekt erwartet");
  return raw as Json;
};
const s = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));
const opt = (v: unknown) => (v == null ? null : s(v));
const int = (v: unknown) => (v != null && v !== "" && Number.isSafeInteger(Number(v)) ? Number(v) : null);

function fields(b: Json): UserFields {
  const a = b.address && typeof b.address === "object" ? (b.address as Json) : b;
  return {
    firstname: s(b.firstname),
    lastname: s(b.lastname),
    email: s(b.email),
    phone: opt(b.phone),
    street: opt(a.street),
    postcode: opt(a.postcode),
    city: opt(a.city),
    country: opt(a.country),
    version: versionOf(b.version),
  };
}

function roles(b: Json): string[] | null {
  if (b.roles === undefined || b.roles === null) return null;
  if (!Array.isArray(b.roles)) throw new AppError("VALIDATION", "Ungültige Eingabe: roles", { roles: "Liste von Rollen erwartet" });
  return b.roles.map(String);
}

/** Decision R-API067: the user-associations body is { "association_ids": [1, 2] }; a plain array of ids or of { id } is accepted too. */
function associationIds(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === "object" ? ((raw as Json).association_ids ?? (raw as Json).associations) : undefined;
  if (!Array.isArray(list)) throw new AppError("VALIDATION", "Ungültige Eingabe: association_ids", { association_ids: "Liste von Vereinen erwartet" });
  return list.map((x) => {
    const id = int(x && typeof x === "object" ? (x as Json).id : x);
    if (id === null) throw new AppError("VALIDATION", "Ungültige Eingabe: association_ids", { association_ids: "Verein nicht gefunden" });
    return id;
  });
}

export function userRoutes(r: RestRouter) {
  r.get("/v1/user/0", async (ctx) => toWire(await getViewer(ctx)));
  r.get("/v1/user/0/export", async (ctx, _req, reply) => {
    const data = await exportOwnData(ctx);
    reply.header("content-disposition", `attachment; filename="meine-daten-${data.exportedAt.slice(0, 10)}.json"`);
    reply.header("cache-control", "no-store");
    return data;
  });
  r.get("/v1/user/:id", async (ctx, req) => toWire(await getUser(ctx, idParam(req))));
  r.get("/v1/users", async (ctx, req) => {
    const q = req.query as Record<string, string | undefined>;
    return (await listUsers(ctx, { search: q.search, associationId: int(q.associationId), districtAssociationId: int(q.districtId) })).map(toWire);
  });
  r.post("/v1/user", async (ctx, req, reply) => {
    const b = obj(req.body);
    const districtAssociationId = int(b.district_association_id);
    if (districtAssociationId === null)
      throw new AppError("VALIDATION", "Ungültige Eingabe: district_association_id", { district_association_id: "Dieses Feld ist ein Pflichtfeld" });
    reply.status(201);
    return toWire(await createUser(ctx, { ...fields(b), districtAssociationId, roles: roles(b) }));
  });
  // the own profile (id 0 or the own id) or a user of user management
  r.put("/v1/user", async (ctx, req) => {
    const b = obj(req.body);
    const id = int(b.id);
    if (id === null) throw new AppError("NOT_FOUND", "Benutzer nicht gefunden");
    if (id === 0 || id === ctx.principal.userId) return toWire(await updateViewer(ctx, fields(b)));
    return toWire(await updateUser(ctx, id, { ...fields(b), roles: roles(b) }));
  });
  r.delete("/v1/user/:id", async (ctx, req, reply) => {
    const id = idParam(req);
    if (id === 0 || id === ctx.principal.userId) await deleteViewer(ctx);
    else await deleteUser(ctx, id);
    reply.status(204);
    return null;
  });
  r.put("/v1/user/:id/associations", async (ctx, req) => toWire(await setUserAssociations(ctx, idParam(req), associationIds(req.body))));
  r.put("/v1/user/:id/deactivate", async (ctx, req) => toWire(await setBlocked(ctx, idParam(req), true)));
  r.put("/v1/user/:id/reactivate", async (ctx, req) => toWire(await setBlocked(ctx, idParam(req), false)));
  r.put("/v1/user/:id/invite_code/resend", async (ctx, req) => toWire(await resendInvitation(ctx, idParam(req))));
}
