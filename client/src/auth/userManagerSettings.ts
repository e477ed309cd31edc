import type { StateStore, UserManagerSettings } from "oidc-client-ts";
import type { AppConfig } from "../http/config";

/** Path of the sign-in callback; an OAuth redirect_uri cannot contain "#", so it is a real path. */
export const CALLBACK_PATH = "/auth/oidc/callback";

/** Sign-in timings of spec §9 (R-BC014..R-BC019). */
export const SIGN_IN_TIMINGS = {
  staleStateAgeInSeconds: 900,
  silentRequestTimeoutInSeconds: 10,
  accessTokenExpiringNotificationTimeInSeconds: 60,
  checkSessionIntervalInSeconds: 2,
  /** oidc-client-ts polls a sign-in popup for closing every 500 ms (fixed inside the library). */
  popupPollMilliseconds: 500,
  silentRenewRetrySeconds: 5,
} as const;

/** The resource indicator on every request to the provider, so the access token is our API's JWT. */
export function resourceParams(config: AppConfig): Record<string, string> | undefined {
  return config.oidc.resource ? { resource: config.oidc.resource } : undefined;
}

/** oidc-client-ts settings from /config.json (R-AU001..R-AU004, R-AU012..R-AU016, R-BC014..R-BC018). */
export function buildUserManagerSettings(config: AppConfig, origin: string, userStore: StateStore): UserManagerSettings {
  const resource = resourceParams(config);
  const callback = `${origin}${CALLBACK_PATH}`;
  return {
    authority: config.oidc.authority,
    client_id: config.oidc.client_id,
    scope: config.oidc.scope,
    // Authorization code flow; oidc-client-ts always adds PKCE (S256) to it.
    response_type: "code",
    redirect_uri: callback,
    popup_redirect_uri: callback,
    silent_redirect_uri: callback,
    post_logout_redirect_uri: `${origin}/`,
    // The session user survives a reload (R-AU015).
    userStore,
    automaticSilentRenew: true,
    monitorSession: true,
    staleStateAgeInSeconds: SIGN_IN_TIMINGS.staleStateAgeInSeconds,
    silentRequestTimeoutInSeconds: SIGN_IN_TIMINGS.silentRequestTimeoutInSeconds,
    accessTokenExpiringNotificationTimeInSeconds:
      config.oidc.accessTokenExpiringNotificationTimeInSeconds ?? SIGN_IN_TIMINGS.accessTokenExpiringNotificationTimeInSeconds,
    checkSessionIntervalInSeconds: SIGN_IN_TIMINGS.checkSessionIntervalInSeconds,
    popupWindowFeatures: { location: false, toolbar: false, menubar: false, width: 500, height: 640 },
    extraQueryParams: resource,
    extraTokenParams: resource,
  };
}
