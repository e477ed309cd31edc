// The sign-in problem screens: the provider refused the sign-in (its reason in German), or the
// API refuses the signed-in token ("kein Benutzerkonto", "Token ungültig (aud)", a missing roles
// claim). Each offers "Erneut anmelden" (the provider asks for the credentials again, so another
// account can be chosen) and "Abmelden" (the provider's sign-out). One set of texts and actions
// for the start-up (plain DOM, before React is mounted) and the mounted shell (SignInProblem.tsx).
import { ApiError } from "../http/apiError";
import { t } from "../i18n/translate";
import { signInAgain, signOutAfterProblem } from "./session";
import { ProviderRefusal } from "./signInPolicy";

export type SignInProblemAction = { label: string; run: () => Promise<void> };

export function signInProblemActions(): SignInProblemAction[] {
  return [
    { label: t("auth.problem.signInAgain"), run: signInAgain },
    { label: t("auth.problem.signOut"), run: signOutAfterProblem },
  ];
}

/** Whether an error of the start-up is the provider's refusal (shown with the sign-in problem screen). */
export function isProviderRefusal(error: unknown): error is ProviderRefusal {
  return error instanceof ProviderRefusal;
}

/**
 * Whether the shell's first request failed because the API refuses this sign-in: 401 (the token is
 * not for this API, e.g. "Token ungültig (aud)") or 403 (no user row, the roles claim missing, blocked).
 */
export function isRefusedSignIn(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === "http" && (error.status === 401 || error.status === 403);
}

/** The text of a refused sign-in: the server's reason. */
export function refusalMessage(error: Error): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : error.message;
}

/** Renders the sign-in problem screen into `container` (the start-up's loading element). */
export function showSignInProblem(container: HTMLElement, message: string): void {
  const title = document.createElement("h1");
  title.textContent = t("auth.problem.title");
  const text = document.createElement("p");
  text.textContent = message;
  const buttons = signInProblemActions().map((action) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.label;
    button.addEventListener("click", () => {
      action.run().catch((error: unknown) => console.error(`${action.label} failed`, error));
    });
    return button;
  });
  container.setAttribute("role", "alert");
  container.replaceChildren(title, text, ...buttons);
  container.hidden = false;
}
