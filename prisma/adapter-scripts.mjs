// Migration scripts run whole, a failure surfacing as the adapter's error. Both driver adapters need
// it, in the schema engine stand-in (prisma/schema-engine.mjs, run by `prisma migrate` without the
// TypeScript loader) and in the server (server/src/db/adapter.ts, migrations at start-up):
// - pglite-prisma-adapter 0.7.2 does not await client.exec() in executeScript(), so a failing
//   migration would look applied;
// - adapter-pg 7.10 splits a script at every ";" and sends the pieces one by one: a PL/pgSQL body
//   (a trigger function) breaks, and a failing statement leaves the ones before it applied. Sent
//   whole, as Prisma's native schema engine does, PostgreSQL runs the commands in one implicit
//   transaction, all or nothing.

/** `adapter` whose executeScript hands a script to `run`, whole. */
export function scriptsThrough(adapter, run) {
  adapter.executeScript = async (script) => {
    try {
      await run(script);
    } catch (e) {
      adapter.onError(e);
    }
  };
  return adapter;
}

/** adapter-pg's connection: scripts through its pool. */
export const wholeScripts = (adapter) => scriptsThrough(adapter, (script) => adapter.underlyingDriver().query(script));

/** pglite-prisma-adapter's connection to `client`: scripts through client.exec, awaited. */
export const awaitScripts = (adapter, client) => scriptsThrough(adapter, (script) => client.exec(script));

/** A throw-away in-memory PGlite as the shadow database of `prisma migrate`, closed on dispose. */
export async function pgliteShadowDb(PGlite, PrismaPGlite) {
  const shadow = new PGlite();
  const adapter = awaitScripts(await new PrismaPGlite(shadow).connect(), shadow);
  adapter.dispose = () => shadow.close();
  return adapter;
}
