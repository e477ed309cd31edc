import type { StateStore } from "oidc-client-ts";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../http/config";
import { buildUserManagerSettings, SIGN_IN_TIMINGS } from "./userManagerSettings";

const config = parseConfig({
  oidc: {
    authority: "http://localhost:3000/oidc",
    client_id: "anmeldesystem",
    scope: "openid profile email offline_access",
    resource: "urn:anmeldesystem:api",
  },
});
const store = { set: async () => {}, get: async () => null, remove: async () => null, getAllKeys: async () => [] } as StateStore;
const settings = buildUserManagerSettings(config, "https://anmeldung.example", store);

describe("sign-in settings", () => {
  it("[R-AU001][R-AU002][R-AU004] authorization code flow against the configured provider", () => {
    expect(settings.authority).toBe("http://localhost:3000/oidc");
    expect(settings.client_id).toBe("anmeldesystem");
    expect(settings.response_type).toBe("code");
    expect(settings.disablePKCE).toBeUndefined();
  });

  it("[R-AU010][R-AU016] callback and sign-out addresses", () => {
    expect(settings.redirect_uri).toBe("https://anmeldung.example/auth/oidc/callback");
    expect(settings.popup_redirect_uri).toBe("https://anmeldung.example/auth/oidc/callback");
    expect(settings.post_logout_redirect_uri).toBe("https://anmeldung.example/");
  });

  it("[R-AU015] keeps the session user in the given (local) storage and renews automatically [R-AU014]", () => {
    expect(settings.userStore).toBe(store);
    expect(settings.automaticSilentRenew).toBe(true);
  });

  it("[R-BC014][R-BC015][R-BC016][R-BC017] timings", () => {
    expect(settings.staleStateAgeInSeconds).toBe(900);
    expect(settings.silentRequestTimeoutInSeconds).toBe(10);
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
    expect(settings.checkSessionIntervalInSeconds).toBe(2);
  });

  it("[R-BC018][R-BC019] popup poll 500 ms and renew retry 5 s", () => {
    expect(SIGN_IN_TIMINGS.popupPollMilliseconds).toBe(500);
    expect(SIGN_IN_TIMINGS.silentRenewRetrySeconds).toBe(5);
  });

  it("[R-BC016] the expiring-notice lead time can be configured", () => {
    const custom = parseConfig({ oidc: { authority: "a", client_id: "b", accessTokenExpiringNotificationTimeInSeconds: 120 } });
    expect(buildUserManagerSettings(custom, "https://x", store).accessTokenExpiringNotificationTimeInSeconds).toBe(120);
  });

  it("sends the resource indicator on sign-in and token requests", () => {
    expect(settings.extraQueryParams).toEqual({ resource: "urn:anmeldesystem:api" });
    expect(settings.extraTokenParams).toEqual({ resource: "urn:anmeldesystem:api" });
    const withoutResource = buildUserManagerSettings(parseConfig({ oidc: { authority: "a", client_id: "b" } }), "https://x", store);
    expect(withoutResource.extraQueryParams).toBeUndefined();
    expect(withoutResource.scope).toBe("openid");
  });
});
