import { describe, expect, it } from "vitest";
import { createConcurrencyLimiter, createRateLimiter } from "./rateLimit.ts";

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
    expect(limiter.headers("a")).toEqual({});
  });

  it("[R-ER004] a refusal's headers: RateLimit-Limit the burst, -Remaining the whole tokens, -Reset until full, Retry-After until the next", () => {
    let t = 0;
    const limiter = createRateLimiter(6, () => t);
    for (let i = 0; i < 6; i++) limiter.take("a");
    expect(limiter.take("a")).toBe(false);
    expect(limiter.headers("a")).toEqual({
      "retry-after": "10",
      "ratelimit-limit": "6",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "60",
      "ratelimit-policy": "6;w=60",
    });
    t += 25_000; // 2.5 tokens back
    expect(limiter.headers("a")).toMatchObject({ "retry-after": "0", "ratelimit-remaining": "2", "ratelimit-reset": "35" });
  });
});

describe("expensive reads at once per caller", () => {
  it("[R-API057] gives `max` slots per key, refuses one more, and a slot released (once, however often called) is free again", () => {
    const limiter = createConcurrencyLimiter(2);
    const a1 = limiter.acquire("a");
    const a2 = limiter.acquire("a");
    expect(a1 && a2).toBeTruthy();
    expect(limiter.acquire("a")).toBeNull();
    expect(limiter.acquire("b")).not.toBeNull(); // keys are independent
    a1?.();
    a1?.();
    expect(limiter.running("a")).toBe(1);
    const a3 = limiter.acquire("a");
    expect(a3).not.toBeNull();
    expect(limiter.acquire("a")).toBeNull();
    a2?.();
    a3?.();
    expect(limiter.running("a")).toBe(0);
  });

  it("0 switches the limit off", () => {
    const limiter = createConcurrencyLimiter(0);
    for (let i = 0; i < 100; i++) expect(limiter.acquire("a")).not.toBeNull();
  });
});
