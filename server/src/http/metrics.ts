// The few Prometheus metric kinds /metrics needs (text exposition format 0.0.4): counters and
// histograms with labels, and gauges read when scraped. Written here rather than taken from
// prom-client (not installed; docs/decisions.md "Operations"): about a hundred lines, no
// dependency, the same output.

type Labels = Record<string, string>;

const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(",")}}` : "";
};
const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? "+Inf" : n < 0 ? "-Inf" : "NaN");

/** At most this many label sets per metric; more fall into one set whose labels all read "other" (client-chosen names cannot grow memory). */
export const MAX_SERIES = 1000;

interface Metric {
  render(): string[];
}

function seriesKey(labelNames: readonly string[], labels: Labels, size: number, has: (key: string) => boolean): { key: string; labels: Labels } {
  const clean: Labels = {};
  for (const n of labelNames) clean[n] = labels[n] ?? "";
  const key = JSON.stringify(labelNames.map((n) => clean[n]));
  if (has(key) || size < MAX_SERIES) return { key, labels: clean };
  const other: Labels = Object.fromEntries(labelNames.map((n) => [n, "other"]));
  return { key: JSON.stringify(labelNames.map(() => "other")), labels: other };
}

export class Counter implements Metric {
  private series = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[] = [],
  ) {}
  inc(labels: Labels = {}, by = 1): void {
    const { key, labels: l } = seriesKey(this.labelNames, labels, this.series.size, (k) => this.series.has(k));
    const s = this.series.get(key) ?? { labels: l, value: 0 };
    s.value += by;
    this.series.set(key, s);
  }
  render(): string[] {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} counter`,
      ...[...this.series.values()].map((s) => `${this.name}${labelText(s.labels)} ${num(s.value)}`),
    ];
  }
}

export class Histogram implements Metric {
  private series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    readonly buckets: readonly number[],
  ) {}
  observe(labels: Labels, value: number): void {
    const { key, labels: l } = seriesKey(this.labelNames, labels, this.series.size, (k) => this.series.has(k));
    const s = this.series.get(key) ?? { labels: l, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
    this.buckets.forEach((b, i) => {
      if (value <= b) s.counts[i]++;
    });
    s.sum += value;
    s.count++;
    this.series.set(key, s);
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      this.buckets.forEach((b, i) => {
        lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: num(b) })} ${s.counts[i]}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: "+Inf" })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${num(s.sum)}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines;
  }
}

/** A gauge whose values are read when /metrics is scraped. */
export class Gauge implements Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly read: () => { labels?: Labels; value: number }[],
  ) {}
  render(): string[] {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} gauge`,
      ...this.read().map((s) => `${this.name}${labelText(s.labels ?? {})} ${num(s.value)}`),
    ];
  }
}

export class Registry {
  private metrics: Metric[] = [];
  add<M extends Metric>(m: M): M {
    this.metrics.push(m);
    return m;
  }
  /** The exposition text (Content-Type: text/plain; version=0.0.4). */
  render(): string {
    return `${this.metrics.flatMap((m) => m.render()).join("\n")}\n`;
  }
}

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
