// The real application on a fresh database, for integration tests: GraphQL and /v1 through
// Fastify's inject (no socket), or listening on a free port for the sign-in flow.
import crypto from "node:crypto";
import net from "node:net";
import { importJWK, SignJWT } from "jose";
import { type App, createApp } from "../../server/src/app.ts";
import { loadConfig } from "../../server/src/config.ts";
import type { DataKey } from "../../server/src/crypto/aead.ts";
import type { Database } from "../../server/src/db/client.ts";
import { logOutbox, type Outbox } from "../../server/src/idp/identityAdmin.ts";
import { testDatabase } from "./db.ts";

export type TestApp = App & {
  db: Database & { url: string };
  /** messages the app sent (invitations, confirmation e-mails) */
  outbox: Outbox;
  baseUrl: string;
  /** a token the embedded provider could have issued for this subject; override any claim */
  token(sub: string, claims?: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>;
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
  ): Promise<{ status: number; body: { data?: T; errors?: { message: string; extensions?: { code?: string } }[] } }>;
  /** a /v1 call; `raw` holds the bytes of the answer (downloads); `headers` are sent besides authorization and content-type */
  rest<T = any>(
    method: string,
    url: string,
    token?: string | null,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Record<string, unknown>; raw: Buffer }>;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function startTestApp(
  opts: {
    listen?: boolean;
    env?: Record<string, string>;
    db?: Database & { url: string };
    dataKey?: DataKey;
    /** the app's structured log lines (pino JSON) go here */
    logStream?: { write(line: string): void };
    /** where mails go (default: a silent log outbox) */
    outbox?: Outbox;
    /** default "manual": confirmation e-mails go out on app.services.mail.flush() only, so statement counts hold */
    mailSending?: "auto" | "manual";
  } = {},
): Promise<TestApp> {
  const db = opts.db ?? (await testDatabase());
  const port = opts.listen ? await freePort() : 3999;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATABASE_URL: db.url,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: ".tmp/data",
    STATIC_DIR: ".tmp/no-client",
    // the suites call thousands of mutations per minute as one user; tests of the limits set their own
    RATE_LIMIT_MUTATIONS: "0",
    RATE_LIMIT_UPLOADS: "0",
    RATE_LIMIT_SIGNIN: "0",
    RATE_LIMIT_CONCURRENT_QUERIES: "0",
    ...opts.env,
  });
  const dataKey = opts.dataKey ?? crypto.randomBytes(32);
  const outbox = opts.outbox ?? logOutbox(true);
  const app = await createApp({
    config,
    db,
    dataKey,
    outbox,
    mailSending: opts.mailSending ?? "manual",
    ...(opts.logStream ? { logger: true, logStream: opts.logStream } : {}),
  });
  if (opts.listen) await app.fastify.listen({ port, host: "127.0.0.1" });
  else await app.fastify.ready();

  const privateJwk = app.signingKeys?.privateJwk;
  return {
    ...app,
    db,
    outbox,
    baseUrl,
    async token(sub, claims = {}, header = {}) {
      if (!privateJwk) throw new Error("no embedded provider");
      const key = await importJWK(privateJwk, "RS256");
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        iss: config.oidc.issuer,
        aud: config.oidc.audience,
        sub,
        iat: now,
        // long enough for the longest test file on a loaded machine (the authorization matrix), not a real lifetime
        exp: now + 3 * 3600,
        jti: crypto.randomUUID(),
        client_id: "anmeldesystem",
        scope: "api",
        ...claims,
      })
        .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: privateJwk.kid, ...header })
        .sign(key);
    },
    async gql(query, variables, token) {
      const res = await app.fastify.inject({
        method: "POST",
        url: "/graphql",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: JSON.stringify({ query, variables }),
      });
      return { status: res.statusCode, body: res.json() };
    },
    async rest(method, url, token, body, headers = {}) {
      const res = await app.fastify.inject({
        method: method as "GET",
        url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        payload: body !== undefined ? JSON.stringify(body) : undefined,
      });
      let parsed: unknown = res.body;
      try {
        parsed = res.json();
      } catch {}
      return { status: res.statusCode, body: parsed as never, headers: res.headers, raw: res.rawPayload };
    },
    async stop() {
      await app.close();
      if (!opts.db) await db.close();
    },
  };
}
