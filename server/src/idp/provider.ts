// The embedded OpenID provider (oidc-provider 9), used when no external OIDC_ISSUER is set:
// authorization code + PKCE for the browser client, RS256 JWT access tokens (typ at+jwt) for the
// API audience carrying the user's roles, German login page, no consent screen for our own
// client, state and keys in the database.
import type { IncomingMessage, ServerResponse } from "node:http";
import Provider, { type Configuration, type KoaContextWithOIDC, errors as oidcErrors } from "oidc-provider";
import type { Config } from "../config.ts";
import { sameText } from "../db/search.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { prismaAdapterClass } from "./adapter.ts";
import { inviteCode, inviteCodeValid, type Outbox, revokeSessions } from "./identityAdmin.ts";
import type { SigningKeys } from "./keys.ts";
import { API_SCOPE, BROWSER_CLIENT_ID, CALLBACK_PATH } from "./names.ts";
import { idpPages } from "./pages.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

export { API_SCOPE, BROWSER_CLIENT_ID, CALLBACK_PATH };

/** How long a link from "Passwort vergessen?" sets a password. */
const RESET_HOURS = 24;

export type EmbeddedProvider = {
  provider: Provider;
  /** handles a raw request below /oidc; the caller has stripped nothing */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
};

export function createEmbeddedProvider(opts: {
  config: Config;
  prisma: PrismaClient;
  keys: SigningKeys;
  cookieKeys: string[];
  outbox: Outbox;
  /** false when an e-mail address has had too many form posts this minute (app.ts) */
  accountAttempt?: (email: string) => Promise<boolean>;
}): EmbeddedProvider {
  const { config, prisma } = opts;
  const { donePage, errorPage, forgotPage, loggedOutPage, loginPage, logoutPage, setPasswordPage } = idpPages(config.federationName);
  const audience = config.oidc.audience;
  const origin = config.publicUrl;

  const configuration: Configuration = {
    adapter: prismaAdapterClass(prisma),
    clients: [
      {
        client_id: BROWSER_CLIENT_ID,
        client_name: "Anmeldesystem",
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        // in development the Vite dev server (npm run dev:client, port 5173) may sign in too
        redirect_uris: [`${origin}${CALLBACK_PATH}`, ...(config.production ? [] : [`http://localhost:5173${CALLBACK_PATH}`])],
        post_logout_redirect_uris: [`${origin}/`, ...(config.production ? [] : ["http://localhost:5173/"])],
      },
    ],
    jwks: { keys: [opts.keys.privateJwk as never] },
    cookies: { keys: opts.cookieKeys, long: { signed: true }, short: { signed: true } },
    pkce: { required: () => true },
    scopes: ["openid", "profile", "email", "offline_access", API_SCOPE],
    claims: { openid: ["sub"], profile: ["name", "given_name", "family_name"], email: ["email"] },
    clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === origin,
    async findAccount(_ctx, sub) {
      const user = await prisma.user.findUnique({ where: { subject: sub } });
      if (!user || user.blocked) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: user.email,
          given_name: user.firstname,
          family_name: user.lastname,
          name: `${user.firstname} ${user.lastname}`,
        }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind === "ClientCredentials") {
        const c = await prisma.apiClient.findUnique({ where: { clientId: token.clientId }, select: { roles: true, districtAssociationId: true } });
        // informational as for people: the API reads the client row on every request
        return c ? { roles: c.roles, district_association_id: c.districtAssociationId } : undefined;
      }
      if (token.kind !== "AccessToken" || !("accountId" in token) || !token.accountId) return undefined;
      const user = await prisma.user.findUnique({ where: { subject: token.accountId }, select: { roles: true, districtAssociationId: true } });
      // informational: the API reads roles from the user row on every request
      return user ? { roles: user.roles, district_association_id: user.districtAssociationId } : undefined;
    },
    // our own browser client: no consent screen, every requested scope is granted
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const accountId = ctx.oidc.session?.accountId;
      if (!client || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session?.grantIdFor(client.clientId);
      const grant = (grantId && (await ctx.oidc.provider.Grant.find(grantId))) || new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      if (client.clientId === BROWSER_CLIENT_ID) {
        grant.addOIDCScope(String(ctx.oidc.params?.scope ?? "openid"));
        grant.addResourceScope(audience, API_SCOPE);
        await grant.save();
      }
      return grant;
    },
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed("refresh_token");
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // machine clients (table ApiClient): JWT access tokens for the API audience, sub = client_id
      clientCredentials: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = "html";
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = "html";
          ctx.body = loggedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new oidcErrors.InvalidTarget();
          return { scope: API_SCOPE, audience, accessTokenTTL: 15 * 60, accessTokenFormat: "jwt", jwt: { sign: { alg: "RS256" } } };
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = errorPage(String(out.error), out.error_description ? String(out.error_description) : undefined);
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 15 * 60,
      ClientCredentials: 15 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
  };

  const provider = new Provider(config.oidc.issuer, configuration);
  provider.proxy = true;
  // machine clients' client_secret metadata is the stored scrypt hash (adapter.ts): compare against it
  provider.Client.prototype.compareClientSecret = async function (this: { clientSecret?: string }, actual: string) {
    return verifyPassword(actual, this.clientSecret);
  };
  const callback = provider.callback();

  async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
    let body = "";
    for await (const chunk of req) {
      body += chunk;
      if (body.length > 10_000) break;
    }
    return Object.fromEntries(new URLSearchParams(body));
  }

  function html(res: ServerResponse, status: number, body: string) {
    res.statusCode = status;
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("cache-control", "no-store");
    res.end(body);
  }

  const accountAttempt = opts.accountAttempt ?? (async () => true);
  const RATE_LIMITED = "Zu viele Versuche für diese E-Mail-Adresse. Bitte warten Sie eine Minute.";

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return html(res, 400, errorPage("invalid_request", "Die Anmeldung ist abgelaufen. Bitte erneut versuchen."));
    if (req.method === "GET" && !action) return html(res, 200, loginPage(uid));
    if (req.method === "POST" && action === "login") {
      const form = await readForm(req);
      const email = (form.email ?? "").trim().toLowerCase();
      if (email && !(await accountAttempt(email))) return html(res, 429, loginPage(uid, { email, error: RATE_LIMITED }));
      const user = email ? await prisma.user.findFirst({ where: { email: sameText(email) } }) : null;
      const ok = await verifyPassword(form.password ?? "", user?.passwordHash);
      if (!user || !ok) return html(res, 401, loginPage(uid, { email, error: "E-Mail-Adresse oder Passwort ist falsch." }));
      if (user.blocked) return html(res, 403, loginPage(uid, { email, error: "Dieses Benutzerkonto ist deaktiviert." }));
      const subject = user.subject ?? String(user.id);
      // a pending invitation or reset link is moot once the password is known
      await prisma.user.update({ where: { id: user.id }, data: { subject, lastActive: new Date(), inviteCode: null } });
      await provider.interactionFinished(req, res, { login: { accountId: subject } }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method === "POST" && action === "abort") {
      await provider.interactionFinished(req, res, { error: "access_denied", error_description: "Anmeldung abgebrochen" }, { mergeWithLastSubmission: false });
      return;
    }
    html(res, 405, errorPage("invalid_request"));
  }

  /** the new password of a form, or a German message */
  function newPassword(form: Record<string, string>): string | { error: string } {
    const pw = form.password ?? "";
    if (pw.length < 8) return { error: "Das Passwort muss mindestens 8 Zeichen lang sein." };
    if (pw !== form.repeat) return { error: "Die Passwörter stimmen nicht überein." };
    return pw;
  }

  // the invitation link: set the first password, then sign in as usual
  async function invitation(req: IncomingMessage, res: ServerResponse, code: string) {
    const user = await prisma.user.findUnique({ where: { inviteCode: code } });
    if (!user || user.blocked || !inviteCodeValid(code, user.invitedAt, new Date()))
      return html(res, 404, errorPage("invalid_request", "Diese Einladung ist ungültig oder wurde schon verwendet."));
    const action = `/oidc/invite/${code}`;
    const opts = {
      title: "Passwort festlegen",
      intro: `Willkommen, ${user.firstname} ${user.lastname}! Bitte legen Sie Ihr Passwort für das Anmeldesystem fest.`,
    };
    if (req.method === "GET") return html(res, 200, setPasswordPage(action, opts));
    const pw = newPassword(await readForm(req));
    if (typeof pw !== "string") return html(res, 400, setPasswordPage(action, { ...opts, error: pw.error }));
    // a new password ends every session and refresh token of the account (a reset after a theft)
    await prisma.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(pw), inviteCode: null } });
      await revokeSessions(tx, user);
    });
    return html(res, 200, donePage("Passwort gespeichert", "Ihr Passwort ist gespeichert. Sie können sich jetzt anmelden."));
  }

  // the "security console": change the password with the current one
  async function account(req: IncomingMessage, res: ServerResponse) {
    const opts = {
      title: "Passwort ändern",
      intro: "Geben Sie Ihre E-Mail-Adresse, Ihr aktuelles und Ihr neues Passwort ein.",
      withEmail: true,
      withCurrent: true,
    };
    if (req.method === "GET") return html(res, 200, setPasswordPage("/oidc/account", opts));
    const form = await readForm(req);
    const email = (form.email ?? "").trim();
    if (email && !(await accountAttempt(email))) return html(res, 429, setPasswordPage("/oidc/account", { ...opts, email, error: RATE_LIMITED }));
    const user = email ? await prisma.user.findFirst({ where: { email: sameText(email) } }) : null;
    if (!(await verifyPassword(form.current ?? "", user?.passwordHash)) || !user || user.blocked) {
      return html(res, 401, setPasswordPage("/oidc/account", { ...opts, email, error: "E-Mail-Adresse oder Passwort ist falsch." }));
    }
    const pw = newPassword(form);
    if (typeof pw !== "string") return html(res, 400, setPasswordPage("/oidc/account", { ...opts, email, error: pw.error }));
    await prisma.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(pw), inviteCode: null } });
      await revokeSessions(tx, user);
    });
    return html(res, 200, donePage("Passwort geändert", "Ihr Passwort wurde geändert. Alle Sitzungen wurden beendet: Bitte melden Sie sich neu an."));
  }

  // a forgotten password: a one-time link to set a new one (the same page as the invitation);
  // the answer never tells whether the address has an account
  async function forgot(req: IncomingMessage, res: ServerResponse) {
    if (req.method === "GET") return html(res, 200, forgotPage());
    const email = ((await readForm(req)).email ?? "").trim();
    // one address gets at most the per-minute budget of links; the answer stays the same
    if (!email || !(await accountAttempt(email))) return html(res, 200, forgotPage({ sent: true }));
    // answered before the account is looked up: the time of the answer tells nothing either
    html(res, 200, forgotPage({ sent: true }));
    const user = await prisma.user.findFirst({ where: { email: sameText(email), blocked: false } });
    if (user) {
      const code = inviteCode(RESET_HOURS * 3600_000);
      await prisma.user.update({ where: { id: user.id }, data: { inviteCode: code } });
      opts.outbox.send(
        user.email,
        "Neues Passwort für das Anmeldesystem",
        `Hallo ${user.firstname} ${user.lastname},\n\nhier können Sie ein neues Passwort festlegen (der Link gilt ${RESET_HOURS} Stunden):\n${origin}/oidc/invite/${code}\n`,
      );
    }
  }

  return {
    provider,
    async handle(req, res) {
      const url = req.url ?? "/";
      const path = url.slice("/oidc".length) || "/";
      const m = /^\/interaction\/([\w-]+)(?:\/(login|abort))?(?:\?|$)/.exec(path);
      const invite = /^\/invite\/([\w-]+)$/.exec(path);
      try {
        if (m) return await interaction(req, res, m[1], m[2]);
        if (invite && (req.method === "GET" || req.method === "POST")) return await invitation(req, res, invite[1]);
        if (path === "/account" && (req.method === "GET" || req.method === "POST")) return await account(req, res);
        if (path === "/forgot" && (req.method === "GET" || req.method === "POST")) return await forgot(req, res);
        // oidc-provider derives its mount path from originalUrl vs url
        (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
        req.url = path;
        await callback(req, res);
      } catch (e) {
        const err = e as { name?: string; message?: string };
        if (err.name === "SessionNotFound") return html(res, 400, errorPage("invalid_request", "Die Anmeldung ist abgelaufen. Bitte erneut versuchen."));
        console.error("embedded sign-in error", e);
        if (!res.headersSent) html(res, 500, errorPage("server_error", "Die Anmeldung ist fehlgeschlagen."));
      } finally {
        req.url = url;
      }
    },
  };
}
