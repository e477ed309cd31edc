// Request-scoped batch loaders: the keys asked for while one GraphQL request resolves a level of
// its answer are read in one statement, and each key once per request. A loader lives as long
// as its request's context. The one exception is the list of district associations, the same for
// everybody: it is kept across requests while the start-page version stays (sharedResults.ts).
import type { DistrictAssociation, PrismaClient } from "../generated/prisma/client.ts";
import type { SharedStore } from "./sharedResults.ts";

export type BatchLoader<K, V> = ((key: K) => Promise<V | null>) & {
  /** a value this request already read (the first one stays) */
  prime: (key: K, value: V) => void;
};

/** Collects keys until the event loop turns (setImmediate), then loads them all with `load`. */
export function batchLoader<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): BatchLoader<K, V> {
  const done = new Map<K, Promise<V | null>>();
  let pending: { key: K; resolve: (v: V | null) => void; reject: (e: unknown) => void }[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    try {
      const found = await load([...new Set(batch.map((b) => b.key))]);
      for (const b of batch) b.resolve(found.get(b.key) ?? null);
    } catch (e) {
      for (const b of batch) b.reject(e);
    }
  };
  const get = (key: K) => {
    const known = done.get(key);
    if (known) return known;
    const promise = new Promise<V | null>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ key, resolve, reject });
    });
    done.set(key, promise);
    return promise;
  };
  return Object.assign(get, {
    prime: (key: K, value: V) => {
      if (!done.has(key)) done.set(key, Promise.resolve(value));
    },
  });
}

/** What an event's visibility depends on (canSeeEvent). */
export type EventVisibility = { id: number; districtAssociationId: number; startPublishing: Date; finishPublishing: Date };

export type RequestLoaders = {
  eventVisibility: BatchLoader<number, EventVisibility>;
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
  };
}
