/** The callback is any path containing "oidc/callback" (R-AU010). */
export function isCallbackPath(pathname: string): boolean {
  return pathname.includes("oidc/callback");
}

/** The hash route the user is on ("#/event/manage" -> "/event/manage"), "/" when there is none. */
export function hashRoute(hash: string): string {
  const route = hash.replace(/^#/, "");
  return route.startsWith("/") ? route : "/";
}

/**
 * The hash route to continue at after sign-in (R-AU011): the returnTo kept in the sign-in state
 * when it is a plain in-app route, else the root route "/".
 */
export function returnToFromState(state: unknown): string {
  const returnTo = typeof state === "object" && state !== null ? (state as { returnTo?: unknown }).returnTo : undefined;
  if (typeof returnTo !== "string" || !returnTo.startsWith("/") || returnTo.startsWith("//")) return "/";
  if (returnTo.includes("oidc/callback")) return "/";
  return returnTo;
}

/** The address the callback page is replaced with: the app root with the hash route. */
export function addressAfterCallback(state: unknown): string {
  return `/#${returnToFromState(state)}`;
}

/** An expired user is renewed silently only with offline access and a refresh token (R-AU012, R-AU013). */
export function canRenewSilently(user: { refresh_token?: string | null }, scope: string): boolean {
  return scope.split(/\s+/).includes("offline_access") && Boolean(user.refresh_token);
}

function errorName(error: unknown): string | undefined {
  return typeof error === "object" && error !== null ? String((error as { name?: unknown }).name ?? "") : undefined;
}

function oauthError(error: unknown): string | undefined {
  if (errorName(error) !== "ErrorResponse") return undefined;
  const code = (error as { error?: unknown }).error;
  return typeof code === "string" ? code : undefined;
}

/** oidc-client-ts reports HTTP failures of the provider as "Status Text (400)" errors or as ErrorResponse. */
export function isHttpSignInError(error: unknown): boolean {
  if (errorName(error) === "ErrorResponse") return true;
  const message = error instanceof Error ? error.message : "";
  return /\(\d{3}\)(:|$)/.test(message);
}

export type RenewErrorAction = "retry" | "restartSignIn" | "report";

/**
 * What to do with a failed silent renew: a timeout is retried after 5 s (R-AU021), an invalid
 * refresh token restarts the sign-in redirect (R-AU017), anything else raises the renew-error
 * event (R-AU022).
 */
export function classifyRenewError(error: unknown): RenewErrorAction {
  if (errorName(error) === "ErrorTimeout") return "retry";
  if (oauthError(error) === "invalid_grant") return "restartSignIn";
  return "report";
}

export type SignInErrorAction = "restartSignIn" | "fail";

/**
 * What to do when sign-in (callback or start-up renew) fails: an invalid refresh token or any HTTP
 * error restarts the sign-in redirect (R-AU017, R-AU018); everything else, such as a state
 * mismatch, a state missing from storage or a profile without "sub", is logged and sign-in fails
 * (R-AU019, R-AU023..R-AU025).
 */
export function classifySignInError(error: unknown): SignInErrorAction {
  if (oauthError(error) === "invalid_grant" || isHttpSignInError(error)) return "restartSignIn";
  return "fail";
}

/** Restarting sign-in automatically at most this often within the window keeps a broken setup from looping. */
export const RESTART_LIMIT = { count: 3, windowMs: 120_000 } as const;

/** Whether another automatic sign-in restart is allowed, given the times of the earlier ones. */
export function mayRestartSignIn(previous: readonly number[], now: number): boolean {
  return previous.filter((time) => now - time < RESTART_LIMIT.windowMs).length < RESTART_LIMIT.count;
}

/** Whether the app runs inside a frame of another page (R-SH007): sign-in then uses a popup. */
export function isFramed(win: { self: unknown; top: unknown }): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // Reading window.top of a cross-origin parent may throw: then we are framed.
    return true;
  }
}

/** German reasons for the OAuth error codes a provider sends to the callback (RFC 6749 4.1.2.1, OpenID Connect Core 3.1.2.6, RFC 8707). */
const PROVIDER_ERRORS: Record<string, string> = {
  access_denied: "Der Zugriff wurde verweigert.",
  invalid_request: "Die Anmeldeanfrage ist für den Anbieter ungültig.",
  unauthorized_client: "Das Anmeldesystem darf sich beim Anbieter so nicht anmelden.",
  unsupported_response_type: "Der Anbieter unterstützt das Anmeldeverfahren nicht.",
  invalid_scope: "Der Anbieter kennt die angefragten Berechtigungen (scope) nicht.",
  invalid_target: "Der Anbieter kennt die angefragte Schnittstelle (resource) nicht.",
  server_error: "Beim Anbieter ist ein Fehler aufgetreten.",
  temporarily_unavailable: "Der Anbieter ist vorübergehend nicht erreichbar.",
  login_required: "Eine Anmeldung beim Anbieter ist erforderlich.",
  consent_required: "Die Zustimmung beim Anbieter fehlt.",
  interaction_required: "Der Anbieter verlangt eine Eingabe.",
  account_selection_required: "Beim Anbieter muss ein Konto gewählt werden.",
};

/** The provider refused the sign-in: its error on the callback, with the reason in German. */
export class ProviderRefusal extends Error {
  override name = "ProviderRefusal";
  constructor(
    readonly code: string,
    readonly description: string | undefined,
  ) {
    super(`Der Anbieter hat die Anmeldung abgelehnt. ${PROVIDER_ERRORS[code] ?? "Unbekannter Fehler."} (${code}${description ? `: ${description}` : ""})`);
  }
}

/** The provider's error in the callback address ("?error=...&error_description=..."), or null. */
export function providerRefusalOf(search: string): ProviderRefusal | null {
  const params = new URLSearchParams(search);
  const code = params.get("error");
  return code ? new ProviderRefusal(code, params.get("error_description") ?? undefined) : null;
}
