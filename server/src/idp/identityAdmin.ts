// The identity-admin port: everything user management does at the identity provider (invite,
// resend the invitation, block, unblock, delete). Three adapters:
// - embedded: real; an invited user opens the link, sets a password and signs in;
// - ZITADEL (OIDC_ISSUER + ZITADEL_TOKEN): its user service v2 (create human user in the district
//   association's organisation = IamRef, invite code, deactivate, reactivate, delete);
// - manual (another external issuer): records what an administrator must do in that provider.
import crypto from "node:crypto";
import { AppError } from "../auth/errors.ts";
import type { Config } from "../config.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { Outbox } from "../mail/transport.ts";

// the mail transport lives in mail/transport.ts (one for invitations and confirmation e-mails)
export { logOutbox, type Outbox, smtpOutbox } from "../mail/transport.ts";

export type IdentityUser = { id: number; email: string; firstname: string; lastname: string; subject: string | null; districtAssociationId: number };
type Db = Prisma.TransactionClient;

export type Invitation = { link: string | null };

export interface IdentityAdmin {
  readonly mode: "embedded" | "zitadel" | "manual";
  /** creates the account where needed and sends (or sends again) the invitation */
  invite(db: Db, user: IdentityUser): Promise<Invitation>;
  /** blocked users cannot sign in; open sessions end */
  block(db: Db, user: IdentityUser): Promise<void>;
  unblock(db: Db, user: IdentityUser): Promise<void>;
  /** the person's sign-in account goes with the user row */
  remove(db: Db, user: IdentityUser): Promise<void>;
  /** the user's e-mail address changed: links sent to the old one stop working, sessions end */
  addressChanged(db: Db, user: IdentityUser): Promise<void>;
}

/** How long an invitation link sets the first password. */
export const INVITATION_DAYS = 14;

/**
 * A one-time code for an invitation or reset link: its expiry (base 36 milliseconds) and 24 random
 * bytes. The whole code is stored and looked up, so the expiry cannot be changed by the holder.
 */
export const inviteCode = (validForMs: number) => `${(Date.now() + validForMs).toString(36)}-${crypto.randomBytes(24).toString("base64url")}`;

/**
 * Whether a stored code still sets a password. Codes written before they carried an expiry count
 * from the invitation (INVITATION_DAYS); such a code without an invitation date has expired.
 */
export function inviteCodeValid(code: string, invitedAt: Date | null, now: Date): boolean {
  const m = /^([0-9a-z]{8})-/.exec(code); // 8 base-36 digits: the years 1973 to 2059
  if (m) return Number.parseInt(m[1], 36) > now.getTime();
  return !!invitedAt && now.getTime() - invitedAt.getTime() < INVITATION_DAYS * 86_400_000;
}

/** Ends the account's sign-in sessions, grants and refresh tokens at the embedded provider. */
export async function revokeSessions(db: Db, user: { subject: string | null }) {
  if (!user.subject) return;
  await db.oidcPayload.deleteMany({ where: { payload: { path: ["accountId"], equals: user.subject } } });
}

export function embeddedIdentityAdmin(config: Config, outbox: Outbox): IdentityAdmin {
  return {
    mode: "embedded",
    async invite(db, user) {
      const code = inviteCode(INVITATION_DAYS * 86_400_000);
      await db.user.update({ where: { id: user.id }, data: { inviteCode: code, invitedAt: new Date() } });
      const link = `${config.publicUrl}/oidc/invite/${code}`;
      outbox.send(
        user.email,
        "Einladung zum Anmeldesystem",
        `Hallo ${user.firstname} ${user.lastname},\n\nfür Sie wurde ein Zugang zum Anmeldesystem angelegt. Bitte legen Sie hier Ihr Passwort fest:\n${link}\n`,
      );
      return { link };
    },
    block: revokeSessions,
    async unblock() {},
    remove: revokeSessions,
    async addressChanged(db, user) {
      await db.user.update({ where: { id: user.id }, data: { inviteCode: null } });
      await revokeSessions(db, user);
    },
  };
}

export function manualIdentityAdmin(outbox: Outbox): IdentityAdmin {
  const note = (user: IdentityUser, what: string) =>
    outbox.send("admin", `Identity Provider: ${what}`, `${what} für ${user.email} bitte im Identity Provider erledigen.`);
  return {
    mode: "manual",
    async invite(db, user) {
      await db.user.update({ where: { id: user.id }, data: { invitedAt: new Date() } });
      note(user, "Einladung");
      return { link: null };
    },
    async block(_db, user) {
      note(user, "Sperren");
    },
    async unblock(_db, user) {
      note(user, "Entsperren");
    },
    async remove(_db, user) {
      note(user, "Löschen");
    },
    // the external provider owns sign-in addresses and links
    async addressChanged() {},
  };
}

/** The provider refused or could not be reached: 502, and the transaction is rolled back. */
export class IdentityProviderError extends AppError {
  constructor(detail: string) {
    super("IDENTITY_PROVIDER", `Der Identity Provider hat die Änderung abgelehnt: ${detail}`);
  }
}

/**
 * ZITADEL's user service v2 with a service user's personal access token. The district
 * association's IamRef is its ZITADEL organisation id; the ZITADEL user id becomes the user
 * row's subject, so the first sign-in finds the row.
 */
export function zitadelIdentityAdmin(opts: { apiUrl: string; token: string; fetch?: typeof fetch }): IdentityAdmin {
  const doFetch = opts.fetch ?? fetch;
  async function call(method: string, path: string, body?: unknown): Promise<any> {
    const res = await doFetch(`${opts.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${opts.token}`, accept: "application/json", ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    if (!res.ok) {
      let message = text;
      try {
        message = JSON.parse(text).message ?? text;
      } catch {}
      throw new IdentityProviderError(`ZITADEL ${method} ${path}: ${res.status} ${message}`);
    }
    return text ? JSON.parse(text) : {};
  }
  return {
    mode: "zitadel",
    async invite(db, user) {
      let userId = user.subject;
      if (!userId) {
        const district = await db.districtAssociation.findUniqueOrThrow({ where: { id: user.districtAssociationId } });
        const created = await call("POST", "/v2/users/human", {
          username: user.email,
          organization: { orgId: district.iamRef },
          profile: { givenName: user.firstname, familyName: user.lastname },
          email: { email: user.email, sendCode: {} },
        });
        userId = String(created.userId);
        await db.user.update({ where: { id: user.id }, data: { subject: userId } });
      }
      await call("POST", `/v2/users/${encodeURIComponent(userId)}/invite_code`, { sendCode: { applicationName: "Anmeldesystem" } });
      await db.user.update({ where: { id: user.id }, data: { invitedAt: new Date() } });
      return { link: null };
    },
    async block(_db, user) {
      if (user.subject) await call("POST", `/v2/users/${encodeURIComponent(user.subject)}/deactivate`, {});
    },
    async unblock(_db, user) {
      if (user.subject) await call("POST", `/v2/users/${encodeURIComponent(user.subject)}/reactivate`, {});
    },
    async remove(_db, user) {
      if (user.subject) await call("DELETE", `/v2/users/${encodeURIComponent(user.subject)}`);
    },
    // ZITADEL owns the sign-in address and its links
    async addressChanged() {},
  };
}

export function identityAdminFor(config: Config, outbox: Outbox): IdentityAdmin {
  if (config.oidc.mode === "embedded") return embeddedIdentityAdmin(config, outbox);
  if (config.zitadel) return zitadelIdentityAdmin(config.zitadel);
  return manualIdentityAdmin(outbox);
}
