// The conditions of a list's search field and of a case-insensitive e-mail lookup.
//
// Prisma sends `contains` and `equals` with mode "insensitive" to PostgreSQL as ILIKE with the text
// as the pattern, unescaped: a % or _ in the text matched anything ("100%" found "1000", "a_b@x.de"
// counted as "axb@x.de", and the sign-in's e-mail "%" found some user). Every such condition goes
// through these helpers, which escape the pattern's special characters (PostgreSQL's LIKE escape
// character is the backslash by default), so the text matches only itself, in any case.
import { isInt4 } from "../shared/validation.ts";

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
