import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heightTargetOrigin, startHeightReporter } from "./heightReporter";

describe("embed height report", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("[R-SH008][R-BC021][R-SH009] posts { type, height } to the parent every 300 ms until stopped", () => {
    const parent = { postMessage: vi.fn() };
    let height = 800;
    const stop = startHeightReporter({ parent, targetOrigin: "https://verband.example", measure: () => height });
    vi.advanceTimersByTime(299);
    expect(parent.postMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: "anmeldesystem:height", height: 800 }, "https://verband.example");
    height = 1200;
    vi.advanceTimersByTime(600);
    expect(parent.postMessage).toHaveBeenCalledTimes(3);
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: "anmeldesystem:height", height: 1200 }, "https://verband.example");
    stop();
    vi.advanceTimersByTime(3000);
    expect(parent.postMessage).toHaveBeenCalledTimes(3);
  });

  it("[R-SH009] target origin: the parent when configured, else the first entry, none without configuration", () => {
    expect(heightTargetOrigin(["*"], "https://any.example")).toBe("*");
    expect(heightTargetOrigin(["https://a.example", "https://b.example"], "https://b.example")).toBe("https://b.example");
    expect(heightTargetOrigin(["https://a.example", "https://b.example"], "https://c.example")).toBe("https://a.example");
    expect(heightTargetOrigin(["https://a.example"], null)).toBe("https://a.example");
    expect(heightTargetOrigin([], "https://a.example")).toBeNull();
  });
});
