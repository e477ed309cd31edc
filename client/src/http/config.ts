/** Runtime configuration served by the server at /config.json (spec §1, R-SH003..R-SH006). */
export interface OidcConfig {
  authority: string;
  client_id: string;
  /** Default "openid" (R-AU003). */
  scope: string;
  /** Resource indicator so the access token is a JWT for our API. */
  resource?: string;
  /** Lead time of the access-token-expiring notice; default 60 s (R-BC016). */
  accessTokenExpiringNotificationTimeInSeconds?: number;
}

export interface AppConfig {
  apiBase: string;
  graphqlPath: string;
  federationName: string;
  version: string;
  oidc: OidcConfig;
  embed: { parentOrigins: string[] };
  /**
   * The identity provider's page where users change their password (R-PR005, R-PR006), opened in
   * a new tab by the "Passwort" card. Default: "{authority}/account" (the embedded provider's page,
   * and Keycloak's account console).
   */
  accountUrl: string;
  /**
   * Whether user roles are kept by this application (embedded sign-in) and can be edited in the
   * user dialogs. With an external provider roles are assigned there. Default: the authority is
   * this origin's "/oidc" (the embedded provider).
   */
  rolesEditable: boolean;
}

export const CONFIG_URL = "/config.json";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalString(source: Record<string, unknown>, key: string, fallback: string): string {
  const value = source[key];
  return typeof value === "string" && value !== "" ? value : fallback;
}

function requiredString(source: Record<string, unknown>, key: string, path: string): string {
  const value = source[key];
  if (typeof value !== "string" || value === "") throw new Error(`config.json: "${path}" is missing`);
  return value;
}

/** True when the authority is the embedded provider: "{origin}/oidc" of the page's own origin. */
export function isEmbeddedAuthority(authority: string, origin: string | undefined): boolean {
  if (!origin) return false;
  try {
    const url = new URL(authority);
    return url.origin === origin && url.pathname.replace(/\/+$/, "") === "/oidc";
  } catch {
    return false;
  }
}

/** Validates the raw /config.json answer; a missing sign-in setting is an initialisation failure. */
export function parseConfig(raw: unknown, origin: string | undefined = globalThis.location?.origin): AppConfig {
  if (!isRecord(raw)) throw new Error("config.json: not a JSON object");
  if (!isRecord(raw.oidc)) throw new Error('config.json: "oidc" is missing');
  const oidc = raw.oidc;
  const lead = oidc.accessTokenExpiringNotificationTimeInSeconds;
  const embed = isRecord(raw.embed) ? raw.embed : {};
  const parentOrigins = Array.isArray(embed.parentOrigins)
    ? embed.parentOrigins.filter((origin): origin is string => typeof origin === "string" && origin !== "")
    : [];
  const authority = requiredString(oidc, "authority", "oidc.authority");
  return {
    apiBase: optionalString(raw, "apiBase", "/v1").replace(/\/+$/, ""),
    graphqlPath: optionalString(raw, "graphqlPath", "/graphql"),
    federationName: optionalString(raw, "federationName", ""),
    version: optionalString(raw, "version", ""),
    oidc: {
      authority,
      client_id: requiredString(oidc, "client_id", "oidc.client_id"),
      scope: optionalString(oidc, "scope", "openid"),
      resource: typeof oidc.resource === "string" && oidc.resource !== "" ? oidc.resource : undefined,
      accessTokenExpiringNotificationTimeInSeconds: typeof lead === "number" && lead > 0 ? lead : undefined,
    },
    embed: { parentOrigins },
    accountUrl: optionalString(raw, "accountUrl", `${authority.replace(/\/+$/, "")}/account`),
    rolesEditable: typeof raw.rolesEditable === "boolean" ? raw.rolesEditable : isEmbeddedAuthority(authority, origin),
  };
}

let loaded: AppConfig | undefined;

/** Fetches /config.json fresh on every application load (R-SH004) and keeps it for getConfig(). */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchImpl(CONFIG_URL, { cache: "no-store", headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  loaded = parseConfig(await response.json());
  return loaded;
}

export function getConfig(): AppConfig {
  if (!loaded) throw new Error("config.json has not been loaded yet");
  return loaded;
}
