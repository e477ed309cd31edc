import { afterEach, describe, expect, it, vi } from "vitest";

// the dialogs' modules, replaced: loading one records its name (what the chunk's import would do)
const loaded = vi.hoisted(() => [] as string[]);
vi.mock("./DexamCreateDialog", () => {
  loaded.push("dexam");
  return { DexamCreateDialog: () => null };
});
vi.mock("./CompetitionCreateDialog", () => {
  loaded.push("competition");
  return { CompetitionCreateDialog: () => null };
});

const { preloadRegistrationDialogs } = await import("./NewRegistrationDialog");

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("preloadRegistrationDialogs", () => {
  it("loads the create dialogs' code only when the browser is idle, and not at all once cancelled", async () => {
    const idle: (() => void)[] = [];
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal("window", {
      requestIdleCallback: (callback: () => void) => idle.push(callback),
      cancelIdleCallback,
    });
    const cancel = preloadRegistrationDialogs();
    expect(idle).toHaveLength(1);
    expect(loaded).toEqual([]);
    idle[0]();
    await vi.waitFor(() => expect([...loaded].sort()).toEqual(["competition", "dexam"]));
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(1);
  });

  it("falls back to a timer where requestIdleCallback is missing", () => {
    const setTimeout = vi.fn(() => 7);
    const clearTimeout = vi.fn();
    vi.stubGlobal("window", { setTimeout, clearTimeout });
    const cancel = preloadRegistrationDialogs();
    expect(setTimeout).toHaveBeenCalledWith(expect.any(Function), 1000);
    cancel();
    expect(clearTimeout).toHaveBeenCalledWith(7);
  });
});
