// A connection's totalCount, counted while its page is read (issue 9). Pothos' prismaConnection
// asks for the count only after the page has been read, so the two statements wait for each other;
// started together they run side by side on two pooled connections.
import { type SelectionInfo, selectedFieldNames } from "./selection.ts";

/** The connection's selection asks for totalCount (directly or through a fragment). */
export const selectsTotalCount = (info: SelectionInfo): boolean => selectedFieldNames(info, []).has("totalCount");

/**
 * `start` in the connection's resolve begins the count when the selection asks for it; `totalCount`
 * (the connection's option) answers from it, or counts itself when nothing was started. Keyed by
 * the field's arguments object, which Pothos hands to both.
 */
export function countAlongside<Args extends object, Ctx>(count: (args: Args, ctx: Ctx) => Promise<number>) {
  const started = new WeakMap<object, Promise<number>>();
  return {
    start(args: Args, ctx: Ctx, info: SelectionInfo): void {
      if (!selectsTotalCount(info)) return;
      const counting = count(args, ctx);
      counting.catch(() => {}); // a failure surfaces where totalCount is resolved, not as unhandled
      started.set(args, counting);
    },
    totalCount: (_parent: unknown, args: Args, ctx: Ctx): Promise<number> => started.get(args) ?? count(args, ctx),
  };
}
