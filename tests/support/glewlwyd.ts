// glewlwyd (Debian package "glewlwyd", 2.7) as an independent, standard OpenID provider for the
// external-provider journey (tests/e2e/glewlwyd.spec.ts): its SQLite schema (shipped with the
// package) in a temp directory, the server on loopback, configured through its admin API the way
// the README's external-provider checklist says: an OpenID plugin instance signing with RS256,
// PKCE required, resource indicators allowed for our API's URL, refresh tokens, the roles user
// property copied into the access token; a public client with the app's redirect URIs; the scopes
// openid, profile, email, offline_access; users with roles and e-mail addresses.
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** node:sqlite (Node 24), typed here: the project's @types/node predates it. */
type SqliteDatabase = {
  exec(sql: string): void;
  prepare(sql: string): { get(...params: unknown[]): unknown; run(...params: unknown[]): unknown };
  close(): void;
};
async function openSqlite(file: string): Promise<SqliteDatabase> {
  const sqlite = (await import("node:sqlite" as string)) as { DatabaseSync: new (file: string) => SqliteDatabase };
  return new sqlite.DatabaseSync(file);
}

export const GLEWLWYD_BIN = "/usr/bin/glewlwyd";
const SCHEMA = "/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3";
const WEBAPP = "/usr/share/glewlwyd/webapp";
/** The webapp's config.json (Debian ships it under /etc, the webapp's own one is a link to it). */
const WEBAPP_CONFIG = ["/etc/glewlwyd/config-2.7.json/config.json", "/etc/glewlwyd/config-2.7.json", `${WEBAPP}/config.json`];
/** The schema's first administrator (glewlwyd's documented default password). */
const ADMIN = { username: "admin", password: "password" };
export const PLUGIN = "oidc";
export const CLIENT_ID = "anmeldesystem";
export const SCOPES = ["openid", "profile", "email", "offline_access"];

export type GlewlwydUser = { username: string; password: string; name: string; email: string; roles?: string[] };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** A cookie-keeping caller of glewlwyd's API (admin session or a user's session). */
class Session {
  private cookie = "";
  constructor(private readonly api: string) {}
  async call(method: string, route: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${this.api}${route}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    const set = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (set.length) this.cookie = set.join("; ");
    return res;
  }
  async ok(method: string, route: string, body?: unknown): Promise<void> {
    const res = await this.call(method, route, body);
    if (!res.ok) throw new Error(`glewlwyd ${method} ${route}: ${res.status} ${await res.text()}`);
  }
}

export type Glewlwyd = {
  /** the provider's base URL, http://127.0.0.1:port */
  url: string;
  /** OIDC_ISSUER for the app */
  issuer: string;
  /** Changes the OpenID plugin's parameters (merged into the ones it was created with). */
  configurePlugin(change: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
  output(): string;
};

/** The OpenID plugin's parameters: the provider side of the README's checklist. */
function pluginParameters(issuer: string, audience: string, keys: { key: string; cert: string }, accessTokenSeconds: number) {
  return {
    iss: issuer,
    "jwt-type": "rsa",
    "jwt-key-size": "256",
    key: keys.key,
    cert: keys.cert,
    "jwks-show": true,
    "access-token-duration": accessTokenSeconds,
    "refresh-token-duration": 1209600,
    "code-duration": 600,
    "refresh-token-rolling": true,
    "allow-non-oidc": false,
    "auth-type-code-enabled": true,
    "auth-type-token-enabled": false,
    "auth-type-id-token-enabled": true,
    "auth-type-none-enabled": false,
    "auth-type-password-enabled": false,
    "auth-type-client-enabled": false,
    "auth-type-device-enabled": false,
    "auth-type-refresh-enabled": true,
    scope: [],
    // the roles user property into the access token (several values: one comma-separated string)
    "additional-parameters": [{ "user-parameter": "roles", "token-parameter": "roles" }],
    claims: [],
    "name-claim": "mandatory",
    "name-claim-scope": [],
    "email-claim": "mandatory",
    "email-claim-scope": [],
    "scope-claim": "no",
    "scope-claim-scope": [],
    "allowed-scope": SCOPES,
    "secret-type": "public",
    "pkce-allowed": true,
    "pkce-method-plain-allowed": false,
    "pkce-required": true,
    "pkce-required-public-client": true,
    "pkce-scopes": [],
    // end_session_endpoint for the app's sign-out
    "session-management-allowed": true,
    "session-cookie-name": "GLEWLWYD2_OIDC_SID",
    "session-cookie-expiration": 2419200,
    "front-channel-logout-allowed": true,
    "back-channel-logout-allowed": false,
    "request-parameter-allow": false,
    // RFC 8707: the app's resource indicator is our API's URL, and it becomes the token's aud
    "resource-allowed": true,
    "resource-scope": { openid: [audience] },
    "resource-client-property": "",
    "resource-scope-and-client-property": false,
    "resource-change-allowed": true,
    "introspection-revocation-allowed": false,
  };
}

/**
 * Starts glewlwyd on loopback with a fresh SQLite database and configures it for the app at
 * `appUrl` (redirect and post-logout URIs, the audience "{appUrl}/api").
 */
export async function startGlewlwyd(opts: { appUrl: string; audience: string; users: GlewlwydUser[]; accessTokenSeconds?: number }): Promise<Glewlwyd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glewlwyd-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const api = `${url}/api`;
  const issuer = `${api}/${PLUGIN}`;

  // the database: the package's schema; the database user module learns the property "roles"
  const dbPath = path.join(dir, "glewlwyd.db");
  const db = await openSqlite(dbPath);
  db.exec(fs.readFileSync(SCHEMA, "utf8"));
  const row = db.prepare("SELECT gumi_parameters FROM g_user_module_instance WHERE gumi_name = 'database'").get() as { gumi_parameters: string };
  const params = JSON.parse(row.gumi_parameters) as { "data-format": Record<string, unknown> };
  params["data-format"].roles = { multiple: true, read: true, write: true, "profile-read": true, "profile-write": false };
  db.prepare("UPDATE g_user_module_instance SET gumi_parameters = ? WHERE gumi_name = 'database'").run(JSON.stringify(params));
  db.close();

  // the login pages: the package's webapp with a config.json naming this instance
  // (a copy: glewlwyd serves no symbolic links)
  const webapp = path.join(dir, "webapp");
  fs.cpSync(WEBAPP, webapp, { recursive: true, dereference: true, filter: (src) => src !== path.join(WEBAPP, "config.json") });
  const configSource = WEBAPP_CONFIG.find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
  const webConfig = configSource ? (JSON.parse(fs.readFileSync(configSource, "utf8")) as Record<string, unknown>) : {};
  fs.writeFileSync(
    path.join(webapp, "config.json"),
    JSON.stringify({ ...webConfig, GlewlwydUrl: `${url}/`, LoginUrl: "login.html", ProfileUrl: "profile.html", AdminUrl: "index.html", lang: ["de", "en"] }),
  );

  const conf = path.join(dir, "glewlwyd.conf");
  fs.writeFileSync(
    conf,
    [
      `port=${port}`,
      `bind_address="127.0.0.1"`,
      `external_url="${url}"`,
      `login_url="login.html"`,
      `api_prefix="api"`,
      `static_files_path="${webapp}/"`,
      `allow_origin="*"`,
      `log_mode="console"`,
      `log_level="WARNING"`,
      `cookie_secure=0`,
      `session_expiration=2419200`,
      `session_key="GLEWLWYD2_SESSION_ID"`,
      `admin_session_authentication="cookie"`,
      `profile_session_authentication="cookie"`,
      `allow_multiple_user_per_session=true`,
      `login_api_enabled=true`,
      `plugin_api_run_enabled=""`,
      // glewlwyd's default: its pages may not be framed, so the app cannot renew in a hidden iframe
      `add_x_frame_option_header_deny=true`,
      `admin_scope="g_admin"`,
      `profile_scope="g_profile"`,
      `user_module_path="/usr/lib/glewlwyd/user"`,
      `client_module_path="/usr/lib/glewlwyd/client"`,
      `user_auth_scheme_module_path="/usr/lib/glewlwyd/scheme"`,
      `plugin_module_path="/usr/lib/glewlwyd/plugin"`,
      // glewlwyd 2.7 refuses to start without these three names even when TLS is off (the files need not exist)
      `use_secure_connection=false`,
      `secure_connection_key_file="${dir}/none.key"`,
      `secure_connection_pem_file="${dir}/none.pem"`,
      `secure_connection_ca_file="${dir}/none.crt"`,
      `hash_algorithm="SHA512"`,
      `database = { type = "sqlite3"; path = "${dbPath}"; };`,
      `static_files_mime_types = (
  { extension = ".html"; mime_type = "text/html"; },
  { extension = ".css"; mime_type = "text/css"; },
  { extension = ".js"; mime_type = "application/javascript"; },
  { extension = ".json"; mime_type = "application/json"; },
  { extension = ".png"; mime_type = "image/png"; },
  { extension = ".ico"; mime_type = "image/x-icon"; },
  { extension = ".woff"; mime_type = "font/woff"; },
  { extension = ".woff2"; mime_type = "font/woff2"; },
  { extension = ".ttf"; mime_type = "font/ttf"; }
);`,
      "",
    ].join("\n"),
  );

  const child: ChildProcess = spawn(GLEWLWYD_BIN, ["--config-file", conf], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // up when the discovery-free config endpoint answers
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`glewlwyd exited (${child.exitCode}):\n${output}`);
      const up = await fetch(`${url}/config/`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 300) throw new Error(`glewlwyd did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const admin = new Session(api);
    await admin.ok("POST", "/auth/", ADMIN);
    // the scopes the app asks for: a password is enough, no second factor
    for (const scope of SCOPES.filter((s) => s !== "openid")) {
      await admin.ok("POST", "/scope/", { name: scope, display_name: scope, description: scope, password_required: true, password_max_age: 0, scheme: {} });
    }
    // the signing key: RSA, RS256
    const pair = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const keys = {
      key: pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      cert: pair.publicKey.export({ type: "spki", format: "pem" }).toString(),
    };
    const parameters = pluginParameters(issuer, opts.audience, keys, opts.accessTokenSeconds ?? 3600);
    await admin.ok("POST", "/mod/plugin/", { module: "oidc", name: PLUGIN, display_name: "OpenID Connect", parameters, enabled: true });
    // the app: a public client (no secret), code flow with PKCE and refresh tokens
    await admin.ok("POST", "/client/", {
      client_id: CLIENT_ID,
      name: "Anmeldesystem",
      confidential: false,
      enabled: true,
      scope: [],
      authorization_type: ["code", "refresh_token"],
      redirect_uri: [`${opts.appUrl}/auth/oidc/callback`],
      post_logout_redirect_uri: `${opts.appUrl}/`,
    });
    for (const u of opts.users) {
      await admin.ok("POST", "/user/", {
        username: u.username,
        password: u.password,
        name: u.name,
        email: u.email,
        enabled: true,
        scope: SCOPES,
        ...(u.roles ? { roles: u.roles } : {}),
      });
      // the user's consent to the app's scopes, given once (glewlwyd would ask on its page otherwise)
      const user = new Session(api);
      await user.ok("POST", "/auth/", { username: u.username, password: u.password });
      await user.ok("PUT", `/auth/grant/${CLIENT_ID}`, { scope: SCOPES.join(" ") });
    }
    let current: Record<string, unknown> = parameters;
    return {
      url,
      issuer,
      async configurePlugin(change) {
        current = { ...current, ...change };
        await admin.ok("PUT", `/mod/plugin/${PLUGIN}`, { module: "oidc", name: PLUGIN, display_name: "OpenID Connect", parameters: current, enabled: true });
        // the running instance reads its parameters again
        await admin.ok("PUT", `/mod/plugin/${PLUGIN}/reset`);
      },
      stop,
      output: () => output,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
