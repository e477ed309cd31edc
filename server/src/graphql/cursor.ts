// Cursor pages that stay inside their list. Prisma starts a page at the cursor's row wherever that
// row is, also when the list's filter excludes it: a cursor naming another district's registration
// (ids are easy to guess) placed the caller's own rows before or after it, so renaming an own row
// step by step told that registration's name, and an empty page told which ids exist. A page whose
// cursor is not a row of the list is empty, as when the cursor's row is gone.
import { isInt4 } from "../shared/validation.ts";

/**
 * `read()` unless the page's cursor names no row of the list; `inList(id)` counts the list's rows
 * with that id (one more statement, only for pages after the first).
 */
export async function pageInList<T>(query: { cursor?: { id?: unknown } }, inList: (id: number) => Promise<number>, read: () => Promise<T[]>): Promise<T[]> {
  const id = query.cursor?.id;
  if (id !== undefined && (typeof id !== "number" || !isInt4(id) || (await inList(id)) === 0)) return [];
  return read();
}
