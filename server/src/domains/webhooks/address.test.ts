import { describe, expect, it } from "vitest";
import { isInnerAddress } from "./address.ts";
import { signature } from "./signing.ts";

describe("webhook addresses", () => {
  it("refuses loopback, link-local, private, shared, documentation and multicast addresses, also IPv4-mapped", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.5",
      "172.16.3.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "64:ff9b::a00:1",
    ])
      expect(isInnerAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isInnerAddress(a), a).toBe(false);
    expect(isInnerAddress("not-an-address")).toBe(true);
  });

  it("signs as the Standard Webhooks example says", () => {
    // the specification's test vector
    expect(signature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });
});
