// Batch loaders: keys asked for in one turn of the event loop are read together,
// each key once; primed values need no read; a failed read fails every waiting key.
import { describe, expect, it } from "vitest";
import { batchLoader } from "./batch.ts";

function counting() {
  const calls: number[][] = [];
  const load = batchLoader(async (keys: number[]) => {
    calls.push(keys);
    return new Map(keys.filter((k) => k > 0).map((k) => [k, `row ${k}`]));
  });
  return { load, calls };
}

describe("batchLoader", () => {
  it("reads the keys of one turn in one call, each key once, and answers null for a missing one", async () => {
    const { load, calls } = counting();
    const answers = await Promise.all([load(1), load(2), load(1), load(-5)]);
    expect(answers).toEqual(["row 1", "row 2", "row 1", null]);
    expect(calls).toEqual([[1, 2, -5]]);
    expect(await load(2)).toBe("row 2");
    expect(calls).toHaveLength(1);
    await load(3);
    expect(calls).toEqual([[1, 2, -5], [3]]);
  });

  it("a primed key is answered without a read; priming does not replace what was read", async () => {
    const { load, calls } = counting();
    load.prime(7, "primed 7");
    expect(await load(7)).toBe("primed 7");
    expect(calls).toHaveLength(0);
    expect(await load(1)).toBe("row 1");
    load.prime(1, "other");
    expect(await load(1)).toBe("row 1");
  });

  it("a failed read rejects every key that waited for it", async () => {
    const load = batchLoader(async (_keys: number[]) => {
      throw new Error("database down");
    });
    const results = await Promise.allSettled([load(1), load(2)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });

  it("[R-AU030] without remember, a key asked for while its batch is loading is read again, by the next batch", async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let version = 0;
    const load = batchLoader(
      async (keys: number[]) => {
        calls.push(keys);
        const seen = ++version;
        if (seen === 1) await gate;
        return new Map(keys.map((k) => [k, `read ${seen}`]));
      },
      { remember: false },
    );
    const first = load(1);
    const sameTurn = load(1);
    await new Promise((r) => setImmediate(r));
    // the first batch is loading now
    const later = load(1);
    release();
    expect(await Promise.all([first, sameTurn, later])).toEqual(["read 1", "read 1", "read 2"]);
    expect(calls).toEqual([[1], [1]]);
    expect(await load(1)).toBe("read 3");
  });
});
