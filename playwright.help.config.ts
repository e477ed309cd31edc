import { defineConfig } from "@playwright/test";
import journeys from "./playwright.config.ts";

// `npm run help:screenshots`: scripts/help-screenshots.ts against the same server as the journeys
// (demo data on a throw-away database, E2E_PORT, STATIC_DIR), one desktop project. Chromium runs
// in German (UI language from LANG/LANGUAGE, locale files from Debian's chromium-l10n) so native
// date and time fields read as German users see them.
const launchOptions = journeys.use?.launchOptions ?? {};

export default defineConfig({
  ...journeys,
  testDir: "scripts",
  testMatch: /help-screenshots\.ts$/,
  retries: 1,
  projects: [
    {
      name: "help-screenshots",
      use: {
        launchOptions: {
          ...launchOptions,
          args: [...(launchOptions.args ?? []), "--lang=de-DE"],
          env: { ...process.env, LANG: "de_DE.UTF-8", LANGUAGE: "de" },
        },
      },
    },
  ],
});
