// keyedLoader (DataLoader as the requests use it): keys asked for in one turn of the event loop,
// also after an await, are read together, each key once per request; without its cache
// (authentication) a key is read again by each batch.
import { describe, expect, it } from "vitest";
import { keyedLoader } from "./loaders.ts";

function counting() {
  const calls: number[][] = [];
  const load = keyedLoader(async (keys: number[]) => {
    calls.push(keys);
    return new Map(keys.filter((k) => k > 0).map((k) => [k, `row ${k}`]));
  });
  return { load, calls };
}

describe("keyedLoader", () => {
  it("reads the keys of one turn in one call, each key once, and answers null for a missing one", async () => {
    const { load, calls } = counting();
    const answers = await Promise.all([load.load(1), load.load(2), load.load(1), load.load(-5)]);
    expect(answers).toEqual(["row 1", "row 2", "row 1", null]);
    expect(calls).toEqual([[1, 2, -5]]);
    expect(await load.load(2)).toBe("row 2");
    expect(calls).toHaveLength(1);
    await load.load(3);
    expect(calls).toEqual([[1, 2, -5], [3]]);
  });

  it("a key asked for after an await within the same turn joins the batch (one statement per level)", async () => {
    const { load, calls } = counting();
    const afterAwait = async (k: number) => {
      await Promise.resolve();
      await Promise.resolve();
      return load.load(k);
    };
    expect(await Promise.all([load.load(1), afterAwait(2), afterAwait(1)])).toEqual(["row 1", "row 2", "row 1"]);
    expect(calls).toEqual([[1, 2]]);
  });

  it("[R-AU030] without its cache, a key asked for while its batch is loading is read again, by the next batch", async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let version = 0;
    const load = keyedLoader(
      async (keys: number[]) => {
        calls.push(keys);
        const seen = ++version;
        if (seen === 1) await gate;
        return new Map(keys.map((k) => [k, `read ${seen}`]));
      },
      { cache: false },
    );
    const first = load.load(1);
    const sameTurn = load.load(1);
    await new Promise((r) => setImmediate(r));
    // the first batch is loading now
    const later = load.load(1);
    release();
    expect(await Promise.all([first, sameTurn, later])).toEqual(["read 1", "read 1", "read 2"]);
    expect(calls).toEqual([[1], [1]]);
    expect(await load.load(1)).toBe("read 3");
  });
});
