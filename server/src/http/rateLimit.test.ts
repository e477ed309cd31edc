import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rateLimit.ts";

describe("token bucket rate limiter", () => {
  it("lets a burst up to the limit pass, then refills evenly over the minute", () => {
    let t = 0;
    const limiter = createRateLimiter(6, () => t);
    for (let i = 0; i < 6; i++) expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
    expect(limiter.retryAfter("a")).toBe(10); // one token every 10 s
    t += 9_999;
    expect(limiter.take("a")).toBe(false);
    t += 1;
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("b")).toBe(true); // keys are independent
  });

  it("0 switches the limit off", () => {
    const limiter = createRateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(limiter.take("a")).toBe(true);
  });
});
