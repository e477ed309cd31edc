import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSnackbarQueue } from "./snackbarQueue";

describe("snackbar queue", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("[R-SH064][R-SH065][R-BC020] shows queued messages one at a time, each for 5000 ms", () => {
    const queue = createSnackbarQueue();
    queue.push({ type: "success", text: "Verein aktualisiert" });
    queue.push({ type: "error", text: "Verein kann nicht gelöscht werden: unknown error" });
    queue.push({ type: "information", text: "Hinweis" });
    expect(queue.current()?.text).toBe("Verein aktualisiert");
    expect(queue.pending()).toBe(2);
    vi.advanceTimersByTime(4999);
    expect(queue.current()?.text).toBe("Verein aktualisiert");
    vi.advanceTimersByTime(1);
    expect(queue.current()?.type).toBe("error");
    vi.advanceTimersByTime(5000);
    expect(queue.current()?.type).toBe("information");
    vi.advanceTimersByTime(5000);
    expect(queue.current()).toBeNull();
  });

  it("[R-SH065] a message pushed while idle shows at once; dismiss moves on", () => {
    const queue = createSnackbarQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.push({ type: "success", text: "a" });
    queue.push({ type: "success", text: "b" });
    queue.dismiss();
    expect(queue.current()?.text).toBe("b");
    vi.advanceTimersByTime(5000);
    expect(queue.current()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    queue.push({ type: "information", text: "c" });
    expect(queue.current()?.text).toBe("c");
  });
});
