import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI downloads a native schema engine on first use, which cannot happen offline.
// prisma/schema-engine.mjs speaks the engine's JSON-RPC protocol and runs the same engine
// compiled to WebAssembly; a real engine binary still wins when one is configured.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve(import.meta.dirname, "prisma/schema-engine.mjs");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "pglite:./data/db" },
});
