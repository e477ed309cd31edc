import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

// unit: pure rules next to their code; integration: GraphQL, /v1 and sign-in against a real
// database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set); client: the client's own tests.
// graphql 16 has no "exports": Node loads index.js for every importer, while Vite would prefer
// the "module" build (index.mjs) for files it transforms: two instances, and "Cannot use
// GraphQLObjectType from another module or realm". Pin everyone to Node's choice.
const require = createRequire(import.meta.url);
const graphqlAlias = { find: /^graphql$/, replacement: require.resolve("graphql") };

export default defineConfig({
  resolve: { alias: [graphqlAlias] },
  test: {
    maxWorkers: 2,
    projects: [
      { resolve: { alias: [graphqlAlias] }, test: { name: "unit", include: ["server/src/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node" } },
      {
        resolve: { alias: [graphqlAlias] },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // *.pg.test.ts need a real server: they run in the PostgreSQL pass only; *.pglite.test.ts are
          // about the embedded database itself (its files, backup and restore): the PGlite pass only
          exclude: process.env.TEST_DATABASE_URL ? ["tests/integration/**/*.pglite.test.ts"] : ["tests/integration/**/*.pg.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/globalSetup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      "client/vite.config.ts",
    ],
  },
});
