-- Rate-limit counters shared by every replica (server/src/http/rateLimitStore.ts): one row per
-- limit and caller, a fixed window ending at "resetAt" (milliseconds since the epoch, the
-- database's clock), counted by one atomic upsert per request.
-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "key" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "resetAt" BIGINT NOT NULL,

    CONSTRAINT "RateLimitCounter_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "RateLimitCounter_resetAt_idx" ON "RateLimitCounter"("resetAt");
