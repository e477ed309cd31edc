import {
  InMemoryWebStorage,
  type SigninPopupArgs,
  type SigninRedirectArgs,
  type SigninSilentArgs,
  type User,
  UserManager,
  WebStorageStateStore,
} from "oidc-client-ts";
import type { AppConfig } from "../http/config";
import { t } from "../i18n/translate";
import {
  addressAfterCallback,
  canRenewSilently,
  classifyRenewError,
  classifySignInError,
  hashRoute,
  isFramed,
  mayRestartSignIn,
  providerRefusalOf,
} from "./signInPolicy";
import { pickStorage } from "./storageChoice";
import { buildUserManagerSettings, SIGN_IN_TIMINGS } from "./userManagerSettings";

/** Raised on window when a silent renew fails for a reason other than a timeout (R-AU022). */
export const RENEW_ERROR_EVENT = "anmeldesystem:renew-error";

const RESTARTS_KEY = "anmeldesystem:sign-in-restarts";

/** A fresh nonce for one authorization request (OpenID Connect Core 3.1.2.1): 32 random bytes, base64url. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * oidc-client-ts 3.5 as this app needs it:
 * - every authorization request carries a nonce (strict providers such as glewlwyd refuse
 *   "openid" without one); oidc-client-ts keeps it with the sign-in state and refuses an ID token
 *   whose nonce differs;
 * - the refresh-token grant of a silent renew gets the resource indicator (the settings'
 *   extraTokenParams go with the code exchange only) and the renewal timeout: oidc-client-ts passes
 *   no timeout to the refresh-token request unless the call names one, so a hung token request
 *   would never time out and never be retried (R-AU021 holds for the iframe and the refresh token alike).
 */
export class AnmeldesystemUserManager extends UserManager {
  override signinRedirect(args: SigninRedirectArgs = {}): Promise<void> {
    return super.signinRedirect({ nonce: newNonce(), ...args });
  }

  override signinPopup(args: SigninPopupArgs = {}): Promise<User> {
    return super.signinPopup({ nonce: newNonce(), ...args });
  }

  override signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    return super.signinSilent({
      nonce: newNonce(),
      extraTokenParams: this.settings.extraTokenParams,
      silentRequestTimeoutInSeconds: this.settings.silentRequestTimeoutInSeconds,
      ...args,
    });
  }
}

let userManager: UserManager | undefined;
let scope = "openid";
/** Where the restarts of sign-in are counted; per tab, so sessionStorage when the browser allows it. */
let restartStore: Storage | undefined;

function manager(): UserManager {
  if (!userManager) throw new Error("Authentication has not been set up");
  return userManager;
}

function restarts(): Storage {
  restartStore ??= pickStorage([() => window.sessionStorage], () => new InMemoryWebStorage());
  return restartStore;
}

function readRestarts(): number[] {
  try {
    const parsed: unknown = JSON.parse(restarts().getItem(RESTARTS_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((value): value is number => typeof value === "number") : [];
  } catch {
    return [];
  }
}

function currentReturnTo(): string {
  return hashRoute(window.location.hash);
}

/** Starts an interactive sign-in: a redirect, or a popup when the app runs inside a frame (R-SH007). */
export async function startSignIn(returnTo = currentReturnTo()): Promise<User | null> {
  if (isFramed(window)) return manager().signinPopup({ state: { returnTo } });
  await manager().signinRedirect({ state: { returnTo } });
  return null;
}

/** Restarts sign-in after an error (R-AU017, R-AU018), at most a few times in a row so a broken setup cannot loop. */
async function restartSignIn(error: unknown): Promise<void> {
  const now = Date.now();
  const previous = readRestarts();
  if (!mayRestartSignIn(previous, now)) throw error;
  restarts().setItem(RESTARTS_KEY, JSON.stringify([...previous, now].slice(-10)));
  console.error("Sign-in restarted after error", error);
  await manager().removeUser();
  await startSignIn();
}

function handleRenewError(error: unknown): void {
  switch (classifyRenewError(error)) {
    case "retry":
      // R-AU021: a timed-out renew is tried again after 5 s.
      window.setTimeout(() => {
        manager().signinSilent().catch(handleRenewError);
      }, SIGN_IN_TIMINGS.silentRenewRetrySeconds * 1000);
      return;
    case "restartSignIn":
      restartSignIn(error).catch((restartError: unknown) => {
        console.error("Sign-in could not be restarted", restartError);
        window.dispatchEvent(new CustomEvent(RENEW_ERROR_EVENT, { detail: error }));
      });
      return;
    case "report":
      console.error("Silent renew failed", error);
      window.dispatchEvent(new CustomEvent(RENEW_ERROR_EVENT, { detail: error }));
  }
}

/** Sets up oidc-client-ts from /config.json (R-AU006); call once before anything else. */
export function setUpAuthentication(config: AppConfig): UserManager {
  scope = config.oidc.scope;
  // The session user is kept in localStorage (R-AU015); so is the pending sign-in state.
  const store = pickStorage([() => window.localStorage, () => window.sessionStorage], () => new InMemoryWebStorage());
  userManager = new AnmeldesystemUserManager({
    ...buildUserManagerSettings(config, window.location.origin, new WebStorageStateStore({ store })),
    stateStore: new WebStorageStateStore({ store }),
  });
  userManager.events.addSilentRenewError(handleRenewError);
  userManager.events.addUserSignedOut(() => {
    // Signed out at the provider (session monitor): drop the local session and sign in again.
    void manager()
      .removeUser()
      .then(() => startSignIn())
      .catch((error: unknown) => console.error("Sign-in after sign-out at the provider failed", error));
  });
  return userManager;
}

export type CallbackOutcome = "continue" | "done";

/**
 * The sign-in popup of a framed app may not see the frame's stored sign-in state (the frame's
 * storage is partitioned or in memory). It then only hands the answer to its opener, which holds
 * the state and completes the sign-in itself.
 */
async function signinCallbackOrHandOver(): Promise<User | undefined> {
  try {
    return await manager().signinCallback();
  } catch (error) {
    const opener: unknown = window.opener;
    if (!opener || opener === window || !(error instanceof Error) || !error.message.includes("No matching state")) throw error;
    await manager().signinPopupCallback();
    return undefined;
  }
}

/**
 * Completes the sign-in on the callback path (R-AU010) before the hash router renders, then puts
 * the hash route into the address (R-AU011). "done" means there is nothing more to do on this page:
 * a popup or silent-renew frame that handed its result to the opener, or a restarted redirect.
 */
export async function completeSignInCallback(): Promise<CallbackOutcome> {
  try {
    const user = await signinCallbackOrHandOver();
    if (!user) return "done";
    restarts().removeItem(RESTARTS_KEY);
    window.history.replaceState(null, "", addressAfterCallback(user.state));
    return "continue";
  } catch (error) {
    // the provider said no (error=... on the callback): restarting would only ask again; the
    // reason is shown with "Erneut anmelden" and "Abmelden" (auth/signInProblem.ts)
    const refusal = providerRefusalOf(window.location.search);
    if (refusal) {
      console.error("Sign-in refused by the provider", error);
      window.history.replaceState(null, "", "/");
      throw refusal;
    }
    if (classifySignInError(error) === "fail") throw error;
    await restartSignIn(error);
    return "done";
  }
}

export type StartOutcome = { kind: "signedIn"; user: User } | { kind: "redirecting" } | { kind: "needsPopup" };

/**
 * The login check at start (R-AU007..R-AU009, R-AU012, R-AU013): a valid user mounts the app; an
 * expired one is renewed silently when offline access allows it; otherwise sign-in starts and the
 * app is not mounted. Inside a frame the popup needs a click, so the caller offers a button.
 */
export async function ensureSignedIn(): Promise<StartOutcome> {
  const user = await manager().getUser();
  if (user && !user.expired) return { kind: "signedIn", user };
  if (user && canRenewSilently(user, scope)) {
    try {
      const renewed = await manager().signinSilent();
      if (renewed && !renewed.expired) return { kind: "signedIn", user: renewed };
    } catch (error) {
      if (classifySignInError(error) === "fail") throw error;
      await restartSignIn(error);
      return { kind: "redirecting" };
    }
  }
  if (user) await manager().removeUser();
  if (isFramed(window)) return { kind: "needsPopup" };
  await startSignIn();
  return { kind: "redirecting" };
}

/** The bearer token for API calls; fails with "User is not authenticated" without one (R-AU020). */
export async function getAccessToken(): Promise<string> {
  const um = userManager;
  const user = um ? await um.getUser() : null;
  if (user && !user.expired && user.access_token) return user.access_token;
  if (um && user && canRenewSilently(user, scope)) {
    try {
      const renewed = await um.signinSilent();
      if (renewed?.access_token && !renewed.expired) return renewed.access_token;
    } catch (error) {
      console.error("Token renewal before a call failed", error);
    }
  }
  throw new Error(t("auth.notAuthenticated"));
}

/** Logout: sign-out redirect to the provider's end-session endpoint (R-AU016, R-AU026). */
export async function signOut(): Promise<void> {
  await manager().signoutRedirect();
}

/**
 * "Abmelden" on a sign-in problem screen: the provider's sign-out when it has an end-session
 * endpoint; otherwise (or when it fails) the local session is dropped and the provider is asked to
 * sign in afresh, so another account can be chosen.
 */
export async function signOutAfterProblem(): Promise<void> {
  try {
    await manager().signoutRedirect();
  } catch (error) {
    console.error("Sign-out at the provider failed", error);
    await signInAgain();
  }
}

/** "Erneut anmelden": a new sign-in at the provider that asks for the credentials again (prompt=login), e.g. with another account. */
export async function signInAgain(): Promise<void> {
  await manager().removeUser();
  restarts().removeItem(RESTARTS_KEY);
  await manager().signinRedirect({ state: { returnTo: "/" }, prompt: "login" });
}
