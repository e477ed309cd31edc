// What a service needs from a request: who asks, the database, and the app's services.
import { AppError } from "../auth/errors.ts";
import type { Principal } from "../auth/principal.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import type { AppServices } from "../services.ts";
import { isAdmin } from "../shared/permissions.ts";

export type ServiceCtx = {
  principal: Principal | null;
  prisma: PrismaClient;
  services: AppServices;
  /** set when a create answered its idempotency key's stored registration (/v1 answers `Idempotent-Replayed: true`) */
  replayed?: boolean;
};

/**
 * The district association a staff principal acts in; admin may name another. Anyone else naming
 * another district is refused, not answered with their own.
 */
export function districtInScope(p: Principal, requested: number | null | undefined): number {
  if (requested == null || requested === p.districtAssociationId) return p.districtAssociationId;
  if (isAdmin(p.roles)) return requested;
  throw new AppError("FORBIDDEN", "Keine Berechtigung für die Daten eines anderen Kreisverbands");
}

/** Trims strings; empty strings become null (optional fields). */
export const clean = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

export const STALE_MESSAGE =
  "Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und tragen Sie Ihre Änderungen noch einmal ein.";

/**
 * Optimistic concurrency (no lost updates): a save that names the version it was based on is
 * refused when the row has moved on. Checked before the transaction for a clear answer and again
 * atomically by the update's where clause (`versionWhere`), which `guardStale` turns into the same answer.
 */
export function checkVersion(current: { version: number }, expected: number | null | undefined, message = STALE_MESSAGE) {
  if (expected != null && expected !== current.version) throw new AppError("CONFLICT", message, { version: message });
}
export const versionWhere = (id: number, expected: number | null | undefined) => (expected == null ? { id } : { id, version: expected });
export async function guardStale<T>(update: Promise<T>, message = STALE_MESSAGE): Promise<T> {
  try {
    return await update;
  } catch (e) {
    if ((e as { code?: string }).code === "P2025") throw new AppError("CONFLICT", message, { version: message });
    throw e;
  }
}
