import type { HelpItem, HelpPage } from "./types";

/** The tags of a page, each once, in German alphabetical order (the tag filter's buttons). */
export function pageTags(page: HelpPage): string[] {
  return [...new Set(page.items.flatMap((item) => item.tags))].sort((a, b) => a.localeCompare(b, "de"));
}

/** The items carrying `tag`, or all items without a tag. */
export function itemsWithTag(page: HelpPage, tag: string | null): readonly HelpItem[] {
  return tag ? page.items.filter((item) => item.tags.includes(tag)) : page.items;
}
