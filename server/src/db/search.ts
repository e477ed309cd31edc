// The conditions of a list's search field and of a case-insensitive e-mail lookup.
//
// Prisma sends `contains` and `equals` with mode "insensitive" to PostgreSQL as ILIKE with the text
// as the pattern, unescaped: a % or _ in the text matched anything ("100%" found "1000", "a_b@x.de"
// counted as "axb@x.de", and the sign-in's e-mail "%" found some user). Every such condition goes
// through these helpers, which escape the pattern's special characters (PostgreSQL's LIKE escape
// character is the backslash by default), so the text matches only itself, in any case.
//
// A search is also limited in length (MAX_SEARCH_LENGTH): a search of 2 MB ("%_%_...", escaped or
// not) kept PostgreSQL busy for 30 s on two backends per request, and a few of them in parallel
// took the whole pool. Every list's search goes through searchTerm, and every /v1 query parameter
// through queryTextLengths (http/rest.ts), before anything is read.
import { validationFailed } from "../auth/errors.ts";
import { tooLong } from "../shared/messages.ts";
import { isInt4, MAX_SEARCH_LENGTH } from "../shared/validation.ts";

/** Refuses (400 VALIDATION, naming `field`) a text longer than MAX_SEARCH_LENGTH characters. */
export function checkSearchLength(text: string, field = "search"): void {
  // UTF-16 units first: a long text is refused without being split into characters
  if (text.length > MAX_SEARCH_LENGTH && (text.length > 2 * MAX_SEARCH_LENGTH || [...text].length > MAX_SEARCH_LENGTH))
    throw validationFailed({ [field]: tooLong(MAX_SEARCH_LENGTH) });
}

/** A list's search as the conditions use it: trimmed, null when empty; refused when too long. */
export function searchTerm(search: string | null | undefined): string | null {
  if (search === null || search === undefined) return null;
  checkSearchLength(search);
  return search.trim() || null;
}

/** Every /v1 query parameter (a repeated one as each of its values) is at most MAX_SEARCH_LENGTH long. */
export function queryTextLengths(query: unknown): void {
  if (!query || typeof query !== "object") return;
  for (const [name, value] of Object.entries(query)) for (const v of [value].flat()) if (typeof v === "string") checkSearchLength(v, name);
}

/** The text as a LIKE/ILIKE pattern that matches only itself. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** Prisma: the column contains the text, in any case. */
export const containsText = (text: string) => ({ contains: likeLiteral(text), mode: "insensitive" as const });

/** Prisma: the column is the text, in any case (e-mail addresses). */
export const sameText = (text: string) => ({ equals: likeLiteral(text), mode: "insensitive" as const });

/** A list search that is a whole number in the id range also finds the row with that id. */
export const searchedId = (search: string): number | null => (/^\d+$/.test(search) && isInt4(Number(search)) ? Number(search) : null);

/** The id condition of a list search (Prisma), if the search is such a number. */
export const idSearched = (search: string): { id: number }[] => {
  const id = searchedId(search);
  return id === null ? [] : [{ id }];
};

/**
 * The values of an enumeration column whose German label (as the tables show it, from
 * shared/labels.ts) contains the search, in any case: a list's search finds "Klarinette" or "Solo"
 * in a column that stores CLARINET or S.
 */
export function labelsMatching<V extends string>(search: string, labels: Readonly<Record<V, string>>): V[] {
  const needle = search.toLocaleLowerCase("de");
  return (Object.keys(labels) as V[]).filter((value) => labels[value].toLocaleLowerCase("de").includes(needle));
}

/** Prisma: the enumeration column `field` holds a value whose label contains the search (no condition when none does). */
export const labelSearched = <V extends string>(field: string, search: string, labels: Readonly<Record<V, string>>): Record<string, { in: V[] }>[] => {
  const values = labelsMatching(search, labels);
  return values.length ? [{ [field]: { in: values } }] : [];
};
