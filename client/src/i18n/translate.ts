import { de, type MessageKey } from "./de";
import { en } from "./en";

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

/** The application translator: German (R-SH001) with English fallback (R-SH002). */
export const t = createTranslator(de, en);
