// Where webhooks may go (docs/decisions.md "Webhooks"): never to loopback, link-local, private,
// shared, documentation or multicast addresses unless WEBHOOK_ALLOW_PRIVATE says so. Checked on the
// address the connection is made to, after DNS resolution (the request's own lookup), so a name
// that resolves to an inner address, or changes its answer between a check and the connection, is
// refused; redirects are not followed.
import dns from "node:dns";
import net from "node:net";

const BLOCKED = new net.BlockList();
for (const [a, p] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  BLOCKED.addSubnet(a, p, "ipv4");
for (const [a, p] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  BLOCKED.addSubnet(a, p, "ipv6");

/** Whether an IP address is one webhooks never reach (without WEBHOOK_ALLOW_PRIVATE). */
export function isInnerAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1], "ipv4");
  return BLOCKED.check(address, "ipv6");
}

export class InnerAddressError extends Error {
  constructor(host: string, address: string) {
    super(`Die Adresse ${host} (${address}) ist nicht erlaubt (Loopback, link-lokal oder privat)`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A lookup for node:http that resolves and refuses inner addresses (unless allowed). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const inner = addresses.find((a) => isInnerAddress(a.address));
      if (inner && !allowPrivate) return callback(new InnerAddressError(hostname, inner.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} nicht gefunden`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** The host of a URL as an IP literal, when it is one (node:http connects to those without a lookup). */
export const literalAddress = (url: URL): string | null => {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return net.isIP(host) ? host : null;
};
