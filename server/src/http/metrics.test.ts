import { describe, expect, it } from "vitest";
import { Counter, Gauge, Histogram, MAX_SERIES, Registry } from "./metrics.ts";

describe("Prometheus text exposition", () => {
  it("[R-ER004] renders counters, cumulative histogram buckets with +Inf, sum and count, and gauges read when scraped", () => {
    const r = new Registry();
    const c = r.add(new Counter("c_total", "ein Zähler", ["route"]));
    const h = r.add(new Histogram("h_seconds", "eine Dauer", ["route"], [0.1, 1]));
    let v = 1;
    r.add(new Gauge("g", "ein Wert", () => [{ value: v }]));
    c.inc({ route: '/a"b' });
    c.inc({ route: '/a"b' });
    h.observe({ route: "/x" }, 0.05);
    h.observe({ route: "/x" }, 0.5);
    h.observe({ route: "/x" }, 5);
    v = 7;
    expect(r.render()).toBe(
      [
        "# HELP c_total ein Zähler",
        "# TYPE c_total counter",
        'c_total{route="/a\\"b"} 2',
        "# HELP h_seconds eine Dauer",
        "# TYPE h_seconds histogram",
        'h_seconds_bucket{route="/x",le="0.1"} 1',
        'h_seconds_bucket{route="/x",le="1"} 2',
        'h_seconds_bucket{route="/x",le="+Inf"} 3',
        'h_seconds_sum{route="/x"} 5.55',
        'h_seconds_count{route="/x"} 3',
        "# HELP g ein Wert",
        "# TYPE g gauge",
        "g 7",
        "",
      ].join("\n"),
    );
  });

  it("[R-ER004] label sets beyond MAX_SERIES (client-chosen operation names) fold into one 'other' series", () => {
    const c = new Counter("ops_total", "Operationen", ["operation"]);
    for (let i = 0; i < MAX_SERIES + 50; i++) c.inc({ operation: `Op${i}` });
    c.inc({ operation: "Op0" }); // a known one still counts on its own
    const lines = c.render().slice(2);
    expect(lines).toHaveLength(MAX_SERIES + 1);
    expect(lines).toContain('ops_total{operation="other"} 50');
    expect(lines).toContain('ops_total{operation="Op0"} 2');
  });
});
