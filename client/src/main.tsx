import { completeSignInCallback, ensureSignedIn, setUpAuthentication, startSignIn } from "./auth/session";
import { isCallbackPath } from "./auth/signInPolicy";
import { isProviderRefusal, showSignInProblem } from "./auth/signInProblem";
import { type AppConfig, loadConfig } from "./http/config";
import { t } from "./i18n/translate";

/*
 * Start-up (spec §4 "Session"): load /config.json, set up sign-in, finish a sign-in callback
 * before the hash router exists, check the login, and mount only for a signed-in user.
 *
 * The app (React, Relay, the screens: mount.tsx) is a chunk of its own, loaded only for a
 * signed-in user: a signed-out visitor on a phone gets the small sign-in code and goes straight on
 * to the sign-in page (README "Performance", mobile first load). When the browser holds a session
 * (oidc-client-ts keeps it under "oidc.user:…"), the app's chunk loads at once, beside the check.
 */

/** Whether this browser holds a signed-in user (oidc-client-ts's stored user), read without the library. */
function storedSession(): boolean {
  try {
    return [window.sessionStorage, window.localStorage].some((storage) => Object.keys(storage).some((key) => key.startsWith("oidc.user:")));
  } catch {
    return false;
  }
}

let app: Promise<typeof import("./mount")> | undefined;
const loadApp = () => (app ??= import("./mount"));

function loadingElement(): HTMLElement {
  const element = document.getElementById("loading");
  if (!element) throw new Error("#loading is missing from index.html");
  return element;
}

/** Replaces the loading element's content with a message and an optional action. */
function showInLoading(message: string, action?: { label: string; href?: string; onClick?: () => void }): void {
  const loading = loadingElement();
  const text = document.createElement("p");
  text.textContent = message;
  const children: Node[] = [text];
  if (action?.href) {
    const link = document.createElement("a");
    link.href = action.href;
    link.textContent = action.label;
    children.push(link);
  } else if (action?.onClick) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.label;
    button.addEventListener("click", action.onClick, { once: true });
    children.push(button);
  }
  loading.setAttribute("role", action ? "alert" : "status");
  loading.replaceChildren(...children);
  loading.hidden = false;
}

async function mount(config: AppConfig): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from index.html");
  const { mountApp } = await loadApp();
  mountApp(config, container);
  loadingElement().hidden = true;
}

function fail(error: unknown, message = t("app.startupFailed")): void {
  // R-AU028: initialisation failures are logged and the app stays unmounted.
  console.error("Initialisation failed", error);
  // the provider refused the sign-in: its reason, with "Erneut anmelden" and "Abmelden"
  if (isProviderRefusal(error)) showSignInProblem(loadingElement(), error.message);
  else showInLoading(message, { label: t("app.retry"), href: "/" });
}

/** Inside a frame the sign-in popup must be opened by a click, so the loading element offers a button. */
function offerPopupSignIn(config: AppConfig): void {
  showInLoading(t("app.signInFramed"), {
    label: t("app.signInButton"),
    onClick: () => {
      startSignIn()
        .then((user) => (user ? mount(config) : offerPopupSignIn(config)))
        .catch((error: unknown) => fail(error, t("app.signInFailed")));
    },
  });
}

async function start(): Promise<void> {
  if (storedSession() || isCallbackPath(window.location.pathname)) void loadApp().catch(() => {});
  const config = await loadConfig();
  setUpAuthentication(config);
  if (isCallbackPath(window.location.pathname)) {
    if ((await completeSignInCallback()) === "done") return;
  }
  const outcome = await ensureSignedIn();
  if (outcome.kind === "signedIn") await mount(config);
  else if (outcome.kind === "needsPopup") offerPopupSignIn(config);
  // 'redirecting': the browser is on its way to the identity provider; nothing is mounted.
}

start().catch((error: unknown) => fail(error));
