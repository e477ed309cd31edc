// Environment -> typed configuration, validated once at start-up. A bad value stops the process
// with one line naming the setting (ConfigError), never a stack trace.
import path from "node:path";
import { DEFAULT_SPREADSHEET_POOL } from "./workers/defaults.ts";

/** Days the audit log keeps an entry unless AUDIT_RETENTION_DAYS says otherwise (docs/decisions.md "Audit"). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(`${setting}: ${message}`);
  }
}

export type OidcConfig =
  | {
      mode: "embedded";
      issuer: string;
      audience: string;
      clientId: string;
      scope: string;
    }
  | {
      mode: "external";
      issuer: string;
      audience: string;
      clientId: string;
      scope: string;
      rolesClaim: string;
      /**
       * OIDC_ROLES_OPTIONAL=1: a token without the roles claim means "no roles"; otherwise such a
       * token is refused (a provider that forgot the claim would silently take every role away)
       */
      rolesOptional: boolean;
      /**
       * OIDC_TRUST_EMAIL=1: the first sign-in of an invited user is linked by the provider's e-mail
       * claim even without email_verified (providers that send none); email_verified: false still refuses
       */
      trustEmail: boolean;
      jwksUrl?: string;
      /** the provider's page where users change their password */
      accountUrl: string;
    };

export type Config = {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  oidc: OidcConfig;
  /** base64 of 32 bytes, or null: the embedded default generates one in its data directory */
  dataEncryptionKey: string | null;
  /** base64 keys accepted for reading only, until `npm run keys:rotate` re-sealed everything (DATA_ENCRYPTION_OLD_KEYS) */
  dataEncryptionOldKeys: string[];
  cookieKeys: string[] | null;
  demoData: boolean;
  federationName: string;
  embedParentOrigins: string[];
  /** ZITADEL's user API for user management (external issuer only) */
  zitadel: { apiUrl: string; token: string } | null;
  staticDir: string;
  dataDir: string;
  /** relay-compiler's id → document map of the browser client's operations */
  persistedOperationsFile: string;
  /** how long start-up retries an unreachable PostgreSQL before it gives up */
  databaseWaitSeconds: number;
  /** PostgreSQL: named prepared statements (DATABASE_PREPARED_STATEMENTS=0 turns them off for PgBouncer in transaction mode) */
  databasePreparedStatements: boolean;
  /**
   * PostgreSQL: milliseconds a statement of the server may run before PostgreSQL cancels it
   * (statement_timeout of the request pool; migrations are not limited); 0 switches it off
   */
  databaseStatementTimeoutMs: number;
  /**
   * seconds a start-page answer shared by viewers alike (events list, district associations) may be
   * reused while nothing it shows changed; 0 switches the sharing off (graphql/sharedResults.ts)
   */
  sharedResultSeconds: number;
  /**
   * the spreadsheet threads (workers/pool.ts): threads at once, requests that may wait beyond them
   * (then 503), and each thread's heap limit in MB (beyond it the upload answers 413)
   */
  spreadsheets: { threads: number; queue: number; memoryMb: number };
  /**
   * Which peers' X-Forwarded-* headers count (Fastify's trustProxy): by default proxies on loopback
   * and private networks, so a client cannot name its own address (the sign-in limits count per
   * address); TRUST_PROXY=true trusts every peer, otherwise a comma-separated list of addresses,
   * subnets or the words loopback, linklocal, uniquelocal.
   */
  trustProxy: boolean | string;
  /** pino's level of the structured log (one JSON line per request at info); "silent" switches it off */
  logLevel: LogLevel;
  /** the bearer token /metrics asks for; null: no /metrics */
  metricsToken: string | null;
  /** after SIGTERM: seconds /readyz fails while requests are still served, so the balancer stops sending (0: none) */
  shutdownDelaySeconds: number;
  /** after SIGTERM (and the delay): seconds the requests in flight may take before their connections are cut */
  shutdownTimeoutSeconds: number;
  /** days an access record of camp health data is kept (domains/healthaccess; the expiry round deletes older ones) */
  healthDataAccessLogDays: number;
  /** confirmation e-mails: seconds before the first retry of a failed mail; each further one waits twice as long, at most an hour */
  mailRetrySeconds: number;
  /** days the audit log keeps an entry; the expiry round (events/expiry.ts) deletes older ones */
  auditRetentionDays: number;
  /** days the change feed keeps a deletion (tombstone) and a superseded change; a cursor older than that is refused (domains/changes) */
  changeRetentionDays: number;
  /** webhooks (domains/webhooks): seconds before the first retry of a failed delivery; each further one waits twice as long, at most an hour */
  webhookRetrySeconds: number;
  /** webhooks: deliver to loopback, link-local and private addresses too (tests, a receiver in the own network) */
  webhookAllowPrivate: boolean;
  /** per caller and minute; 0 switches a limit off */
  rateLimits: {
    mutationsPerMinute: number;
    uploadsPerMinute: number;
    signInPerMinute: number;
    /** expensive reads (lists, searches, exports) one caller may run at once; 0 switches the limit off */
    concurrentQueries: number;
  };
};

/** The embedded provider's audience (its own resource indicator); an external provider's default is $PUBLIC_URL/api. */
const API_AUDIENCE = "urn:anmeldesystem:api";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function url(setting: string, value: string): string {
  try {
    const u = new URL(value);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
    return value.replace(/\/+$/, "");
  } catch {
    throw new ConfigError(setting, `must be an http(s) URL, got "${value}"`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === "production";
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError("PORT", `must be a port number, got "${env.PORT}"`);

  const databaseUrl = databaseUrlOf(env);

  const missing = (name: string) => {
    throw new ConfigError(name, "is required when NODE_ENV=production");
  };
  if (production && !env.PUBLIC_URL) missing("PUBLIC_URL");
  const publicUrl = url("PUBLIC_URL", env.PUBLIC_URL ?? `http://localhost:${port}`);

  let oidc: OidcConfig;
  if (env.OIDC_ISSUER) {
    oidc = {
      mode: "external",
      issuer: url("OIDC_ISSUER", env.OIDC_ISSUER),
      // a URL: providers that accept only URLs as RFC 8707 resource indicators refuse a URN (invalid_target)
      audience: env.OIDC_AUDIENCE || `${publicUrl}/api`,
      clientId: env.OIDC_CLIENT_ID ?? missing("OIDC_CLIENT_ID"),
      scope: env.OIDC_SCOPE ?? "openid profile email offline_access",
      rolesClaim: env.OIDC_ROLES_CLAIM ?? "roles",
      rolesOptional: flag("OIDC_ROLES_OPTIONAL", env.OIDC_ROLES_OPTIONAL),
      trustEmail: flag("OIDC_TRUST_EMAIL", env.OIDC_TRUST_EMAIL),
      jwksUrl: env.OIDC_JWKS_URL ? url("OIDC_JWKS_URL", env.OIDC_JWKS_URL) : undefined,
      accountUrl: url("OIDC_ACCOUNT_URL", env.OIDC_ACCOUNT_URL ?? env.OIDC_ISSUER),
    };
  } else {
    if (production && env.EMBEDDED_IDP !== "1") {
      throw new ConfigError("OIDC_ISSUER", "is required when NODE_ENV=production (or set EMBEDDED_IDP=1 to use the embedded sign-in)");
    }
    oidc = {
      mode: "embedded",
      issuer: `${publicUrl}/oidc`,
      audience: API_AUDIENCE,
      clientId: "anmeldesystem",
      scope: "openid profile email offline_access",
    };
  }

  const { dataEncryptionKey, dataEncryptionOldKeys } = dataKeySettingsOf(env);
  if (production && !dataEncryptionKey) missing("DATA_ENCRYPTION_KEY");

  const cookieKeys = env.COOKIE_KEYS
    ? env.COOKIE_KEYS.split(",")
        .map((k) => k.trim())
        .filter(Boolean)
    : null;
  if (cookieKeys?.some((k) => k.length < 16)) throw new ConfigError("COOKIE_KEYS", "each key needs at least 16 characters");
  if (production && oidc.mode === "embedded" && !cookieKeys) missing("COOKIE_KEYS");

  // LOG_REQUESTS=1 (older setting) is LOG_LEVEL=info; production logs at info unless told otherwise
  const logLevel = (env.LOG_LEVEL || (env.LOG_REQUESTS === "1" || (production && env.LOG_REQUESTS !== "0") ? "info" : "silent")) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError("LOG_LEVEL", `must be one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}"`);
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && metricsToken.length < 16) throw new ConfigError("METRICS_TOKEN", "needs at least 16 characters (openssl rand -hex 16)");

  const demoData = env.DEMO_DATA === "1";
  if (demoData && production) throw new ConfigError("DEMO_DATA", "demo accounts are never seeded when NODE_ENV=production");

  return {
    production,
    port,
    host: env.HOST ?? "0.0.0.0",
    publicUrl,
    databaseUrl,
    oidc,
    dataEncryptionKey,
    dataEncryptionOldKeys,
    cookieKeys,
    demoData,
    federationName: env.FEDERATION_NAME ?? "Blasmusikverband",
    zitadel:
      oidc.mode === "external" && env.ZITADEL_TOKEN ? { apiUrl: url("ZITADEL_API_URL", env.ZITADEL_API_URL ?? oidc.issuer), token: env.ZITADEL_TOKEN } : null,
    embedParentOrigins: (env.EMBED_PARENT_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    staticDir: path.resolve(env.STATIC_DIR ?? "dist/client"),
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    persistedOperationsFile: path.resolve(env.PERSISTED_OPERATIONS_FILE ?? "client/src/__generated__/persisted-operations.json"),
    databaseWaitSeconds: count("DATABASE_WAIT_SECONDS", env.DATABASE_WAIT_SECONDS, 60),
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS !== "0",
    databaseStatementTimeoutMs: count("DATABASE_STATEMENT_TIMEOUT_MS", env.DATABASE_STATEMENT_TIMEOUT_MS, 15_000),
    sharedResultSeconds: count("SHARED_RESULT_SECONDS", env.SHARED_RESULT_SECONDS, 5),
    spreadsheets: {
      threads: positive("SPREADSHEET_THREADS", env.SPREADSHEET_THREADS, DEFAULT_SPREADSHEET_POOL.threads),
      queue: count("SPREADSHEET_QUEUE", env.SPREADSHEET_QUEUE, DEFAULT_SPREADSHEET_POOL.queue),
      memoryMb: positive("SPREADSHEET_THREAD_MEMORY_MB", env.SPREADSHEET_THREAD_MEMORY_MB, DEFAULT_SPREADSHEET_POOL.memoryMb),
    },
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    logLevel,
    metricsToken,
    shutdownDelaySeconds: count("SHUTDOWN_DELAY_SECONDS", env.SHUTDOWN_DELAY_SECONDS, 0),
    shutdownTimeoutSeconds: count("SHUTDOWN_TIMEOUT_SECONDS", env.SHUTDOWN_TIMEOUT_SECONDS, 10),
    mailRetrySeconds: count("MAIL_RETRY_SECONDS", env.MAIL_RETRY_SECONDS, 60),
    auditRetentionDays: positive("AUDIT_RETENTION_DAYS", env.AUDIT_RETENTION_DAYS, DEFAULT_AUDIT_RETENTION_DAYS),
    healthDataAccessLogDays: positive("HEALTH_DATA_ACCESS_LOG_DAYS", env.HEALTH_DATA_ACCESS_LOG_DAYS, 365),
    changeRetentionDays: positive("CHANGE_RETENTION_DAYS", env.CHANGE_RETENTION_DAYS, 30),
    webhookRetrySeconds: positive("WEBHOOK_RETRY_SECONDS", env.WEBHOOK_RETRY_SECONDS, 30),
    webhookAllowPrivate: flag("WEBHOOK_ALLOW_PRIVATE", env.WEBHOOK_ALLOW_PRIVATE),
    rateLimits: {
      mutationsPerMinute: count("RATE_LIMIT_MUTATIONS", env.RATE_LIMIT_MUTATIONS, 120),
      uploadsPerMinute: count("RATE_LIMIT_UPLOADS", env.RATE_LIMIT_UPLOADS, 30),
      signInPerMinute: count("RATE_LIMIT_SIGNIN", env.RATE_LIMIT_SIGNIN, 30),
      concurrentQueries: count("RATE_LIMIT_CONCURRENT_QUERIES", env.RATE_LIMIT_CONCURRENT_QUERIES, 4),
    },
  };
}

/** DATABASE_URL or the embedded default (also for scripts/backup.ts, which needs no other setting). */
/** DATA_ENCRYPTION_KEY and DATA_ENCRYPTION_OLD_KEYS (keys accepted for reading until `npm run keys:rotate`), checked. */
export function dataKeySettingsOf(env: NodeJS.ProcessEnv = process.env): { dataEncryptionKey: string | null; dataEncryptionOldKeys: string[] } {
  const dataEncryptionKey = env.DATA_ENCRYPTION_KEY ?? null;
  if (dataEncryptionKey !== null && Buffer.from(dataEncryptionKey, "base64").length !== 32) {
    throw new ConfigError("DATA_ENCRYPTION_KEY", "must be 32 bytes, base64 encoded (openssl rand -base64 32)");
  }
  const dataEncryptionOldKeys = (env.DATA_ENCRYPTION_OLD_KEYS ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  if (dataEncryptionOldKeys.some((k) => Buffer.from(k, "base64").length !== 32)) {
    throw new ConfigError("DATA_ENCRYPTION_OLD_KEYS", "each key (comma-separated) must be 32 bytes, base64 encoded");
  }
  return { dataEncryptionKey, dataEncryptionOldKeys };
}

export function databaseUrlOf(env: NodeJS.ProcessEnv = process.env): string {
  const databaseUrl = env.DATABASE_URL ?? "pglite:./data/db";
  if (!/^(postgres|postgresql):\/\//.test(databaseUrl) && !databaseUrl.startsWith("pglite:")) {
    throw new ConfigError("DATABASE_URL", `unknown scheme in "${databaseUrl}" (use postgresql://..., pglite:./dir or pglite:memory)`);
  }
  return databaseUrl;
}

function trustProxyOf(value: string | undefined): boolean | string {
  const v = (value ?? "").trim();
  if (v === "") return "loopback,linklocal,uniquelocal";
  return v === "true" || v === "false" ? v === "true" : v;
}

/** "1" or "0" (unset: off). */
function flag(setting: string, value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "0") return false;
  if (value === "1") return true;
  throw new ConfigError(setting, `must be 1 or 0, got "${value}"`);
}

function positive(setting: string, value: string | undefined, fallback: number): number {
  const n = count(setting, value, fallback);
  if (n < 1) throw new ConfigError(setting, `must be a whole number >= 1, got "${value}"`);
  return n;
}

function count(setting: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(setting, `must be a whole number >= 0, got "${value}"`);
  return n;
}
