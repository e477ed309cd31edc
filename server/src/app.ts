// Composes the one HTTP server: /graphql (Yoga), /v1 (the REST-compatible routes), /oidc (the
// embedded provider, when no external issuer is configured), /config.json and the built client.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { normalizeIP } from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { createYoga } from "graphql-yoga";
import helmet from "helmet";
import { createAuthenticator, keysFor } from "./auth/authenticate.ts";
import { AppError } from "./auth/errors.ts";
import type { Principal } from "./auth/principal.ts";
import type { Config } from "./config.ts";
import type { DataKey } from "./crypto/aead.ts";
import type { Database } from "./db/client.ts";
import { databaseFault, outageLog } from "./db/unavailable.ts";
import { associationRoutes } from "./domains/associations/rest.ts";
import { changeRoutes } from "./domains/changes/rest.ts";
import { competitionRoutes } from "./domains/competition/rest.ts";
import { dexamRoutes } from "./domains/dexam/rest.ts";
import { districtRoutes } from "./domains/districts/rest.ts";
import { calendarFeedRoute, calendarRoutes } from "./domains/events/calendarRest.ts";
import { runExpiryJob } from "./domains/events/expiry.ts";
import { eventRoutes } from "./domains/events/rest.ts";
import { eventListScope } from "./domains/events/service.ts";
import { invoiceAttachments } from "./domains/invoices/mail.ts";
import { runReminderJob } from "./domains/invoices/reminders.ts";
import { invoiceRoutes } from "./domains/invoices/rest.ts";
import { resultRoutes, resultUploadRoutes } from "./domains/results/rest.ts";
import { timetableRoutes } from "./domains/timetable/rest.ts";
import { userRoutes } from "./domains/users/rest.ts";
import { webhookSender } from "./domains/webhooks/sender.ts";
import type { DistrictAssociation } from "./generated/prisma/client.ts";
import type { GraphQLContext } from "./graphql/builder.ts";
import { deprecationSignal } from "./graphql/deprecation.ts";
import { germanErrors, INTERNAL_MESSAGE, loggedMaskError } from "./graphql/errors.ts";
import { introspectionGate } from "./graphql/introspection.ts";
import { boundedParseCache, costLimit, depthAndAliasLimits, documentLimits, documentRefusal, MAX_DOCUMENT_LENGTH } from "./graphql/limits.ts";
import { requestLoaders } from "./graphql/loaders.ts";
import { persistedOperations, reloadingPersistedOperations } from "./graphql/persisted.ts";
import { concurrentQueryLimit, csrfPrevention, mutationRateLimit, type QuerySlot } from "./graphql/requestGuards.ts";
import { schema } from "./graphql/schema.ts";
import { SharedStore, sharedResults } from "./graphql/sharedResults.ts";
import { clientErrorHandler, frameworkError, requestError } from "./http/clientError.ts";
import { rejectMalformedParams, rejectNulCharacters } from "./http/inputGuard.ts";
import { registerMultipart } from "./http/multipart.ts";
import { isDocumentationRoute, registerOpenApi } from "./http/openapi.ts";
import { noteCaller, registerOperations } from "./http/operations.ts";
import { type ConcurrencyLimiter, createConcurrencyLimiter, createRateLimiter, RATE_LIMIT_MESSAGE, registerRateLimits } from "./http/rateLimit.ts";
import { bearerChallenge, errorBodyFor, graphqlErrorBody, isGraphqlRequest, restRoutes, routeMethods } from "./http/rest.ts";
import { deleteExpiredOidcRows } from "./idp/adapter.ts";
import { identityAdminFor, logOutbox, type Outbox } from "./idp/identityAdmin.ts";
import { loadCookieKeys, loadSigningKeys, type SigningKeys } from "./idp/keys.ts";
import { API_SCOPE, CALLBACK_PATH } from "./idp/names.ts";
import { idpPages } from "./idp/pages.ts";
import type { EmbeddedProvider } from "./idp/provider.ts";
import { mailSender } from "./mail/outbox.ts";
import type { AppServices } from "./services.ts";
import { spreadsheetPool } from "./workers/pool.ts";

export const APP_VERSION = "v1.3.1";

/** the drain: how long a connection accepted just before the listener closed has to deliver its request */
const ACCEPTED_REQUEST_GRACE_MS = 500;

export type App = {
  fastify: FastifyInstance;
  services: AppServices;
  signingKeys?: SigningKeys;
  /** "METHOD /path" of every route but the /v1 documentation pages (http/openapi.ts), for the authorization matrix test */
  routes: string[];
  /** the per-caller limit of expensive reads at once (GraphQL and /v1; tests fill it) */
  expensiveReads: ConcurrencyLimiter;
  close(): Promise<void>;
  /**
   * The graceful stop (SIGTERM, main.ts): /readyz fails at once; after `delayMs` the listener closes
   * and requests on open connections answer 503; the requests in flight get `timeoutMs` to finish,
   * then their connections are cut. Resolves "drained" or "timeout"; the database stays open.
   */
  drain(opts: { delayMs: number; timeoutMs: number }): Promise<"drained" | "timeout">;
};

export async function createApp(opts: {
  config: Config;
  db: Database;
  dataKey: DataKey;
  logger?: boolean;
  /** where the log lines go (default stdout; tests read them) */
  logStream?: { write(line: string): void };
  outbox?: Outbox;
  /** "manual": confirmation e-mails and webhooks go out only on services.mail.flush() / services.webhooks.flush() (integration tests); default "auto" */
  mailSending?: "auto" | "manual";
}): Promise<App> {
  const { config, db, dataKey } = opts;
  const prisma = db.prisma;
  const outbox = opts.outbox ?? logOutbox();
  const identity = identityAdminFor(config, outbox);
  // confirmation e-mails: written with the change, sent after commit through the same outbox (mail/outbox.ts)
  const mail = mailSender({
    sql: db.read,
    outbox,
    publicUrl: config.publicUrl,
    retrySeconds: config.mailRetrySeconds,
    auto: opts.mailSending !== "manual",
    attach: (row) =>
      (row.kind === "invoice" || row.kind === "invoiceReminder") && row.invoiceId
        ? invoiceAttachments(db.prisma, row.invoiceId, new Date())
        : Promise.resolve([]),
  });
  // webhook deliveries: written by the change's trigger, sent after commit (domains/webhooks/sender.ts)
  const webhooks = webhookSender({
    prisma,
    dataKey,
    retrySeconds: config.webhookRetrySeconds,
    allowPrivate: config.webhookAllowPrivate,
    mailWritten: () => mail.wake(),
    auto: opts.mailSending !== "manual",
  });
  const services: AppServices = { config, dataKey, now: () => new Date(), identity, outbox, mail, webhooks, sql: db.read };
  const fastify = Fastify({
    // structured JSON lines (pino); one line per request comes from http/operations.ts
    logger: opts.logger ? { level: config.logLevel === "silent" ? "info" : config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) } : false,
    logController: new LogController({ disableRequestLogging: true }),
    // the drain answers requests on open connections itself (http/operations.ts), in German with a code
    return503OnClosing: false,
    trustProxy: config.trustProxy, // JSON bodies may carry a 5 MB image as base64 data URL (about 7 MB)
    bodyLimit: 8 * 1024 * 1024,
    // requests Node's parser refuses (headers too large: 431) answer German with a code
    clientErrorHandler,
    // URLs the router refuses before any route (a path parameter beyond its length, bad percent-encoding): German with a code
    frameworkErrors: (error, request, reply) => {
      const refusal = frameworkError(error);
      (reply as FastifyReply).status(refusal.status).send(errorBodyFor(request.url, refusal));
    },
  });
  const routes: string[] = [];
  // rate limits per caller: mutations (GraphQL and /v1), uploads, sign-in attempts per
  // address; counted in the database, so every replica counts the same (http/rateLimit.ts)
  await registerRateLimits(fastify, prisma, dataKey);
  const limits = {
    mutations: createRateLimiter(fastify, "mutations", config.rateLimits.mutationsPerMinute),
    uploads: createRateLimiter(fastify, "uploads", config.rateLimits.uploadsPerMinute),
    signIn: createRateLimiter(fastify, "signin", config.rateLimits.signInPerMinute),
    // the same budget per e-mail address: guesses spread over many addresses still count
    signInAccount: createRateLimiter(fastify, "signin-account", config.rateLimits.signInPerMinute),
    // expensive reads (lists, searches, exports) at once per caller, GraphQL and /v1 together
    expensiveReads: createConcurrencyLimiter(config.rateLimits.concurrentQueries),
  };
  // the methods of each path: a known path asked with another method answers 405 with Allow
  const methods = routeMethods();
  fastify.addHook("onRoute", (r) => {
    for (const m of [r.method].flat()) {
      if (m !== "HEAD" && !isDocumentationRoute(r.url)) routes.push(`${m} ${r.url}`);
      methods.add(m, r.url);
    }
  });

  // ---- /healthz, /readyz, /metrics, the drain and the request log line (http/operations.ts)
  const persisted = reloadingPersistedOperations(config.persistedOperationsFile);
  const operations = registerOperations(fastify, { config, db, persisted, logRequests: !!opts.logger });
  // a database outage is logged once per burst (db/unavailable.ts outageLog), not once per request
  const noteOutage = outageLog((line) => (opts.logger ? fastify.log.warn(line) : console.error(line)));

  // ---- sign-in: the embedded provider, or the external issuer's keys
  let signingKeys: SigningKeys | undefined;
  let cleanup: NodeJS.Timeout | undefined;
  if (config.oidc.mode === "embedded") {
    signingKeys = await loadSigningKeys(prisma, dataKey);
    const cookieKeys = await loadCookieKeys(prisma, dataKey, config.cookieKeys);
    const keys = signingKeys;
    // made on the first request below /oidc: oidc-provider (and koa) load with the first sign-in,
    // not at start (idle memory, README "Performance")
    let idp: Promise<EmbeddedProvider> | undefined;
    const provider = () =>
      (idp ??= import("./idp/provider.ts").then(({ createEmbeddedProvider }) =>
        createEmbeddedProvider({
          config,
          prisma,
          keys,
          cookieKeys,
          outbox,
          accountAttempt: async (email) => !(await limits.signInAccount.take(email.toLowerCase())),
        }),
      ));
    await deleteExpiredOidcRows(prisma);
    cleanup = setInterval(() => void deleteExpiredOidcRows(prisma).catch(() => {}), 60 * 60 * 1000);
    cleanup.unref();
    const signInPages = idpPages(config.federationName);
    // the provider reads its own request bodies: no content-type parsing in this scope
    await fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_req, _payload, done) => done(null));
      // password guessing and mail flooding: every form post that checks a password, sets one or
      // sends a link, per client address (and per e-mail address in provider.ts)
      scope.addHook("onRequest", async (request, reply) => {
        if (request.method !== "POST") return;
        const login = /^\/oidc\/interaction\/([\w-]+)\/login/.exec(request.url);
        const form = login || /^\/oidc\/(?:account|forgot|invite\/[\w-]+)(?:\?|$)/.test(request.url);
        // an IPv6 address counts by its /64 network (one host's whole range), as @fastify/rate-limit does
        const refusal = form ? await limits.signIn.take(normalizeIP(request.ip)) : null;
        if (!refusal) return;
        // the login form again, with the message (or a page saying so); nothing reaches the provider
        return reply
          .status(429)
          .headers(refusal.headers)
          .type("text/html; charset=utf-8")
          .send(login ? signInPages.loginPage(login[1], { error: RATE_LIMIT_MESSAGE }) : signInPages.errorPage("rate_limited", RATE_LIMIT_MESSAGE));
      });
      const handler = async (request: import("fastify").FastifyRequest, reply: import("fastify").FastifyReply) => {
        const idp = await provider();
        reply.hijack();
        await idp.handle(request.raw, reply.raw);
      };
      scope.all("/oidc", handler);
      scope.all("/oidc/*", handler);
    });
  }
  // automatic deletion of expired events (R-EV006)
  const expire = () =>
    runExpiryJob(prisma, services.now(), console.log, { auditRetentionDays: config.auditRetentionDays, changeRetentionDays: config.changeRetentionDays }).catch(
      (e) => console.error("Automatische Löschung fehlgeschlagen", e),
    );
  await expire();
  const expiry = setInterval(expire, 6 * 3600 * 1000);
  expiry.unref();
  // reminders of open invoices (invoices/reminders.ts): a minute after the start, then every six hours
  const remind = () => runReminderJob(prisma, services.now()).catch((e) => console.error("Zahlungserinnerungen fehlgeschlagen", e));
  const firstReminders = setTimeout(remind, 60 * 1000);
  firstReminders.unref();
  const reminders = setInterval(remind, 6 * 3600 * 1000);
  reminders.unref();

  const authenticate = createAuthenticator({
    config,
    prisma,
    read: db.read,
    keys: keysFor(config, signingKeys?.publicJwk),
    warn: (line) => (opts.logger ? fastify.log.warn(line) : console.error(line)),
  });

  // The security headers: helmet's middleware built once. (@fastify/helmet called helmet() on every
  // request, which parsed and checked the whole policy again: about 0.2 ms of each request.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", ...(config.oidc.mode === "external" ? [new URL(config.oidc.issuer).origin] : [])],
        frameSrc: ["'self'", ...(config.oidc.mode === "external" ? [new URL(config.oidc.issuer).origin] : [])],
        frameAncestors: ["'self'", ...config.embedParentOrigins],
        formAction: ["'self'", ...(config.oidc.mode === "external" ? [new URL(config.oidc.issuer).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
    // X-Frame-Options cannot name several origins; frame-ancestors above decides
    frameguard: config.embedParentOrigins.length ? false : { action: "sameorigin" },
    crossOriginEmbedderPolicy: false,
    // HSTS only where the app is served over https
    strictTransportSecurity: config.publicUrl.startsWith("https:") ? { maxAge: 31536000, includeSubDomains: true } : false,
    // Framed by another site, the sign-in popup must keep window.opener (the frame) to hand the
    // answer back; any COOP on the popup's pages would sever it, because the frame's top-level page
    // is on another origin. So COOP is sent only when nobody may frame the app (docs/decisions.md).
    crossOriginOpenerPolicy: config.embedParentOrigins.length ? false : { policy: "same-origin-allow-popups" },
  });
  fastify.addHook("onRequest", (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));

  // Errors raised outside a GraphQL execution (/v1 handlers, body parsing, limits), in the shape of
  // the door the request came through (errorBodyFor): /graphql answers { errors: [...] } too.
  // A request no route takes: 405 with Allow for a known path asked with another method, else 404.
  const unmatched = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0];
    const allowed = methods.allowed(path);
    if (allowed) {
      const refusal = new AppError("METHOD_NOT_ALLOWED", `Die Methode ${request.method} ist für ${path} nicht erlaubt (erlaubt: ${allowed.join(", ")})`);
      return reply.status(405).header("allow", allowed.join(", ")).send(errorBodyFor(request.url, refusal));
    }
    return reply.status(404).send(errorBodyFor(request.url, new AppError("NOT_FOUND", "Nicht gefunden")));
  };

  fastify.setErrorHandler((error, request, reply) => {
    // the body of a request no route takes was refused (no JSON, too large): the method or the path is the answer (found by tests/integration/api/http-fuzz.test.ts)
    if (request.is404) return unmatched(request, reply);
    error = databaseFault(error, noteOutage) ?? error;
    const body = (e: AppError) => errorBodyFor(request.url, e);
    if (error instanceof AppError) {
      const { retryAfter, headers } = error as { retryAfter?: number; headers?: Record<string, string> };
      if (retryAfter !== undefined) reply.header("retry-after", String(retryAfter));
      if (headers) reply.headers(headers);
      if (error.status === 401) reply.header("www-authenticate", bearerChallenge(request.headers.authorization));
      return reply.status(error.status).send(body(error));
    }
    const e = error as { statusCode?: number; code?: string; message: string };
    if (e.statusCode === 413 || e.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return reply.status(413).send(body(new AppError("PAYLOAD_TOO_LARGE", "Die Anfrage ist zu groß")));
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return reply.status(e.statusCode).send(body(requestError(e)));
    request.log.error(error);
    if (!opts.logger) console.error(error);
    return reply
      .status(500)
      .send(
        isGraphqlRequest(request.url)
          ? { errors: [{ message: INTERNAL_MESSAGE, extensions: { code: "INTERNAL_SERVER_ERROR" } }] }
          : { error: { code: "INTERNAL", message: INTERNAL_MESSAGE } },
      );
  });

  // ---- runtime configuration for the client, never cached
  fastify.get("/config.json", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return {
      apiBase: "/v1",
      graphqlPath: "/graphql",
      federationName: config.federationName,
      version: APP_VERSION,
      // the identity provider's page to change the password ("Passwort" card)
      accountUrl: config.oidc.mode === "embedded" ? `${config.oidc.issuer}/account` : config.oidc.accountUrl,
      // roles are assigned in the user dialog only with the embedded sign-in
      rolesEditable: config.oidc.mode === "embedded",
      oidc: {
        authority: config.oidc.issuer,
        client_id: config.oidc.clientId,
        scope: config.oidc.mode === "embedded" ? `${config.oidc.scope} ${API_SCOPE}` : config.oidc.scope,
        resource: config.oidc.audience,
      },
      embed: { parentOrigins: config.embedParentOrigins.length ? config.embedParentOrigins : [config.production ? config.publicUrl : "*"] },
    };
  });

  // spreadsheets are parsed and built in threads (workers/pool.ts)
  spreadsheetPool.configure(config.spreadsheets);

  // ---- GraphQL
  // start-page answers and the district associations, shared across requests (graphql/sharedResults.ts)
  const sharedDistricts = new SharedStore<DistrictAssociation[]>(config.sharedResultSeconds * 1000, 16);
  const yoga = createYoga<{ principal: Principal; querySlot: QuerySlot }, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: false,
    landingPage: false,
    extraParamNames: ["documentId"], // persisted operations (graphql/persisted.ts)
    logging: false,
    parserAndValidationCache: boundedParseCache(),
    context: ({ principal }) => ({
      principal,
      prisma,
      services,
      loaders: requestLoaders(prisma, sharedDistricts),
    }),
    plugins: [
      germanErrors(), // every error in German with a code (graphql/errors.ts)
      csrfPrevention(),
      rejectNulCharacters(),
      rejectMalformedParams(),
      documentLimits(), // the caller's own document: length, tokens, nesting, before it is parsed (graphql/limits.ts)
      ...persistedOperations({ operations: persisted, documentsOnlyForStaff: config.production }),
      mutationRateLimit(limits.mutations),
      costLimit(),
      concurrentQueryLimit(limits.expensiveReads),
      introspectionGate({ production: config.production }),
      ...depthAndAliasLimits(),
      deprecationSignal(), // Deprecation and Sunset on answers to documents naming deprecated elements (docs/api.md section 11)
      // last: a shared answer is looked up in onParams, after the CSRF check, the document limits and
      // the persisted lookup above (the guards that run later have nothing to refuse in the start-page query)
      ...sharedResults({ operations: persisted, shared: [{ name: "StartEventsQuery", scope: eventListScope }], ttlMs: config.sharedResultSeconds * 1000 }),
    ],
    // an internal error is answered "Interner Serverfehler" and logged (graphql/errors.ts), as on /v1
    maskedErrors: {
      errorMessage: INTERNAL_MESSAGE,
      maskError: loggedMaskError((error) => {
        fastify.log.error({ err: error }, "Interner Fehler einer GraphQL-Anfrage");
        if (!opts.logger) console.error(error);
      }, noteOutage),
    },
  });
  fastify.route({
    url: "/graphql",
    method: ["GET", "POST", "OPTIONS"],
    handler: async (request, reply) => {
      let principal: Principal;
      try {
        principal = await authenticate(request.headers.authorization);
      } catch (e) {
        const err = e instanceof AppError ? e : (databaseFault(e, noteOutage) ?? new AppError("UNAUTHENTICATED", "Nicht angemeldet"));
        if (err.code === "UNAVAILABLE") reply.header("retry-after", "5");
        if (err.status === 401) reply.header("www-authenticate", bearerChallenge(request.headers.authorization));
        return reply.status(err.status).send(graphqlErrorBody(err));
      }
      noteCaller(request, principal);
      // a document beyond the length limit is refused here, before Yoga, which would copy the body
      // twice more (back to JSON and parsed again): the same refusal documentLimits gives (graphql/limits.ts)
      const sent = request.method === "POST" ? (request.body as { query?: unknown } | null)?.query : undefined;
      const tooLong = typeof sent === "string" && sent.length > MAX_DOCUMENT_LENGTH ? documentRefusal(sent) : null;
      if (tooLong) {
        const accept = request.headers.accept ?? "";
        return reply
          .status(400)
          .type(`${accept.includes("application/graphql-response+json") ? "application/graphql-response+json" : "application/json"}; charset=utf-8`)
          .send({ errors: [{ message: tooLong.message, extensions: { code: tooLong.extensions.code } }] });
      }
      // the expensive query's slot (graphql/requestGuards.ts) is free again once the answer is made, whatever happened
      const querySlot: QuerySlot = {};
      let response: Response;
      try {
        response = await yoga.handleNodeRequestAndResponse(request, reply, { principal, querySlot });
      } finally {
        querySlot.release?.();
      }
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      // Yoga refuses a body without a Content-Type (or of one no parser of Yoga's reads) with an
      // empty 415: every refusal carries a code and a German message (found by api/http-fuzz.test.ts)
      if (response.status >= 400 && response.body === null) {
        const refusal = requestError({ code: response.status === 415 ? "FST_ERR_CTP_INVALID_MEDIA_TYPE" : undefined, message: "" });
        return reply.type("application/json; charset=utf-8").send(graphqlErrorBody(refusal));
      }
      // a JSON answer as one buffer: headers and body leave in one write (a stream is written in
      // pieces, each a system call); anything streamed (none today) stays a stream
      const type = response.headers.get("content-type") ?? "";
      if (type.startsWith("application/json") || type.startsWith("application/graphql-response+json")) {
        return reply.send(Buffer.from(await response.arrayBuffer()));
      }
      return reply.send(response.body);
    },
  });

  // ---- /v1, and its OpenAPI document and reference page (http/openapi.ts)
  await registerOpenApi(fastify, { publicUrl: config.publicUrl, version: APP_VERSION });
  const r = restRoutes(fastify, { authenticate, prisma, services, limit: limits.mutations, concurrent: limits.expensiveReads });
  userRoutes(r);
  districtRoutes(r);
  associationRoutes(r);
  eventRoutes(r);
  dexamRoutes(r);
  competitionRoutes(r);
  resultRoutes(r);
  calendarRoutes(r);
  changeRoutes(r);
  invoiceRoutes(r);
  timetableRoutes(r);
  calendarFeedRoute(fastify, prisma, services);
  // file uploads (multipart/form-data) in their own scope: the other routes keep JSON-only bodies
  await fastify.register(async (scope) => {
    await registerMultipart(scope);
    resultUploadRoutes(restRoutes(scope, { authenticate, prisma, services, limit: limits.uploads, concurrent: limits.expensiveReads }));
  });

  // ---- the built client; the sign-in callback path serves the same index.html
  const indexFile = path.join(config.staticDir, "index.html");
  if (fs.existsSync(indexFile)) {
    // preCompressed: the build's .br and .gz copies (scripts/build.mjs) go to browsers that accept them
    await fastify.register(fastifyStatic, { root: config.staticDir, index: ["index.html"], wildcard: false, cacheControl: false, preCompressed: true });
    fastify.addHook("onSend", async (request, reply, payload) => {
      const url = request.url.split("?")[0];
      if (url.startsWith("/assets/")) reply.header("cache-control", "public, max-age=31536000, immutable");
      else if (url === "/" || url === "/index.html" || url === CALLBACK_PATH) reply.header("cache-control", "no-cache");
      return payload;
    });
    fastify.get(CALLBACK_PATH, (_req, reply) => reply.sendFile("index.html"));
  } else {
    fastify.get("/", async (_req, reply) =>
      reply.type("text/plain; charset=utf-8").send("Die Oberfläche ist nicht gebaut: npm run build (npm start baut sie automatisch)."),
    );
  }

  fastify.setNotFoundHandler(unmatched);

  const close = async () => {
    if (cleanup) clearInterval(cleanup);
    clearInterval(expiry);
    clearTimeout(firstReminders);
    clearInterval(reminders);
    operations.stop();
    await fastify.close();
    await spreadsheetPool.close();
    await webhooks.close();
    await mail.close();
  };
  return {
    fastify,
    services,
    signingKeys,
    routes,
    expensiveReads: limits.expensiveReads,
    close,
    async drain({ delayMs, timeoutMs }) {
      operations.state.draining = true;
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      // No new connections from here on. Not http.Server#close yet: it also cuts every connection
      // whose request has not arrived yet (Node counts those idle), and their clients would see a
      // reset for a request they sent to a connection the server had accepted. The listening
      // socket alone closes; requests arriving on open connections answer 503 (http/operations.ts).
      const deadline = Date.now() + timeoutMs;
      if (fastify.server.listening) net.Server.prototype.close.call(fastify.server);
      operations.state.closing = true;
      await new Promise((r) => setTimeout(r, Math.min(ACCEPTED_REQUEST_GRACE_MS, timeoutMs)));
      const closed = close();
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        closed.then(() => "drained" as const),
        new Promise<"timeout">((r) => {
          timer = setTimeout(() => r("timeout"), Math.max(0, deadline - Date.now()));
        }),
      ]);
      clearTimeout(timer);
      if (outcome === "timeout") {
        fastify.server.closeAllConnections();
        await closed;
      }
      return outcome;
    },
  };
}
