import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSnackbarQueue } from "./snackbarQueue";

describe("snackbar", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("[R-SH064][R-SH065][R-BC020] shows one message at a time, for 5000 ms", () => {
    const queue = createSnackbarQueue();
    queue.push({ type: "success", text: "Verein aktualisiert" });
    expect(queue.current()?.text).toBe("Verein aktualisiert");
    vi.advanceTimersByTime(4999);
    expect(queue.current()?.text).toBe("Verein aktualisiert");
    vi.advanceTimersByTime(1);
    expect(queue.current()).toBeNull();
  });

  it("[R-SH065] a newer message replaces the shown one at once and gets the full time: no stale notice after the next action", () => {
    const queue = createSnackbarQueue();
    queue.push({ type: "success", text: "Verein aktualisiert" });
    vi.advanceTimersByTime(1000);
    queue.push({ type: "error", text: "Verein kann nicht gelöscht werden: unknown error" });
    expect(queue.current()?.type).toBe("error");
    vi.advanceTimersByTime(4999);
    expect(queue.current()?.type).toBe("error");
    vi.advanceTimersByTime(1);
    // nothing was waiting behind it
    expect(queue.current()).toBeNull();
  });

  it("[R-SH065] the same message again keeps its place (no flicker) and starts its time anew", () => {
    const queue = createSnackbarQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.push({ type: "success", text: "Gespeichert" });
    const first = queue.current();
    vi.advanceTimersByTime(4000);
    queue.push({ type: "success", text: "Gespeichert" });
    expect(queue.current()).toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4000);
    expect(queue.current()).toBe(first);
    vi.advanceTimersByTime(1000);
    expect(queue.current()).toBeNull();
    // the same text as another type is another message
    queue.push({ type: "success", text: "x" });
    queue.push({ type: "error", text: "x" });
    expect(queue.current()?.type).toBe("error");
  });

  it("[R-SH065] dismiss closes the message early; the next one shows at once", () => {
    const queue = createSnackbarQueue();
    queue.push({ type: "success", text: "a" });
    queue.dismiss();
    expect(queue.current()).toBeNull();
    vi.advanceTimersByTime(10000);
    queue.push({ type: "information", text: "c" });
    expect(queue.current()?.text).toBe("c");
    queue.dismiss();
    queue.dismiss();
    expect(queue.current()).toBeNull();
  });
});
