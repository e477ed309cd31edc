/**
 * Every screenshot of the help: file name below client/public/help/ and its fixed size in pixels.
 * The help content may only reference these (type ScreenshotFile); scripts/help-screenshots.ts must
 * have a scene for each (Record<ScreenshotFile, …>) and captures exactly this size; the content test
 * checks that each file is referenced, present, of this size, and that no other file lies there
 * (decision in docs/decisions.md, "Help screenshots").
 */
const SCREEN = { width: 980, height: 720, frame: "screen" } as const;
const DIALOG = { width: 800, height: 680, frame: "dialog" } as const;

export type ScreenshotFrame = "screen" | "dialog";

export const SCREENSHOTS = {
  "start-uebersicht.png": SCREEN,
  "start-dpruefung-anmelden.png": DIALOG,
  "start-wertungsspiel-anmelden.png": DIALOG,
  "account-bearbeiten.png": SCREEN,
  "verein-bearbeiten.png": SCREEN,
  "anmeldungsuebersicht-dpruefungen.png": SCREEN,
  "anmeldungsuebersicht-zeilenmenue.png": SCREEN,
  "benutzerverwaltung.png": SCREEN,
  "vereinsverwaltung.png": SCREEN,
  "veranstaltungen.png": SCREEN,
  "veranstaltung-bearbeiten.png": DIALOG,
  "veranstaltungsorte.png": SCREEN,
  "zeitplan.png": SCREEN,
  "zeitplan-verschieben.png": DIALOG,
  "rechnungen.png": SCREEN,
  "rechnungen-gebuehren.png": DIALOG,
  "ergebnisverwaltung-praxis.png": SCREEN,
  "ergebnisverwaltung-wertungsspiele.png": SCREEN,
} as const satisfies Record<string, { width: number; height: number; frame: ScreenshotFrame }>;

export type ScreenshotFile = keyof typeof SCREENSHOTS;

export const SCREENSHOT_FILES = Object.keys(SCREENSHOTS) as ScreenshotFile[];

/** Where Vite serves the committed images (client/public/help/), relative to the app's base URL. */
export const SCREENSHOT_DIR = "help/";

/** The viewport the script captures in (desktop layout, drawer open: the screen area is 980 px wide). */
export const SCREENSHOT_VIEWPORT = { width: 1280, height: 800 } as const;
