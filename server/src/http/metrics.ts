// /metrics in Prometheus' text format through prom-client (the kept library). One guard of our
// own: the GraphQL operation name is chosen by the client, so its label keeps at most MAX_SERIES
// distinct values per process and folds later new ones into "other" (memory cannot grow with
// invented names; prom-client has no such bound).
export { Counter, Gauge, Histogram, Registry } from "prom-client";

/** At most this many distinct values of a client-chosen label; later new ones read "other". */
export const MAX_SERIES = 1000;

/** A label value for `value` that keeps the label's distinct values bounded (MAX_SERIES). */
export function boundedLabel(max = MAX_SERIES): (value: string) => string {
  const seen = new Set<string>();
  return (value) => {
    if (seen.has(value)) return value;
    if (seen.size >= max) return "other";
    seen.add(value);
    return value;
  };
}
