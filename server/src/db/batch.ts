// Batch loading: the keys asked for within one turn of the event loop are read in one statement.
export type BatchLoader<K, V> = ((key: K) => Promise<V | null>) & {
  /** a value this request already read (the first one stays) */
  prime: (key: K, value: V) => void;
};

/**
 * Collects keys until the event loop turns (setImmediate), then loads them all with `load`.
 * `remember` (default): a key is read once for the loader's life (one request). Without it a key
 * is read again by every batch that asks for it, so each caller gets a read that started after
 * it asked (authentication: concurrent requests share one statement, none an older answer).
 */
export function batchLoader<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, { remember = true } = {}): BatchLoader<K, V> {
  const done = new Map<K, Promise<V | null>>();
  let pending: { key: K; resolve: (v: V | null) => void; reject: (e: unknown) => void }[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    if (!remember) done.clear();
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
