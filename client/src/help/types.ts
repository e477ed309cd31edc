import type { HelpRouteName } from "../routes/routeTable";
import type { ScreenshotFile } from "./screenshots";

/**
 * The help content as typed data (spec §1 "built-in help section", R-SH073..R-SH077): one page per
 * help route, made of titled items with tags; an item is a list of blocks. Help is German only, so
 * the texts live here and not in the i18n catalogs.
 */

/** The three kinds of boxes (R-SH076); the screen labels them "Hinweis", "Achtung", "Fehler". */
export const BOX_KINDS = ["info", "warning", "error"] as const;
export type BoxKind = (typeof BOX_KINDS)[number];

export type HelpBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: readonly string[]; ordered?: boolean }
  /** Field descriptions: the German label as the screen shows it, and what to enter. */
  | { kind: "fields"; entries: readonly { label: string; text: string }[] }
  | { kind: "box"; box: BoxKind; text: string }
  /** A screenshot made by `npm run help:screenshots` (client/public/help/{file}). */
  | { kind: "screenshot"; file: ScreenshotFile; alt: string; caption?: string };

export interface HelpItem {
  /** Unique on its page; the anchor of the table of contents. */
  id: string;
  title: string;
  tags: readonly string[];
  blocks: readonly HelpBlock[];
}

export interface HelpPage {
  route: HelpRouteName;
  /** One or two sentences: what the screen is for. */
  intro: string;
  items: readonly HelpItem[];
}
