import { describe, expect, it, vi } from "vitest";
import { createActivityCounter } from "./activity";

describe("request activity counter", () => {
  it("[R-SH063] counts running requests and notifies listeners", () => {
    const counter = createActivityCounter();
    const listener = vi.fn();
    counter.subscribe(listener);
    const endFirst = counter.begin();
    const endSecond = counter.begin();
    expect(counter.getCount()).toBe(2);
    endFirst();
    endFirst();
    expect(counter.getCount()).toBe(1);
    endSecond();
    expect(counter.getCount()).toBe(0);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it("[R-ER027] the loading flag is cleared after success and after failure", async () => {
    const counter = createActivityCounter();
    await expect(counter.track(async () => "ok")).resolves.toBe("ok");
    expect(counter.getCount()).toBe(0);
    await expect(
      counter.track(async () => {
        throw new Error("download failed");
      }),
    ).rejects.toThrow("download failed");
    expect(counter.getCount()).toBe(0);
  });
});
