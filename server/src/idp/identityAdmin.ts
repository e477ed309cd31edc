// The identity-admin port: everything user management does at the identity provider (invite,
// resend the invitation, block, unblock, delete). The embedded adapter is real: an invited user
// opens the link, sets a password and signs in. With an external issuer the accounts live there;
// the external adapter only records what an administrator must do in that provider (the
// ZITADEL adapter follows with the Master data issue's second part).
import crypto from "node:crypto";
import type { Config } from "../config.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";

export type IdentityUser = { id: number; email: string; firstname: string; lastname: string; subject: string | null };

export type Invitation = { link: string | null };

export interface IdentityAdmin {
  readonly mode: "embedded" | "external";
  /** creates (or renews) the invitation and sends it */
  invite(prisma: Pick<PrismaClient, "user">, user: IdentityUser): Promise<Invitation>;
  /** ends every session and refresh token of the user */
  revokeSessions(prisma: Pick<PrismaClient, "oidcPayload">, user: IdentityUser): Promise<void>;
}

/** Where invitations go when no mail server is configured: the server log (and tests). */
export type Outbox = { send(to: string, subject: string, text: string): void; sent: { to: string; subject: string; text: string }[] };

export function logOutbox(silent = false): Outbox {
  const sent: Outbox["sent"] = [];
  return {
    sent,
    send(to, subject, text) {
      sent.push({ to, subject, text });
      if (sent.length > 100) sent.shift();
      if (!silent) console.log(`[Postausgang] an ${to}: ${subject}\n${text}`);
    },
  };
}

export function embeddedIdentityAdmin(config: Config, outbox: Outbox): IdentityAdmin {
  return {
    mode: "embedded",
    async invite(prisma, user) {
      const code = crypto.randomBytes(24).toString("base64url");
      await prisma.user.update({ where: { id: user.id }, data: { inviteCode: code, invitedAt: new Date() } });
      const link = `${config.publicUrl}/oidc/invite/${code}`;
      outbox.send(
        user.email,
        "Einladung zum Anmeldesystem",
        `Hallo ${user.firstname} ${user.lastname},\n\nfür Sie wurde ein Zugang zum Anmeldesystem angelegt. Bitte legen Sie hier Ihr Passwort fest:\n${link}\n`,
      );
      return { link };
    },
    async revokeSessions(prisma, user) {
      if (!user.subject) return;
      await prisma.oidcPayload.deleteMany({ where: { payload: { path: ["accountId"], equals: user.subject } } });
    },
  };
}

export function externalIdentityAdmin(outbox: Outbox): IdentityAdmin {
  return {
    mode: "external",
    async invite(_prisma, user) {
      outbox.send(
        user.email,
        "Zugang zum Anmeldesystem",
        "Ihr Zugang wird im Identity Provider Ihres Verbands eingerichtet. Melden Sie sich dort mit dieser E-Mail-Adresse an.",
      );
      return { link: null };
    },
    async revokeSessions() {
      // sessions live at the external provider; the API refuses a blocked user on every request
    },
  };
}
