// Standard Webhooks signatures (https://www.standardwebhooks.com): a secret "whsec_" + base64 of
// random bytes; each message carries webhook-id, webhook-timestamp (seconds) and webhook-signature,
// "v1," + base64(HMAC-SHA256(secret bytes, "<id>.<timestamp>.<body>")), several separated by
// spaces while a rotation keeps the previous secret valid.
import crypto from "node:crypto";

const PREFIX = "whsec_";

/** A new signing secret: 32 random bytes. */
export const newSecret = (): string => PREFIX + crypto.randomBytes(32).toString("base64");

const keyOf = (secret: string) => Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");

/** One signature "v1,<base64>" of the message under `secret`. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${crypto.createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The headers of one attempt: signed with every secret that is valid now (the current one first). */
export function webhookHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => signature(s, id, timestamp, body)).join(" "),
  };
}
