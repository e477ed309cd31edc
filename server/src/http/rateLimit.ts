// Rate limits: per caller and limit, a fixed window of one minute counted by
// @fastify/rate-limit's manual limiter (`fastify.createRateLimit`) in a store in the database
// (rateLimitStore.ts): every replica counts in the same row, so n replicas allow the limit once,
// not n times. The first request of a key opens its window; up to the limit pass in it, the next
// ones are refused until the window ends (Retry-After).
import rateLimitPlugin from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../auth/errors.ts";
import type { DataKey } from "../crypto/aead.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { postgresStore } from "./rateLimitStore.ts";

export const RATE_LIMIT_MESSAGE = "Zu viele Anfragen in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.";

const WINDOW_MS = 60_000;

export type RateLimitRefusal = AppError & { retryAfter: number; headers: Record<string, string> };

export type RateLimiter = {
  /** counts one request of `key`: null when it may pass, else the refusal (429 RATE_LIMITED with its headers) */
  take(key: string): Promise<RateLimitRefusal | null>;
  /**
   * counts one request of `key` as `take` does, and answers the RateLimit-* headers of the window
   * either way (a passing request's remaining count too): /v1 sends them with every counted answer
   */
  count(key: string): Promise<{ refusal: RateLimitRefusal | null; headers: Record<string, string> }>;
  /** the RateLimit-* headers of `key`'s window without counting a request (a /v1 read) */
  peek(key: string): Promise<Record<string, string>>;
};

/**
 * Registers @fastify/rate-limit (no route limited by itself) with the store in `prisma`'s database
 * (its rows keyed by a hash under `dataKey`).
 * A counter that cannot be written (the database is gone) lets the request pass (`skipOnError`): it
 * then meets the same outage and answers as it always did (UNAVAILABLE), not with an error of the limiter.
 */
export async function registerRateLimits(fastify: FastifyInstance, prisma: PrismaClient, dataKey: DataKey): Promise<void> {
  await fastify.register(rateLimitPlugin, { global: false, store: postgresStore(prisma, dataKey), timeWindow: WINDOW_MS, skipOnError: true });
}

const KEY = Symbol("rateLimitKey");

/**
 * The limit `name` of `perMinute` requests per key and minute (0 switches it off), counted in the
 * store registered by registerRateLimits. A refusal's headers: Retry-After and the RateLimit-*
 * fields of the IETF draft (draft-ietf-httpapi-ratelimit-headers): RateLimit-Limit the window's
 * number, RateLimit-Remaining 0, RateLimit-Reset the seconds until the window ends (= Retry-After),
 * RateLimit-Policy "<limit>;w=60".
 */
export function createRateLimiter(fastify: FastifyInstance, name: string, perMinute: number): RateLimiter {
  if (perMinute <= 0) return { take: async () => null, count: async () => ({ refusal: null, headers: {} }), peek: async () => ({}) };
  const check = fastify.createRateLimit({ max: perMinute, timeWindow: WINDOW_MS, keyGenerator: (req) => (req as unknown as { [KEY]: string })[KEY] });
  const policy = `${perMinute};w=${WINDOW_MS / 1000}`;
  // the manual limiter reads the key through keyGenerator and a route's groupId: a request of its own
  const limitOf = (key: string, increment: boolean) => check({ [KEY]: `${name}:${key}`, routeOptions: {} } as unknown as FastifyRequest, { increment });
  const headersOf = (max: number, remaining: number, seconds: number) => ({
    "ratelimit-limit": String(max),
    "ratelimit-remaining": String(Math.max(0, remaining)),
    // a window not opened yet (no request counted) begins with the next one: a whole window
    "ratelimit-reset": String(seconds > 0 ? seconds : WINDOW_MS / 1000),
    "ratelimit-policy": policy,
  });
  const count = async (key: string) => {
    const limit = await limitOf(key, true);
    if (limit.isAllowed) return { refusal: null, headers: { "ratelimit-policy": policy } };
    const headers = headersOf(limit.max, limit.remaining, limit.ttlInSeconds);
    if (!limit.isExceeded) return { refusal: null, headers };
    const refused = { "retry-after": String(limit.ttlInSeconds), ...headers, "ratelimit-remaining": "0", "ratelimit-reset": String(limit.ttlInSeconds) };
    return {
      refusal: Object.assign(new AppError("RATE_LIMITED", RATE_LIMIT_MESSAGE), { retryAfter: limit.ttlInSeconds, headers: refused }),
      headers: refused,
    };
  };
  const peek = async (key: string) => {
    const limit = await limitOf(key, false);
    return limit.isAllowed ? { "ratelimit-policy": policy } : headersOf(limit.max, limit.remaining, limit.ttlInSeconds);
  };
  return { take: async (key) => (await count(key)).refusal, count, peek };
}

// ---- expensive reads at once, per caller: lists, searches and exports each hold one or
// two pooled database connections while they run; a caller sending many in parallel could take
// the whole pool (10 connections) from everyone else. At most `max` of them run at a time per
// caller; one more is refused at once (429 RATE_LIMITED, Retry-After 1) rather than queued.

export const CONCURRENCY_MESSAGE =
  "Zu viele gleichzeitige Abfragen (Listen, Suchen, Exporte). Bitte warten Sie, bis Ihre laufenden Abfragen beendet sind, und versuchen Sie es dann erneut.";

export type ConcurrencyLimiter = {
  /** a slot for `key`, or null when `key` already runs `max` expensive reads; the release is idempotent */
  acquire(key: string): (() => void) | null;
  /** how many `key` runs now (tests, the bench) */
  running(key: string): number;
};

export function createConcurrencyLimiter(max: number): ConcurrencyLimiter {
  const running = new Map<string, number>();
  return {
    acquire(key) {
      if (max <= 0) return () => {};
      const n = running.get(key) ?? 0;
      if (n >= max) return null;
      running.set(key, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(key) ?? 1) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      };
    },
    running: (key) => running.get(key) ?? 0,
  };
}

/** 429 RATE_LIMITED: the caller already runs as many expensive reads as allowed. */
export function tooManyConcurrent(): AppError & { retryAfter: number } {
  return Object.assign(new AppError("RATE_LIMITED", CONCURRENCY_MESSAGE), { retryAfter: 1 });
}
