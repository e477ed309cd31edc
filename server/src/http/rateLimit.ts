// Rate limits (issue 10, item 3): per caller, a token bucket that holds `perMinute` tokens and
// refills evenly over a minute, so a burst up to the limit passes and a steady flood is slowed to
// the limit. Buckets live in this process: with several servers behind a load balancer each one
// limits on its own (the effective limit is n times the setting; see README "Rate limits").
import { AppError } from "../auth/errors.ts";

export const RATE_LIMIT_MESSAGE = "Zu viele Anfragen in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.";

export type RateLimiter = {
  /** takes one token for `key`; false when the bucket is empty */
  take(key: string): boolean;
  /** seconds until `key` has a token again (for Retry-After) */
  retryAfter(key: string): number;
  /**
   * The headers of a refusal: Retry-After and the RateLimit-* fields of the IETF draft
   * (draft-ietf-httpapi-ratelimit-headers): RateLimit-Limit the bucket's size (the burst),
   * RateLimit-Remaining the whole tokens left, RateLimit-Reset the seconds until the bucket is
   * full again, RateLimit-Policy "<limit>;w=60" (refilled evenly over 60 s).
   */
  headers(key: string): Record<string, string>;
};

export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = perMinute / 60_000;
  const refill = (key: string) => {
    const t = now();
    const b = buckets.get(key) ?? { tokens: perMinute, at: t };
    b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * perMs);
    b.at = t;
    buckets.set(key, b);
    return b;
  };
  const sweep = () => {
    // full buckets carry no information: forget them so the map stays small
    const t = now();
    for (const [key, b] of buckets) if (b.tokens + (t - b.at) * perMs >= perMinute) buckets.delete(key);
  };
  return {
    take(key) {
      if (perMinute <= 0) return true;
      if (buckets.size > 50_000) sweep();
      const b = refill(key);
      if (b.tokens < 1) return false;
      b.tokens -= 1;
      return true;
    },
    retryAfter(key) {
      if (perMinute <= 0) return 0;
      const b = refill(key);
      return b.tokens >= 1 ? 0 : Math.ceil((1 - b.tokens) / perMs / 1000);
    },
    headers(key): Record<string, string> {
      if (perMinute <= 0) return {};
      const b = refill(key);
      return {
        "retry-after": String(this.retryAfter(key)),
        "ratelimit-limit": String(perMinute),
        "ratelimit-remaining": String(Math.floor(b.tokens)),
        "ratelimit-reset": String(Math.ceil((perMinute - b.tokens) / perMs / 1000)),
        "ratelimit-policy": `${perMinute};w=60`,
      };
    },
  };
}

/** Throws 429 RATE_LIMITED with the German message when `key` has no token left. */
export function enforce(limiter: RateLimiter, key: string): void {
  if (!limiter.take(key)) throw rateLimited(limiter, key);
}

/** 429 RATE_LIMITED for `key`, with its Retry-After and RateLimit-* headers (`headers`, set by app.ts's error handler). */
export function rateLimited(limiter: RateLimiter, key: string): AppError & { retryAfter: number; headers: Record<string, string> } {
  return Object.assign(new AppError("RATE_LIMITED", RATE_LIMIT_MESSAGE), { retryAfter: limiter.retryAfter(key), headers: limiter.headers(key) });
}

// ---- expensive reads at once, per caller (issue 29): lists, searches and exports each hold one or
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
