// @vitest-environment happy-dom
// The sign-in requests as oidc-client-ts sends them for this app: a nonce with every authorization
// request (refused when the ID token's nonce differs), and the renewal timeout of R-AU021 on the
// refresh-token grant (a hung token request is aborted after 10 s and tried again 5 s later).
import { InMemoryWebStorage, OidcClient, User, UserManager, WebStorageStateStore } from "oidc-client-ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../http/config";
import { AnmeldesystemUserManager, setUpAuthentication } from "./session";
import { buildUserManagerSettings } from "./userManagerSettings";

const AUTHORITY = "https://id.example";
const ORIGIN = "https://anmeldung.example";
const config = parseConfig(
  { oidc: { authority: AUTHORITY, client_id: "anmeldesystem", scope: "openid profile email offline_access", resource: `${ORIGIN}/api` } },
  ORIGIN,
);
const METADATA = {
  issuer: AUTHORITY,
  authorization_endpoint: `${AUTHORITY}/auth`,
  token_endpoint: `${AUTHORITY}/token`,
  jwks_uri: `${AUTHORITY}/jwks`,
};

function settings() {
  const store = new WebStorageStateStore({ store: new InMemoryWebStorage() });
  return { ...buildUserManagerSettings(config, ORIGIN, store), stateStore: store, metadata: METADATA };
}

/** An ID token as the provider would send it (oidc-client-ts reads, it does not verify the signature: the code came over TLS). */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${part({ alg: "RS256", typ: "JWT" })}.${part({ iss: AUTHORITY, aud: "anmeldesystem", sub: "u-1", iat: 1, exp: 4_000_000_000, ...claims })}.c2ln`;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("nonce", () => {
  it("every authorization request of the app carries a fresh nonce", async () => {
    const sent: unknown[] = [];
    vi.spyOn(UserManager.prototype, "signinRedirect").mockImplementation(async (args) => {
      sent.push(args);
    });
    const manager = new AnmeldesystemUserManager(settings());
    await manager.signinRedirect({ state: { returnTo: "/" } });
    await manager.signinRedirect();
    const nonces = sent.map((args) => (args as { nonce?: string }).nonce);
    expect(nonces[0]).toMatch(/^[\w-]{43}$/);
    expect(nonces[1]).toMatch(/^[\w-]{43}$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("the sign-in is refused when the ID token's nonce is not the one sent, and completes when it is", async () => {
    let answer: Record<string, unknown> = {};
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ access_token: "at", token_type: "bearer", expires_in: 300, ...answer })),
    );
    const client = new OidcClient(settings());
    const callback = async (nonce: string) => {
      const request = await client.createSigninRequest({ request_type: "si:r", nonce });
      expect(new URL(request.url).searchParams.get("nonce")).toBe(nonce);
      return `${ORIGIN}/auth/oidc/callback?code=c&state=${request.state.id}`;
    };
    answer = { id_token: idToken({ nonce: "other" }) };
    await expect(client.processSigninResponse(await callback("sent-nonce"))).rejects.toThrow("nonce in id_token does not match nonce in client storage");
    answer = { id_token: idToken({ nonce: "sent-nonce" }) };
    await expect(client.processSigninResponse(await callback("sent-nonce"))).resolves.toMatchObject({ access_token: "at" });
  });
});

describe("renewal with the refresh token", () => {
  it("[R-AU021] a hung token request is aborted after 10 s and the renewal is tried again 5 s later", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const tokenRequests: { at: number; body: string; abortedAt?: number }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith("/.well-known/openid-configuration")) return Response.json(METADATA);
        const request: { at: number; body: string; abortedAt?: number } = { at: Date.now(), body: String(init?.body ?? "") };
        tokenRequests.push(request);
        // the provider never answers; only the abort ends the request
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => {
            request.abortedAt = Date.now();
            reject(new DOMException("aborted", "AbortError"));
          });
        });
      }),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const now = Math.floor(Date.now() / 1000);
    // expires in 61 s: the expiring notice (60 s ahead) starts the automatic renewal after about a second
    const user = new User({
      access_token: "at",
      refresh_token: "rt",
      token_type: "bearer",
      scope: config.oidc.scope,
      profile: { sub: "u-1", iss: AUTHORITY, aud: "anmeldesystem", exp: now + 61, iat: now },
      expires_at: now + 61,
    });
    window.localStorage.setItem(`oidc.user:${AUTHORITY}:anmeldesystem`, user.toStorageString());

    const manager = setUpAuthentication(config);
    const renewErrors: unknown[] = [];
    manager.events.addSilentRenewError((error) => {
      renewErrors.push(error);
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tokenRequests).toHaveLength(1);
    const first = tokenRequests[0];
    expect(new URLSearchParams(first.body).get("grant_type")).toBe("refresh_token");
    expect(new URLSearchParams(first.body).get("resource")).toBe(`${ORIGIN}/api`);

    // still waiting just before the 10 s, aborted at 10 s
    await vi.advanceTimersByTimeAsync(first.at + 9_900 - Date.now());
    expect(first.abortedAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect(first.abortedAt).toBe(first.at + 10_000);
    // a timeout is no renewal error (R-AU022): oidc-client-ts tries again after 5 s (its timer counts whole seconds)
    await vi.advanceTimersByTimeAsync(3_500);
    expect(tokenRequests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(tokenRequests).toHaveLength(2);
    expect(tokenRequests[1].at - (first.abortedAt ?? 0)).toBeGreaterThanOrEqual(4_000);
    expect(tokenRequests[1].at - (first.abortedAt ?? 0)).toBeLessThanOrEqual(6_000);
    expect(new URLSearchParams(tokenRequests[1].body).get("grant_type")).toBe("refresh_token");
    expect(renewErrors).toEqual([]);
    manager.stopSilentRenew();
  });
});
