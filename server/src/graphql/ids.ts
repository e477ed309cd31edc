// Global ids of mutation arguments: the type must match, the id must be numeric; anything else
// is "not found" (no hint about what exists).
import { notFound } from "../auth/errors.ts";
import { isInt4 } from "../shared/validation.ts";

export function numericId(globalId: { typename: string; id: string }, typename: string, what: string): number {
  const id = Number(globalId.id);
  // (ids outside the int4 range exist nowhere)
  if (globalId.typename !== typename || !/^\d+$/.test(globalId.id) || !isInt4(id)) throw notFound(what);
  return id;
}

export const encodeId = (typename: string, id: number) => Buffer.from(`${typename}:${id}`).toString("base64");
