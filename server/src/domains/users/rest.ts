import { AppError, validationFailed } from "../../auth/errors.ts";
import { idParam, type RestRouter, versionOf } from "../../http/rest.ts";
import { isJsonObject, queryId, WireReader } from "../../http/wireInput.ts";
import { MSG } from "../../shared/messages.ts";
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
    result_mails: u.resultMails,
    complete: isProfileComplete(u),
  };
}

/** The user fields of a body, read strictly (http/wireInput.ts); the address as { street, postcode, city, country } or flat. */
function fields(r: WireReader): UserFields {
  const a = r.has("address") ? (r.object("address") ?? r) : r;
  return {
    firstname: r.text("firstname") ?? "",
    lastname: r.text("lastname") ?? "",
    email: r.text("email") ?? "",
    phone: r.text("phone"),
    street: a.text("street"),
    postcode: a.text("postcode"),
    city: a.text("city"),
    country: a.text("country"),
    version: versionOf(r.raw("version")),
  };
}

/** The roles of a body: a list of role names (unknown names are the service's refusal); absent or null leaves them. */
function roles(r: WireReader): string[] | null {
  if (r.raw("roles") == null) return null;
  return r.list("roles", (holder, i) => holder.text(String(i)) ?? "");
}

/** Decision R-API067: the user-associations body is { "association_ids": [1, 2] }; a plain array of ids or of { id } is accepted too. */
function associationIds(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : isJsonObject(raw) ? (raw.association_ids ?? raw.associations) : undefined;
  if (!Array.isArray(list)) throw validationFailed({ associationIds: "Liste von Vereinen erwartet" });
  const r = WireReader.of({ association_ids: list.map((x) => (isJsonObject(x) ? x.id : x)) });
  const ids = r.list("association_ids", (holder, i) => holder.id(String(i)) ?? holder.fail(i, MSG.required));
  r.done();
  return ids as number[];
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
    return (await listUsers(ctx, { search: q.search, associationId: queryId(q, "associationId"), districtAssociationId: queryId(q, "districtId") })).map(
      toWire,
    );
  });
  r.post("/v1/user", async (ctx, req, reply) => {
    const r = WireReader.of(req.body);
    const districtAssociationId = r.id("district_association_id");
    const input = { ...fields(r), roles: roles(r) };
    r.done();
    if (districtAssociationId === null) throw validationFailed({ districtAssociationId: MSG.required });
    reply.status(201);
    return toWire(await createUser(ctx, { ...input, districtAssociationId }));
  });
  // the own profile (id 0 or the own id) or a user of user management
  r.put("/v1/user", async (ctx, req) => {
    const r = WireReader.of(req.body);
    const id = r.id("id");
    const input = fields(r);
    const roleNames = roles(r);
    // the own account only: e-mails when results are published (ignored for another user)
    const resultMails = r.boolean("result_mails");
    r.done();
    if (id === null) throw new AppError("NOT_FOUND", "Benutzer nicht gefunden");
    if (id === 0 || id === ctx.principal.userId) return toWire(await updateViewer(ctx, { ...input, resultMails }));
    return toWire(await updateUser(ctx, id, { ...input, roles: roleNames }));
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
