import { de, type MessageKey } from "./de";

export type MessageParams = Record<string, string | number>;
type Catalog = Partial<Record<string, string>>;

/** Replaces `{name}` placeholders; unknown placeholders stay visible so a missing parameter shows. */
export function interpolate(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * Builds a translator that looks a key up in the primary catalog and falls back to the fallback
 * catalog (R-SH002), and finally to the key itself so a missing text is obvious but not fatal.
 */
export function createTranslator(primary: Catalog, fallback: Catalog) {
  return (key: MessageKey, params?: MessageParams): string => interpolate(primary[key] ?? fallback[key] ?? key, params);
}

/**
 * The English fallback catalog (R-SH002) as the application uses it: empty until `loadFallback`
 * has fetched en.ts. Every German key exists in English and vice versa (catalogs.test.ts), so the
 * fallback is a safety net that no first screen waits for: it is a chunk of its own (11 KB gzip)
 * that the browser fetches once it is idle (docs/decisions.md "First load").
 */
const fallback: Catalog = {};

/** Fetches the English fallback catalog into the application translator; resolves when it is in. */
export function loadFallback(): Promise<void> {
  return import("./en").then(({ en }) => {
    Object.assign(fallback, en);
  });
}

if (typeof window !== "undefined") {
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
  whenIdle(() => void loadFallback());
}

/** The application translator: German (R-SH001) with English fallback (R-SH002). */
export const t = createTranslator(de, fallback);
