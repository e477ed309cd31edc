import { z } from "zod";
import { AppError, validationFailed } from "../../auth/errors.ts";
import type { RouteDoc } from "../../http/openapi.ts";
import { idParam, ifMatchVersion, type RestCtx, type RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { MSG, WIRE_MSG } from "../../shared/messages.ts";
import { ROLES, Role } from "../../shared/roles.ts";
import { MAX_USER_CLUBS } from "../../shared/userSchema.ts";
import { isProfileComplete } from "../../shared/validation.ts";
import { zipInThread } from "../../workers/pool.ts";
import { contentDisposition } from "../files/rules.ts";
import { exportOwnData, ownConsentForms } from "./export.ts";
import type { UserFields } from "./rules.ts";
import {
  createUser,
  deleteUser,
  deleteViewer,
  getUser,
  getViewer,
  resendInvitation,
  setBlocked,
  setUserAssociations,
  USER_LIST_INCLUDE,
  type UserWithClubs,
  updateUser,
  updateViewer,
  userList,
} from "./service.ts";

const nullableText = z.string().nullable();
const ClubRef = z.object({ id: z.int(), name: z.string() });

/** The spec's user fields (section 3), as /v1 answers them. */
export const UserWire = z.object({
  id: z.int(),
  version: z.int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: nullableText,
  address: z.object({ street: nullableText, postcode: nullableText, city: nullableText, country: nullableText }),
  roles: z.array(z.enum(ROLES)).meta({ description: "Die Rollen (Abschnitt 6)" }),
  associations: z.array(ClubRef).meta({ description: "Die Vereine, denen der Benutzer zugeordnet ist" }),
  district_association_id: z.int(),
  last_active: z.iso.datetime().nullable().meta({ description: "Die letzte Anmeldung; leer, solange die Einladung offen ist" }),
  blocked: z.boolean().meta({ description: "Deaktiviert: keine Anmeldung, jeder Aufruf wird abgelehnt" }),
  result_mails: z.boolean().meta({ description: "E-Mails, wenn Ergebnisse der eigenen Anmeldungen veröffentlicht werden" }),
  complete: z.boolean().meta({ description: "Ob das eigene Profil vollständig ist (Telefon und Anschrift)" }),
  updated_at: w.updatedAt(),
});

export function toWire(u: UserWithClubs): z.infer<typeof UserWire> {
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
    updated_at: u.updatedAt.toISOString(),
  };
}

const at = z.iso.datetime();
const nullableAt = at.nullable();
/** "Meine Daten herunterladen" (export.ts): the account, clubs, own registrations and audit entries. */
export const UserExportWire = z.object({
  exportedAt: at,
  account: z
    .object({
      id: z.int(),
      subject: nullableText,
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
      phone: nullableText,
      street: nullableText,
      postcode: nullableText,
      city: nullableText,
      country: nullableText,
      roles: z.array(z.enum(ROLES)),
      lastActive: nullableAt,
      blocked: z.boolean(),
      invitedAt: nullableAt,
      resultMails: z.boolean(),
      version: z.int(),
      createdAt: at,
      updatedAt: at,
      districtAssociation: ClubRef,
    })
    .meta({ description: "Das Konto (ohne Passwort-Hash und Einladungscode)" }),
  clubs: z.array(ClubRef),
  dexamRegistrations: z.array(z.looseObject({ id: z.int(), event: ClubRef })).meta({
    description: "Die eigenen D-Prüfungs-Anmeldungen, die der Benutzer noch lesen darf, mit entschlüsselten Camp-Daten; Ergebnisse, soweit veröffentlicht",
  }),
  competitionRegistrations: z
    .array(z.looseObject({ id: z.int(), event: ClubRef }))
    .meta({ description: "Die eigenen Wertungsspiel-Anmeldungen, die der Benutzer noch lesen darf; Ergebnisse, soweit veröffentlicht" }),
  auditEntries: z
    .array(z.object({ at, action: z.string(), entity: z.string(), entityId: z.int().nullable(), actorLabel: z.string() }))
    .meta({ description: "Protokolleinträge eigener Aktionen und der Änderungen am eigenen Konto" }),
  changesByOthers: z
    .array(z.object({ at, action: z.string(), entity: z.string(), entityId: z.int().nullable(), actorLabel: z.string(), details: z.unknown() }))
    .meta({ description: "Änderungen, die andere (Geschäftsstelle, andere Konten des Vereins, das System) an den eigenen Anmeldungen vorgenommen haben" }),
  mails: z
    .array(
      z.object({
        id: z.int(),
        kind: z.string(),
        payload: z.unknown(),
        createdAt: at,
        sentAt: nullableAt,
        attempts: z.int(),
        nextAttemptAt: at,
        lastError: nullableText,
      }),
    )
    .meta({ description: "Die E-Mails an den Benutzer (versandt oder noch in der Warteschlange), mit ihrem Inhalt" }),
  calendarFeed: z
    .object({ enabled: z.boolean(), since: nullableAt })
    .meta({ description: "Ob der persönliche Kalender-Feed eingeschaltet ist und seit wann (die geheime Adresse wird nicht gespeichert)" }),
});

/** What JSON.stringify sends of a value: a Date as its RFC 3339 text (toISOString). */
type AsJson<T> = T extends Date ? string : T extends readonly (infer U)[] ? AsJson<U>[] : T extends object ? { [K in keyof T]: AsJson<T[K]> } : T;
const asJson = <T>(v: T) => v as unknown as AsJson<T>;

const address = {
  street: w.text(),
  postcode: w.text(),
  city: w.text(),
  country: w.text(),
};
/** The user fields of a create or edit body; the address as { street, postcode, city, country } or flat. */
const userFields = {
  version: w.version(),
  firstname: w.text(),
  lastname: w.text(),
  email: w.text(),
  phone: w.text(),
  address: w.object(address).meta({ description: "Die Anschrift; statt dieses Objekts werden auch street, postcode, city und country flach angenommen" }),
  ...address,
  // absent or null leaves the roles (w.list would make that [], no roles)
  roles: z
    .array(w.text({ enum: [...ROLES] }), { error: WIRE_MSG.list })
    .meta({ maxItems: ROLES.length })
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: "Die Rollen (Abschnitt 6; nur ein Administrator vergibt sie, nur mit der eingebauten Anmeldung); ohne: unverändert" }),
};
const UserCreateBody = w.body({ ...userFields, district_association_id: w.id() });
const UserEditBody = w.body({
  id: w.id().meta({ description: "0 oder die eigene Id: das eigene Konto; sonst ein Benutzer der Benutzerverwaltung" }),
  ...userFields,
  result_mails: w.boolean().meta({ description: "Nur für das eigene Konto: E-Mails, wenn Ergebnisse veröffentlicht werden; ohne: unverändert" }),
});
const UserQuery = w.listQuery({ search: w.queryText(), associationId: w.queryId(), districtId: w.queryId() });

type UserBody = z.output<typeof UserCreateBody> | z.output<typeof UserEditBody>;
function fields(b: UserBody): UserFields {
  const a = b.address ?? b;
  return {
    firstname: b.firstname ?? "",
    lastname: b.lastname ?? "",
    email: b.email ?? "",
    phone: b.phone,
    street: a.street,
    postcode: a.postcode,
    city: a.city,
    country: a.country,
    version: b.version,
  };
}

/** The roles of a body: a list of role names (unknown names are dropped by the service); absent or null leaves them. */
const roles = (b: UserBody): string[] | null => b.roles?.map((r) => r ?? "") ?? null;

/** Decision R-API067: the user-associations body is { "association_ids": [1, 2] }; a plain array of ids or of { id } is accepted too. */
const AssociationIdsBody = w.body({
  association_ids: z
    .array(
      w
        .id()
        .transform((v, ctx) => {
          if (v !== null) return v;
          ctx.addIssue({ code: "custom", message: MSG.required });
          return z.NEVER;
        })
        .meta({ type: "integer", minimum: 0 }),
      { error: "Liste von Vereinen erwartet" },
    )
    .meta({ description: "Die Vereine des Kreisverbands des Benutzers; ersetzt die bisherige Zuordnung", maxItems: MAX_USER_CLUBS }),
});
function associationIds(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : w.isJsonObject(raw) ? (raw.association_ids ?? raw.associations) : undefined;
  return w.readBody(AssociationIdsBody, { association_ids: Array.isArray(list) ? list.map((x) => (w.isJsonObject(x) ? x.id : x)) : list }).association_ids;
}

// the user created by the POST example in the demo data (six users)
const CREATED = 7;

export function userRoutes(r: RestRouter) {
  /** A route on the user `:id` that answers that user (its example: the user the POST example makes). */
  const onUser = (
    method: "get" | "put",
    url: string,
    doc: Omit<RouteDoc, "tag" | "response">,
    run: (ctx: RestCtx, id: number, body: unknown) => Promise<UserWithClubs>,
  ) =>
    r[method](url, { tag: "Benutzer", response: UserWire, example: { params: { id: CREATED } }, ...doc }, async (ctx, req) =>
      toWire(await run(ctx, idParam(req), req.body)),
    );
  r.get("/v1/user/0", { tag: "Benutzer", summary: "Das eigene Konto lesen", response: UserWire, example: {} }, async (ctx) => toWire(await getViewer(ctx)));
  r.get(
    "/v1/user/0/export",
    {
      tag: "Benutzer",
      summary: "Meine Daten herunterladen",
      description:
        "Alles, was über den angemeldeten Benutzer gespeichert ist (DSGVO Art. 15 und 20), als JSON-Dokument zum Herunterladen " +
        '(Content-Disposition: attachment; filename="meine-daten-<Datum>.json").',
      response: UserExportWire,
      example: {},
    },
    async (ctx, _req, reply) => {
      const data: z.infer<typeof UserExportWire> = asJson(await exportOwnData(ctx));
      reply.header("content-disposition", `attachment; filename="meine-daten-${data.exportedAt.slice(0, 10)}.json"`);
      reply.header("cache-control", "no-store");
      return data;
    },
  );
  r.get(
    "/v1/user/0/export/consent_forms",
    {
      tag: "Benutzer",
      summary: "Meine Einverständniserklärungen herunterladen (ZIP)",
      description:
        "Die hochgeladenen Einverständniserklärungen der eigenen Anmeldungen, die der Benutzer noch lesen darf, als eine ZIP-Datei " +
        "(ohne Erklärungen: nur LIESMICH.txt).",
      file: ["application/zip"],
      example: {},
    },
    async (ctx, _req, reply) => {
      const files = await ownConsentForms(ctx);
      const zip = await zipInThread(files, "Zu Ihren Anmeldungen sind keine Einverständniserklärungen gespeichert.");
      reply
        .header("content-type", "application/zip")
        .header("content-disposition", contentDisposition(`meine-einverstaendniserklaerungen-${new Date().toISOString().slice(0, 10)}.zip`))
        .header("cache-control", "no-store");
      return reply.send(zip);
    },
  );
  onUser(
    "get",
    "/v1/user/:id",
    {
      summary: "Einen Benutzer lesen",
      description: "Das eigene Konto, oder mit user_read/user_manage ein Benutzer des eigenen Kreisverbands (Administratoren: jeder).",
    },
    getUser,
  );
  r.list(
    "/v1/users",
    {
      tag: "Benutzer",
      summary: "Benutzer auflisten",
      description:
        "Die Benutzer, die der Aufrufer sehen darf; `search` sucht in Name und E-Mail, `associationId` grenzt auf einen Verein ein, `districtId` auf einen Kreisverband (außer Administratoren nur den eigenen; ein anderer: 403).",
      query: UserQuery,
      response: z.array(UserWire),
      example: { query: { search: "Mitglied" } },
    },
    {
      read: (ctx, q) => userList(ctx, { search: q.search, associationId: q.associationId, districtAssociationId: q.districtId, updatedSince: q.updatedSince }),
      delegate: (prisma) => prisma.user,
      connection: "UserConnection",
      include: USER_LIST_INCLUDE,
      wire: (row: UserWithClubs) => toWire(row),
    },
  );
  r.post(
    "/v1/user",
    {
      tag: "Benutzer",
      summary: "Benutzer anlegen (einladen)",
      description: "Legt den Benutzer an und schickt ihm die Einladung; Rollen vergibt nur ein Administrator.",
      body: UserCreateBody,
      status: 201,
      response: UserWire,
      required: ["firstname", "lastname", "email", "district_association_id"],
      example: { body: { firstname: "Nora", lastname: "Neu", email: "nora.neu@demo.test", district_association_id: 1, roles: [Role.RoleUserRead] } },
    },
    async (ctx, req) => {
      const b = w.readBody(UserCreateBody, req.body);
      if (b.district_association_id === null) throw validationFailed({ districtAssociationId: MSG.required });
      const input = { ...fields(b), roles: roles(b) };
      return toWire(await createUser(ctx, { ...input, districtAssociationId: b.district_association_id }));
    },
  );
  // the own profile (id 0 or the own id) or a user of user management
  r.put(
    "/v1/user",
    {
      tag: "Benutzer",
      summary: "Eigenes Konto oder Benutzer ändern",
      description:
        "Mit `id` 0 oder der eigenen Id das eigene Konto (dann sind Telefon und Anschrift Pflicht, `roles` wird nicht gelesen); " +
        "sonst ein Benutzer der Benutzerverwaltung (`result_mails` wird dann nicht gelesen).",
      body: UserEditBody,
      response: UserWire,
      example: {
        body: {
          id: CREATED,
          firstname: "Nora",
          lastname: "Neumann",
          email: "nora.neu@demo.test",
          address: { street: "Marktplatz 2", postcode: "70173", city: "Musterstadt", country: "Deutschland" },
        },
      },
    },
    async (ctx, req) => {
      const b = w.readBody(UserEditBody, req.body);
      if (b.id === null) throw new AppError("NOT_FOUND", "Benutzer nicht gefunden");
      const input = fields(b);
      if (b.id === 0 || b.id === ctx.principal.userId) return toWire(await updateViewer(ctx, { ...input, resultMails: b.result_mails }));
      return toWire(await updateUser(ctx, b.id, { ...input, roles: roles(b) }));
    },
  );
  r.delete(
    "/v1/user/:id",
    {
      tag: "Benutzer",
      summary: "Benutzer oder eigenes Konto löschen",
      description: "Mit 0 oder der eigenen Id wird das eigene Konto gelöscht.",
      status: 204,
      ifMatch: true,
      example: { params: { id: CREATED } },
    },
    async (ctx, req) => {
      const id = idParam(req);
      if (id === 0 || id === ctx.principal.userId) await deleteViewer(ctx, ifMatchVersion(req));
      else await deleteUser(ctx, id, ifMatchVersion(req));
      return null;
    },
  );
  onUser(
    "put",
    "/v1/user/:id/associations",
    {
      summary: "Vereine eines Benutzers setzen",
      description:
        "Nur Vereine des Kreisverbands des Benutzers; niemand ordnet sich selbst Vereinen zu (403). Statt des Objekts wird auch eine Liste von Ids oder von { id } angenommen.",
      body: AssociationIdsBody,
      example: { params: { id: CREATED }, body: { association_ids: [1, 2] } },
    },
    (ctx, id, body) => setUserAssociations(ctx, id, associationIds(body)),
  );
  onUser(
    "put",
    "/v1/user/:id/deactivate",
    {
      summary: "Benutzer deaktivieren",
      description: "Der Benutzer kann sich nicht mehr anmelden, offene Sitzungen enden; sich selbst deaktiviert niemand (409).",
    },
    (ctx, id) => setBlocked(ctx, id, true),
  );
  onUser("put", "/v1/user/:id/reactivate", { summary: "Benutzer wieder aktivieren" }, (ctx, id) => setBlocked(ctx, id, false));
  onUser(
    "put",
    "/v1/user/:id/invite_code/resend",
    { summary: "Einladung erneut senden", description: "Nur solange sich der Benutzer nie angemeldet hat und nicht deaktiviert ist (sonst 409)." },
    resendInvitation,
  );
}
