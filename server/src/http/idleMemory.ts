// Memory back to the system when the server is idle (README "Performance", figure 11).
//
// Start-up (the GraphQL schema, Prisma's query compiler, the routes) allocates a lot, and V8 grows
// the young generation for it to its maximum (--max-semi-space-size, 32 MB per semi-space, so
// 64 MB resident) and keeps it: an idle server held about 240 MB, of which 60 MB were an empty
// young generation. A full collection that reduces the heap's footprint (V8's "last resort"
// collection, which also shrinks the young generation) gives it back; under load the young
// generation grows again as far as it needs. It runs once after start-up and once whenever the
// server has been idle (no request) for a minute after serving requests: a few tens of
// milliseconds while nobody waits.
//
// V8 offers that collection only through `gc()`, which Node exposes with --expose-gc (package.json
// `start`, so also the benchmark's server). Without the flag (tests, `npm run dev`) nothing happens.

type Gc = (options: { type: "major"; execution: "sync" | "async"; flavor: "regular" | "last-resort" }) => void;

export function releaseMemoryWhenIdle(opts: { requests: () => number; idleMs?: number }): { stop(): void; released: () => number } {
  const gc = (globalThis as { gc?: Gc }).gc;
  let released = 0;
  const release = () => {
    if (!gc) return;
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    released++;
  };
  // after the start-up line, once the start-up jobs' first statements are out
  const first = setTimeout(release, 1000);
  first.unref();
  let seen = opts.requests();
  let busySinceRelease = false;
  const timer = setInterval(() => {
    const now = opts.requests();
    if (now !== seen) {
      seen = now;
      busySinceRelease = true;
    } else if (busySinceRelease) {
      busySinceRelease = false;
      release();
    }
  }, opts.idleMs ?? 60_000);
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
    released: () => released,
  };
}
