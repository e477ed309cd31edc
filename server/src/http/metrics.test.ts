import { describe, expect, it } from "vitest";
import { boundedLabel, MAX_SERIES } from "./metrics.ts";

describe("client-chosen metric labels", () => {
  it("[R-ER004] values beyond MAX_SERIES (invented operation names) fold into 'other'; known ones keep their own series", () => {
    const label = boundedLabel();
    for (let i = 0; i < MAX_SERIES; i++) expect(label(`Op${i}`)).toBe(`Op${i}`);
    expect(label("Neu")).toBe("other");
    expect(label("Op0")).toBe("Op0");
    expect(label("Op999")).toBe("Op999");
  });
});
