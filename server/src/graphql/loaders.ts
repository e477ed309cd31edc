// Request-scoped batch loaders: the keys asked for while one GraphQL request resolves a level of
// its answer are read in one statement, and each key once per request. A loader lives as long
// as its request's context. The one exception is the list of district associations, the same for
// everybody: it is kept across requests while the start-page version stays (sharedResults.ts).

import { type BatchLoader, batchLoader } from "../db/batch.ts";
import type { DistrictAssociation, PrismaClient } from "../generated/prisma/client.ts";
import type { SharedStore } from "./sharedResults.ts";

/** What an event's visibility depends on (canSeeEvent). */
export type EventVisibility = { id: number; districtAssociationId: number; startPublishing: Date; finishPublishing: Date };

export type RequestLoaders = {
  eventVisibility: BatchLoader<number, EventVisibility>;
  /** "Vorname Nachname" of users, by id (the actors of an audit page, in one statement) */
  userName: BatchLoader<number, string>;
  /** all district associations (a few dozen rows), sorted by name, read once per request */
  districtAssociations: () => Promise<DistrictAssociation[]>;
  districtAssociation: (id: number) => Promise<DistrictAssociation | null>;
  /**
   * Queries only (sharedResults.ts calls it): district associations may come from an earlier request
   * of this start-page version. A mutation reads afresh, so its answer shows its own change.
   */
  shareDistricts: (version: string | undefined) => void;
};

/** `shared`: district association lists of earlier requests, by start-page version (see shareDistricts). */
export function requestLoaders(prisma: PrismaClient, shared?: SharedStore<DistrictAssociation[]>): RequestLoaders {
  let districts: Promise<DistrictAssociation[]> | undefined;
  let version: string | undefined;
  const read = async () => {
    const key = version;
    const known = key === undefined ? undefined : shared?.get(key);
    if (known) return known;
    const rows = await prisma.districtAssociation.findMany({ orderBy: { name: "asc" } });
    if (key !== undefined) shared?.set(key, rows);
    return rows;
  };
  const districtAssociations = () => (districts ??= read());
  return {
    shareDistricts: (v) => {
      version = v;
    },
    districtAssociations,
    districtAssociation: async (id) => (await districtAssociations()).find((d) => d.id === id) ?? null,
    eventVisibility: batchLoader(async (ids: number[]) => {
      const rows = await prisma.event.findMany({
        where: { id: { in: ids } },
        select: { id: true, districtAssociationId: true, startPublishing: true, finishPublishing: true },
      });
      return new Map(rows.map((r) => [r.id, r]));
    }),
    userName: batchLoader(async (ids: number[]) => {
      const rows = await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, firstname: true, lastname: true } });
      return new Map(rows.map((r) => [r.id, `${r.firstname} ${r.lastname}`.trim()]));
    }),
  };
}
