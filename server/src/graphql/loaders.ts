// Request-scoped batch loaders (DataLoader): the keys asked for while one GraphQL request resolves
// a level of its answer are read in one statement, and each key once per request. A loader lives
// as long as its request's context. The one exception is the list of district associations, the same for
// everybody: it is kept across requests while the start-page version stays (sharedResults.ts).

import DataLoader from "dataloader";
import type { DistrictAssociation, PrismaClient } from "../generated/prisma/client.ts";
import type { SharedStore } from "./sharedResults.ts";

/** What an event's visibility depends on (canSeeEvent). */
export type EventVisibility = { id: number; districtAssociationId: number; startPublishing: Date; finishPublishing: Date };

export type RequestLoaders = {
  eventVisibility: DataLoader<number, EventVisibility | null>;
  /** "Vorname Nachname" of users, by id (the actors of an audit page, in one statement) */
  userName: DataLoader<number, string | null>;
  /** all district associations (a few dozen rows), sorted by name, read once per request */
  districtAssociations: () => Promise<DistrictAssociation[]>;
  districtAssociation: (id: number) => Promise<DistrictAssociation | null>;
  /**
   * Queries only (sharedResults.ts calls it): district associations may come from an earlier request
   * of this start-page version. A mutation reads afresh, so its answer shows its own change.
   */
  shareDistricts: (version: string | undefined) => void;
};

/**
 * A loader whose batch is the keys asked for until the event loop turns (setImmediate: resolvers
 * of one level that await something first still join it), each key once (DataLoader's cache);
 * `load` answers a map, a key it lacks is null.
 */
export function keyedLoader<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, options: { cache?: boolean } = {}): DataLoader<K, V | null> {
  return new DataLoader<K, V | null>(
    async (keys) => {
      const found = await load([...new Set(keys)]);
      return keys.map((k) => found.get(k) ?? null);
    },
    { cache: options.cache ?? true, batchScheduleFn: (run) => setImmediate(run) },
  );
}

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
    eventVisibility: keyedLoader(async (ids: number[]) => {
      const rows = await prisma.event.findMany({
        where: { id: { in: ids } },
        select: { id: true, districtAssociationId: true, startPublishing: true, finishPublishing: true },
      });
      return new Map(rows.map((r) => [r.id, r]));
    }),
    userName: keyedLoader(async (ids: number[]) => {
      const rows = await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, firstname: true, lastname: true } });
      return new Map(rows.map((r) => [r.id, `${r.firstname} ${r.lastname}`.trim()]));
    }),
  };
}
