import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { de } from "../i18n/de";
import { helpRoutes } from "../routes/routeTable";
import { helpPages } from "./content";
import { itemsWithTag, pageTags } from "./filter";
import { FOUR_WEEKS_RULE, NEVER_RENAME_RULE, PHONE_PREFIX_RULE, PUBLISHING_RULE, UPLOAD_LIMITS_RULE } from "./rules";
import { SCREENSHOT_FILES, SCREENSHOTS } from "./screenshots";
import { BOX_KINDS, type HelpBlock, type HelpPage } from "./types";

const PUBLIC_HELP = new URL("../../public/help/", import.meta.url);
const pages = Object.values(helpPages);
const blocksOf = (page: HelpPage): HelpBlock[] => page.items.flatMap((item) => [...item.blocks]);
const blockText = (block: HelpBlock): string =>
  block.kind === "paragraph" || block.kind === "box"
    ? block.text
    : block.kind === "list"
      ? block.items.join("\n")
      : block.kind === "fields"
        ? block.entries.map((entry) => `${entry.label}: ${entry.text}`).join("\n")
        : `${block.alt} ${block.caption ?? ""}`;
const textOf = (page: HelpPage): string => [page.intro, ...page.items.flatMap((item) => [item.title, ...item.blocks.map(blockText)])].join("\n");
const referenced = new Set(pages.flatMap((page) => blocksOf(page).flatMap((block) => (block.kind === "screenshot" ? [block.file] : []))));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("help content", () => {
  it("[R-SH073] every help route of the route table has a help page, and no page lacks a route", () => {
    expect(Object.keys(helpPages).sort()).toEqual(helpRoutes.map((route) => route.name).sort());
    for (const [name, page] of Object.entries(helpPages)) {
      expect(page.route).toBe(name);
      expect(page.intro.length, name).toBeGreaterThan(40);
      expect(page.items.length, name).toBeGreaterThanOrEqual(2);
    }
  });

  it("[R-SH074] every item has a title, a unique id and at least one tag; the tag filter offers each tag once", () => {
    for (const page of pages) {
      const ids = page.items.map((item) => item.id);
      expect(new Set(ids).size, page.route).toBe(ids.length);
      for (const item of page.items) {
        expect(item.title.trim(), `${page.route}/${item.id}`).not.toBe("");
        expect(item.id).toMatch(/^[a-z0-9-]+$/);
        expect(item.tags.length, `${page.route}/${item.id}`).toBeGreaterThan(0);
        expect(item.blocks.length, `${page.route}/${item.id}`).toBeGreaterThan(0);
      }
      const tags = pageTags(page);
      expect(new Set(tags).size).toBe(tags.length);
      for (const tag of tags) expect(itemsWithTag(page, tag).every((item) => item.tags.includes(tag))).toBe(true);
      expect(itemsWithTag(page, null)).toHaveLength(page.items.length);
    }
  });

  it("[R-SH076] boxes are of the kinds info, warning and error, each used somewhere", () => {
    const boxes = pages.flatMap((page) => blocksOf(page).filter((block) => block.kind === "box"));
    for (const box of boxes) {
      expect(BOX_KINDS).toContain(box.box);
      expect(box.text.trim()).not.toBe("");
    }
    expect(new Set(boxes.map((box) => box.box))).toEqual(new Set(BOX_KINDS));
  });

  it("[R-SH075] every help page has a screenshot, each with German alt text", () => {
    for (const page of pages) {
      const shots = blocksOf(page).filter((block) => block.kind === "screenshot");
      expect(shots.length, page.route).toBeGreaterThan(0);
      for (const shot of shots) expect(shot.alt.length, shot.file).toBeGreaterThan(30);
    }
  });

  it("[R-SH075] every listed screenshot is referenced by the content, and every referenced one is listed", () => {
    expect([...referenced].sort()).toEqual([...SCREENSHOT_FILES].sort());
  });

  it("[R-SH075] every screenshot file exists in client/public/help at its listed size, and no unlisted file lies there", () => {
    const onDisk = readdirSync(PUBLIC_HELP).sort();
    expect(onDisk).toEqual([...SCREENSHOT_FILES].sort());
    let total = 0;
    for (const file of SCREENSHOT_FILES) {
      const url = new URL(file, PUBLIC_HELP);
      expect(existsSync(url), file).toBe(true);
      const bytes = readFileSync(url);
      const { width, height } = SCREENSHOTS[file];
      expect(pngSize(bytes), file).toEqual({ width, height });
      total += statSync(url).size;
    }
    // small enough to commit: well under 3 MB for all of them
    expect(total).toBeLessThan(3 * 1024 * 1024);
  });

  it("[R-SH077] the help is German: the rules the issue names are stated where they matter", () => {
    const text = (name: keyof typeof helpPages) => textOf(helpPages[name]);
    // songs at least 4 weeks before the exam or competition: start page (forms) and overview (entering later)
    for (const name of ["startPageHelp", "registrationOverviewHelp"] as const) expect(text(name)).toContain(FOUR_WEEKS_RULE);
    expect(FOUR_WEEKS_RULE).toMatch(/4 Wochen vor der Prüfung bzw\. dem Wertungsspiel/);
    // phone numbers with international prefix: own account, camp emergency contacts, user management
    for (const name of ["userAccountHelp", "startPageHelp", "userManageHelp"] as const) expect(text(name)).toContain(PHONE_PREFIX_RULE);
    expect(PHONE_PREFIX_RULE).toMatch(/internationaler Vorwahl/);
    // never rename practice sheets: results management, in an error box
    const rename = blocksOf(helpPages.resultManageHelp).find((block) => block.kind === "box" && block.text === NEVER_RENAME_RULE);
    expect(rename).toMatchObject({ kind: "box", box: "error" });
    expect(NEVER_RENAME_RULE).toMatch(/niemals um/);
    // the limits of an uploaded workbook: results management (the numbers are checked against the server in files/upload-limits.test.ts)
    expect(text("resultManageHelp")).toContain(UPLOAD_LIMITS_RULE);
    // publishing results: locations, results management and the overview
    for (const name of ["eventLocationManageHelp", "resultManageHelp", "registrationOverviewHelp"] as const) expect(text(name)).toContain(PUBLISHING_RULE);
    expect(PUBLISHING_RULE).toContain(`„${de["location.field.publishSwitch"]}“`);
    // deadlines and edit phases
    expect(text("eventManageHelp")).toMatch(/23:59:59/);
    for (const phase of ["Keine Einschränkungen", "Nur Stücke", "Geschlossen"]) {
      expect(text("eventManageHelp")).toContain(phase);
      expect(text("registrationOverviewHelp")).toContain(phase);
    }
    // consent form, takeover of partial results, PC Juror, roles
    expect(text("startPageHelp")).toContain("Einverständniserklärung");
    expect(text("registrationOverviewHelp")).toContain("Teilergebnis übernehmen");
    expect(text("resultManageHelp")).toContain("pcjuror.xlsm");
    for (const role of [
      "role.admin",
      "role.user_manage",
      "role.registration_read",
      "role.registration_manage",
      "role.event_manage",
      "role.results_read",
      "role.results_manage",
    ] as const) {
      expect(text("userManageHelp")).toContain(de[role]);
    }
  });

  it("[R-SH077] field labels in the help are the labels the screens show (taken from the German catalog)", () => {
    expect(textOf(helpPages.userAccountHelp)).toContain(`${de["user.field.street"]}, ${de["user.field.postcode"]}`);
    expect(textOf(helpPages.startPageHelp)).toContain(`„${de["start.newRegistration"]}“`);
    expect(textOf(helpPages.resultManageHelp)).toContain(`„${de["results.practice.upload"]}“`);
    // no English words slipped in as labels
    for (const page of pages) expect(textOf(page)).not.toMatch(/\b(Save|Cancel|Delete|Upload|Registration|Event)\b/);
  });
});
