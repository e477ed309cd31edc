import rateLimitPlugin from "@fastify/rate-limit";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { createConcurrencyLimiter, createRateLimiter, RATE_LIMIT_MESSAGE, registerRateLimits } from "./rateLimit.ts";

// the limiter over @fastify/rate-limit's in-memory store (the database store has its own test:
// tests/integration/operations/rate-limit-store.test.ts); the fake clock moves its window
async function limiterOf(perMinute: number) {
  const fastify = Fastify();
  await fastify.register(rateLimitPlugin, { global: false });
  return createRateLimiter(fastify, "test", perMinute);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("fixed-window rate limiter", () => {
  it("lets up to the limit pass in a minute's window, refuses the next until the window ends", async () => {
    vi.useFakeTimers({ now: 0, toFake: ["Date"] });
    const limiter = await limiterOf(6);
    for (let i = 0; i < 6; i++) expect(await limiter.take("a")).toBeNull();
    const refusal = await limiter.take("a");
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGE, retryAfter: 60 });
    vi.setSystemTime(59_999);
    expect(await limiter.take("a")).not.toBeNull();
    vi.setSystemTime(60_000); // a new window
    for (let i = 0; i < 6; i++) expect(await limiter.take("a")).toBeNull();
    expect(await limiter.take("a")).not.toBeNull();
    expect(await limiter.take("b")).toBeNull(); // keys are independent
  });

  it("a store that fails (the database is gone) lets the request pass: it meets the outage itself", async () => {
    const gone = () => Promise.reject(new Error("connection refused"));
    const fastify = Fastify();
    await registerRateLimits(fastify, { $queryRawUnsafe: gone, $executeRawUnsafe: gone } as unknown as PrismaClient, Buffer.alloc(32));
    const limiter = createRateLimiter(fastify, "test", 1);
    for (let i = 0; i < 3; i++) expect(await limiter.take("a")).toBeNull();
  });

  it("0 switches the limit off", async () => {
    const limiter = await limiterOf(0);
    for (let i = 0; i < 1000; i++) expect(await limiter.take("a")).toBeNull();
  });

  it("[R-ER004] a refusal's headers: RateLimit-Limit the window's number, -Remaining 0, -Reset and Retry-After until the window ends", async () => {
    vi.useFakeTimers({ now: 0, toFake: ["Date"] });
    const limiter = await limiterOf(6);
    for (let i = 0; i < 6; i++) await limiter.take("a");
    vi.setSystemTime(25_000);
    expect((await limiter.take("a"))?.headers).toEqual({
      "retry-after": "35",
      "ratelimit-limit": "6",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "35",
      "ratelimit-policy": "6;w=60",
    });
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
