// Start-up: configuration -> database (migrations in the embedded mode; PostgreSQL must have been
// migrated by `npm run db:deploy`) -> the data key's check value -> demo data when asked -> HTTP
// server. A bad setting, an unmigrated database or a wrong data key stops here with one line naming it.
import { ConfigError, loadConfig } from "./config.ts";
import { loadDataKey } from "./crypto/dataKey.ts";
import { checkDataKey } from "./crypto/keyCheck.ts";
import { openDatabase } from "./db/client.ts";
import { pendingMigrations } from "./db/migrate.ts";

async function main() {
  const config = loadConfig();
  const dataKey = loadDataKey(config);
  const db = await openDatabase(config.databaseUrl, {
    waitSeconds: config.databaseWaitSeconds,
    preparedStatements: config.databasePreparedStatements,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    log: (line) => console.error(line),
  });
  if (db.kind === "pg") {
    // PostgreSQL is migrated by `npm run db:deploy`, not at start: without it the first read (or the
    // demo data) failed with a stack trace (P2021, table does not exist)
    const pending = await pendingMigrations(db.read);
    if (pending.length) {
      await db.close();
      throw new Error(`DATABASE_URL: the database lacks ${pending.length} of the migrations (first ${pending[0]}): run \`npm run db:deploy\` before starting`);
    }
  }
  // a wrong DATA_ENCRYPTION_KEY stops here, before anything is sealed with it (crypto/keyCheck.ts)
  await checkDataKey(db.prisma, dataKey).catch(async (e) => {
    await db.close();
    throw e;
  });
  if (config.demoData) {
    const { seedDemoData } = await import("../../prisma/demo.ts");
    await seedDemoData(db.prisma, { dataKey });
  }
  // imported only now: configuration and database errors come first, each as one line
  const { createApp } = await import("./app.ts");
  const { configuredOutbox } = await import("./mail/transport.ts");
  const outbox = configuredOutbox({
    smtpUrl: process.env.SMTP_URL,
    from: process.env.SMTP_FROM,
    file: process.env.OUTBOX_FILE,
    production: config.production,
    warn: (line) => console.error(line),
  });
  const app = await createApp({ config, db, dataKey, logger: config.logLevel !== "silent", outbox });
  // memory back to the system after start-up and when idle after traffic (http/idleMemory.ts); probes do not count
  let requests = 0;
  app.fastify.addHook("onRequest", (request, _reply, done) => {
    if (!/^\/(?:healthz|readyz|metrics)(?:\?|$)/.test(request.url)) requests++;
    done();
  });
  await app.fastify.listen({ port: config.port, host: config.host }).catch((e) => {
    if (e?.code !== "EADDRINUSE") throw e;
    throw new Error(`PORT: ${config.port} is in use by another process (is the server running already?)`);
  });
  // files stored before they were encrypted (docs/decisions.md "Encryption at rest"): sealed now, a few at a time
  const { sealPlaintextFiles } = await import("./domains/files/stored.ts");
  sealPlaintextFiles(db.prisma, dataKey)
    .then((n) => n && console.log(`${n} gespeicherte Dateien verschlüsselt`))
    .catch((e) => console.error("Gespeicherte Dateien konnten nicht verschlüsselt werden", e));
  // meal requests from before they were sealed with the camp data: moved into it now
  const { sealMealRequests } = await import("./domains/dexam/service.ts");
  sealMealRequests(db.prisma, dataKey)
    .then((n) => n && console.log(`${n} Essenswünsche in die verschlüsselten Freizeitdaten verschoben`))
    .catch((e) => console.error("Essenswünsche konnten nicht verschlüsselt werden", e));
  // the overviews' sort keys of "Note" and "Stücke" for rows from before them
  const { fillOverviewKeys } = await import("./domains/dexam/service.ts");
  const { fillCompetitionOverviewKeys } = await import("./domains/competition/service.ts");
  Promise.all([fillOverviewKeys(db.prisma), fillCompetitionOverviewKeys(db.prisma)])
    .then(([dexam, competition]) => dexam + competition && console.log(`${dexam + competition} Sortierschlüssel der Anmeldungsübersichten berechnet`))
    .catch((e) => console.error("Sortierschlüssel der Anmeldungsübersichten konnten nicht berechnet werden", e));
  const { releaseMemoryWhenIdle } = await import("./http/idleMemory.ts");
  releaseMemoryWhenIdle({ requests: () => requests });
  // free-text remarks from before they were sealed: moved into their sealed column now
  const { sealPlainRemarks } = await import("./domains/registrations/remarks.ts");
  sealPlainRemarks(db.prisma, dataKey)
    .then((n) => n && console.log(`${n} Bemerkungen verschlüsselt`))
    .catch((e) => console.error("Bemerkungen konnten nicht verschlüsselt werden", e));
  console.log(
    `Anmeldesystem läuft auf ${config.publicUrl} (Datenbank: ${db.kind}, Anmeldung: ${config.oidc.mode === "embedded" ? "eingebettet" : config.oidc.issuer})`,
  );
  // the graceful stop (docs/decisions.md "Operations"): readiness fails, the listener closes, the
  // requests in flight finish within SHUTDOWN_TIMEOUT_SECONDS, then the database closes
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: Anmeldesystem wird beendet (laufende Anfragen höchstens ${config.shutdownTimeoutSeconds} s)`);
    const outcome = await app.drain({ delayMs: config.shutdownDelaySeconds * 1000, timeoutMs: config.shutdownTimeoutSeconds * 1000 });
    await db.close();
    console.log(
      outcome === "drained"
        ? "Anmeldesystem beendet: alle laufenden Anfragen beantwortet"
        : "Anmeldesystem beendet: laufende Anfragen nach der Frist abgebrochen",
    );
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((e) => {
  if (e instanceof ConfigError || /^[A-Z_]+: /.test(String(e?.message))) console.error(`Start abgebrochen: ${e.message}`);
  else console.error("Start abgebrochen:", e);
  process.exit(1);
});
