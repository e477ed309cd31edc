import os from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { keyIdOf } from "./crypto/aead.ts";
import { loadDataKey } from "./crypto/dataKey.ts";

const prod = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://anmeldung.example",
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  COOKIE_KEYS: "0123456789abcdef0123",
};

function errorOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).message;
  }
  throw new Error("no error");
}

describe("configuration", () => {
  it("the local default is PGlite in ./data, the embedded provider and port 3000", () => {
    const c = loadConfig({});
    expect(c.databaseUrl).toBe("pglite:./data/db");
    expect(c.port).toBe(3000);
    expect(c.oidc).toMatchObject({ mode: "embedded", issuer: "http://localhost:3000/oidc", clientId: "anmeldesystem", audience: "urn:anmeldesystem:api" });
    expect(c.demoData).toBe(false);
  });

  it("PORT and DATABASE_URL are honoured", () => {
    const c = loadConfig({ PORT: "4100", DATABASE_URL: "postgresql://u@db:5432/a" });
    expect(c.port).toBe(4100);
    expect(c.publicUrl).toBe("http://localhost:4100");
    expect(c.databaseUrl).toBe("postgresql://u@db:5432/a");
  });

  it("an unknown DATABASE_URL scheme stops start-up naming the setting", () => {
    expect(errorOf({ DATABASE_URL: "mysql://x" })).toMatch(/^DATABASE_URL: unknown scheme/);
  });

  it("HEALTH_DATA_ACCESS_LOG_DAYS defaults to 365 and must be a whole number >= 1", () => {
    expect(loadConfig({}).healthDataAccessLogDays).toBe(365);
    expect(loadConfig({ HEALTH_DATA_ACCESS_LOG_DAYS: "90" }).healthDataAccessLogDays).toBe(90);
    expect(errorOf({ HEALTH_DATA_ACCESS_LOG_DAYS: "0" })).toContain("HEALTH_DATA_ACCESS_LOG_DAYS");
    expect(errorOf({ HEALTH_DATA_ACCESS_LOG_DAYS: "ein Jahr" })).toContain("HEALTH_DATA_ACCESS_LOG_DAYS");
  });

  it("SHARED_RESULT_SECONDS defaults to 5, 0 switches sharing off, anything but a whole number >= 0 stops start-up naming it", () => {
    expect(loadConfig({}).sharedResultSeconds).toBe(5);
    expect(loadConfig({ SHARED_RESULT_SECONDS: "0" }).sharedResultSeconds).toBe(0);
    for (const bad of ["-1", "2.5", "fünf"]) expect(errorOf({ SHARED_RESULT_SECONDS: bad })).toMatch(/^SHARED_RESULT_SECONDS: must be a whole number/);
  });

  it("SPREADSHEET_THREADS, SPREADSHEET_QUEUE and SPREADSHEET_THREAD_MEMORY_MB set the spreadsheet threads; threads and memory need at least 1", () => {
    expect(loadConfig({}).spreadsheets).toEqual({ threads: Math.min(2, os.availableParallelism()), queue: 8, memoryMb: 384 });
    expect(loadConfig({ SPREADSHEET_THREADS: "1", SPREADSHEET_QUEUE: "0", SPREADSHEET_THREAD_MEMORY_MB: "64" }).spreadsheets).toEqual({
      threads: 1,
      queue: 0,
      memoryMb: 64,
    });
    expect(errorOf({ SPREADSHEET_THREADS: "0" })).toMatch(/^SPREADSHEET_THREADS: must be a whole number >= 1/);
    expect(errorOf({ SPREADSHEET_QUEUE: "-1" })).toMatch(/^SPREADSHEET_QUEUE: must be a whole number >= 0/);
    expect(errorOf({ SPREADSHEET_THREAD_MEMORY_MB: "viel" })).toMatch(/^SPREADSHEET_THREAD_MEMORY_MB: must be a whole number/);
  });

  it("[R-ER004] operations: the drain defaults to no delay and a 10 s bound; logs at info in production, silent locally; METRICS_TOKEN needs 16 characters", () => {
    const local = loadConfig({});
    expect([local.shutdownDelaySeconds, local.shutdownTimeoutSeconds, local.logLevel, local.metricsToken]).toEqual([0, 10, "silent", null]);
    expect(loadConfig({ ...prod, EMBEDDED_IDP: "1" }).logLevel).toBe("info");
    expect(loadConfig({ ...prod, EMBEDDED_IDP: "1", LOG_REQUESTS: "0" }).logLevel).toBe("silent");
    expect(loadConfig({ LOG_REQUESTS: "1" }).logLevel).toBe("info");
    expect(loadConfig({ LOG_LEVEL: "warn", SHUTDOWN_DELAY_SECONDS: "5", SHUTDOWN_TIMEOUT_SECONDS: "30" })).toMatchObject({
      logLevel: "warn",
      shutdownDelaySeconds: 5,
      shutdownTimeoutSeconds: 30,
    });
    expect(errorOf({ LOG_LEVEL: "loud" })).toMatch(/^LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent/);
    expect(errorOf({ SHUTDOWN_TIMEOUT_SECONDS: "-1" })).toMatch(/^SHUTDOWN_TIMEOUT_SECONDS: must be a whole number/);
    expect(errorOf({ SHUTDOWN_DELAY_SECONDS: "1.5" })).toMatch(/^SHUTDOWN_DELAY_SECONDS: must be a whole number/);
    expect(errorOf({ METRICS_TOKEN: "short" })).toMatch(/^METRICS_TOKEN: needs at least 16 characters/);
    // the audit log's retention (days, at least one; the expiry round enforces it)
    expect(local.auditRetentionDays).toBe(730);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: "365" }).auditRetentionDays).toBe(365);
    expect(errorOf({ AUDIT_RETENTION_DAYS: "0" })).toMatch(/^AUDIT_RETENTION_DAYS: must be a whole number >= 1/);
    expect(loadConfig({ METRICS_TOKEN: "0123456789abcdef" }).metricsToken).toBe("0123456789abcdef");
  });

  it("a bad PORT or PUBLIC_URL is refused", () => {
    expect(errorOf({ PORT: "abc" })).toMatch(/^PORT:/);
    expect(errorOf({ PUBLIC_URL: "ftp://x" })).toMatch(/^PUBLIC_URL:/);
  });

  it("production refuses to start without PUBLIC_URL, DATA_ENCRYPTION_KEY, cookie keys, and an issuer or EMBEDDED_IDP=1", () => {
    expect(errorOf({ ...prod, PUBLIC_URL: "" })).toMatch(/^PUBLIC_URL: is required/);
    const { DATA_ENCRYPTION_KEY, ...noKey } = prod;
    expect(errorOf(noKey)).toMatch(/^OIDC_ISSUER: is required/);
    expect(errorOf({ ...noKey, EMBEDDED_IDP: "1" })).toMatch(/^DATA_ENCRYPTION_KEY: is required/);
    const { COOKIE_KEYS, ...noCookies } = prod;
    expect(errorOf({ ...noCookies, EMBEDDED_IDP: "1" })).toMatch(/^COOKIE_KEYS: is required/);
    expect(loadConfig({ ...prod, EMBEDDED_IDP: "1" }).oidc.mode).toBe("embedded");
  });

  it("[R-AU030] an external issuer needs a client id and reads roles from a configurable claim", () => {
    expect(errorOf({ ...prod, OIDC_ISSUER: "https://id.example" })).toMatch(/^OIDC_CLIENT_ID:/);
    const c = loadConfig({ ...prod, OIDC_ISSUER: "https://id.example/", OIDC_CLIENT_ID: "123", OIDC_ROLES_CLAIM: "urn:zitadel:iam:org:project:roles" });
    expect(c.oidc).toMatchObject({ mode: "external", issuer: "https://id.example", clientId: "123", rolesClaim: "urn:zitadel:iam:org:project:roles" });
  });

  it("an external provider's audience defaults to the https URL $PUBLIC_URL/api; the roles claim is required and email_verified counts unless the operator says otherwise", () => {
    const c = loadConfig({ ...prod, OIDC_ISSUER: "https://id.example", OIDC_CLIENT_ID: "123" });
    expect(c.oidc).toMatchObject({ audience: "https://anmeldung.example/api", rolesOptional: false, trustEmail: false });
    const told = loadConfig({
      ...prod,
      OIDC_ISSUER: "https://id.example",
      OIDC_CLIENT_ID: "123",
      OIDC_AUDIENCE: "https://api.example",
      OIDC_ROLES_OPTIONAL: "1",
      OIDC_TRUST_EMAIL: "1",
    });
    expect(told.oidc).toMatchObject({ audience: "https://api.example", rolesOptional: true, trustEmail: true });
    expect(errorOf({ ...prod, OIDC_ISSUER: "https://id.example", OIDC_CLIENT_ID: "123", OIDC_TRUST_EMAIL: "yes" })).toMatch(
      /^OIDC_TRUST_EMAIL: must be 1 or 0/,
    );
  });

  it("DATA_ENCRYPTION_KEY must be 32 bytes", () => {
    expect(errorOf({ DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString("base64") })).toMatch(/^DATA_ENCRYPTION_KEY: must be 32 bytes/);
  });

  it("DATA_ENCRYPTION_OLD_KEYS: comma-separated 32-byte keys accepted for reading; the loaded ring seals with DATA_ENCRYPTION_KEY", () => {
    const a = Buffer.alloc(32, 1).toString("base64");
    const b = Buffer.alloc(32, 2).toString("base64");
    expect(loadConfig({}).dataEncryptionOldKeys).toEqual([]);
    const c = loadConfig({ DATA_ENCRYPTION_KEY: b, DATA_ENCRYPTION_OLD_KEYS: ` ${a} ,` });
    expect(c.dataEncryptionOldKeys).toEqual([a]);
    const ring = loadDataKey(c);
    expect(ring.id).toBe(keyIdOf(Buffer.from(b, "base64")));
    expect([...ring.old.keys()]).toEqual([keyIdOf(Buffer.from(a, "base64"))]);
    expect(errorOf({ DATA_ENCRYPTION_OLD_KEYS: `${a},kurz` })).toMatch(/^DATA_ENCRYPTION_OLD_KEYS: each key \(comma-separated\) must be 32 bytes/);
  });

  it("demo data is never seeded in production", () => {
    expect(errorOf({ ...prod, EMBEDDED_IDP: "1", DEMO_DATA: "1" })).toMatch(/^DEMO_DATA:/);
    expect(loadConfig({ DEMO_DATA: "1" }).demoData).toBe(true);
  });
});
