import { describe, expect, it } from "vitest";
import { pickStorage } from "./storageChoice";

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe("storage choice", () => {
  it("[R-AU015] uses local storage when the browser allows it", () => {
    const local = memoryStorage();
    expect(pickStorage([() => local, () => memoryStorage()], memoryStorage)).toBe(local);
    expect(local.length).toBe(0);
  });

  it("[R-SH007] falls back when storage access is denied inside a frame", () => {
    const denied = () => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    };
    const session = memoryStorage();
    expect(pickStorage([denied, () => session], memoryStorage)).toBe(session);
    const memory = memoryStorage();
    expect(pickStorage([denied, denied], () => memory)).toBe(memory);
  });
});
