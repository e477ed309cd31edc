/// <reference types="vitest/config" />
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import relay from "vite-plugin-relay";

const clientDir = fileURLToPath(new URL(".", import.meta.url));
const fromClient = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const packageVersion = (JSON.parse(readFileSync(fromClient("../package.json"), "utf8")) as { version: string }).version;

// The one Node process on port 3000 serves the API; the dev server forwards to it.
const backend = "http://localhost:3000";

export default defineConfig({
  root: clientDir,
  plugins: [react(), relay],
  resolve: {
    // Pure rules shared with the server (validation, German messages): one source of truth.
    alias: { "@shared": fromClient("../server/src/shared") },
  },
  define: {
    // Fallback when /config.json carries no version.
    __APP_VERSION__: JSON.stringify(`v${packageVersion}`),
  },
  build: {
    outDir: fromClient("../dist/client"),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks the entry and the app (mount.tsx) load; bench figure 6 reads it
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/, priority: 3 },
            { name: "relay", test: /node_modules[\\/](relay-runtime|react-relay|invariant|fbjs)[\\/]/, priority: 2 },
            { name: "oidc", test: /node_modules[\\/](oidc-client-ts|jwt-decode)[\\/]/, priority: 2 },
            // Ark UI and the rest are not grouped: each component's state machine travels with the
            // screens that use it (one "vendor" chunk put every component into the first screen)
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/graphql": backend,
      "/v1": backend,
      "/oidc": backend,
      "/config.json": backend,
    },
  },
  test: {
    name: "client",
    root: clientDir,
    // *.test.ts: pure modules in Node; *.test.tsx: component tests (React Testing Library with
    // relay-test-utils' mock environment), each file opening with `// @vitest-environment happy-dom`
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    // a component test types into whole forms: a generous bound for a loaded 2-core machine (it only costs time when a test fails)
    testTimeout: 20_000,
  },
});
