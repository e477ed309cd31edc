// Sign-in with an independent, standard OpenID provider: glewlwyd 2.7 (Debian package, SQLite, on
// loopback; tests/support/glewlwyd.ts sets it up through its admin API as the README's
// external-provider checklist says). The app runs as a second server of its own with OIDC_ISSUER
// pointing at glewlwyd, OIDC_TRUST_EMAIL=1 (glewlwyd sends no email_verified) and the default
// audience $PUBLIC_URL/api. A staff user signs in on glewlwyd's page with roles from glewlwyd, sees
// the staff menus, calls GraphQL, renews the token with the refresh token before and after expiry
// (glewlwyd forbids framing) and signs out; a missing roles claim, a foreign audience, an unknown e-mail address and a
// provider error each end on the German sign-in problem screen with "Erneut anmelden" and "Abmelden".
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type Glewlwyd, startGlewlwyd } from "../support/glewlwyd.ts";

let glewlwyd: Glewlwyd;
let app: ChildProcess;
let appUrl: string;
let appOutput = "";
let dataDir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  glewlwyd = await startGlewlwyd({
    appUrl,
    audience: `${appUrl}/api`,
    // the client renews a minute before expiry: the first renewal comes 15 s after sign-in
    accessTokenSeconds: 75,
    users: [
      // demo rows invited without a subject: the first sign-in links them by the provider's e-mail
      { username: "stefan", password: "glewlwyd-staff", name: "Stefan Stab", email: "staff@demo.test", roles: ["user_manage", "event_manage"] },
      // no roles property: glewlwyd's access token has no roles claim
      { username: "rita", password: "glewlwyd-reader", name: "Rita Leser", email: "reader@demo.test" },
      { username: "fremd", password: "glewlwyd-fremd", name: "Frank Fremd", email: "fremd@glewlwyd.test", roles: ["admin"] },
    ],
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anm-glewlwyd-"));
  app = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: "pglite:memory",
      DEMO_DATA: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: appUrl,
      DATA_DIR: dataDir,
      OIDC_ISSUER: glewlwyd.issuer,
      OIDC_CLIENT_ID: "anmeldesystem",
      OIDC_TRUST_EMAIL: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout?.on("data", (d) => (appOutput += d));
  app.stderr?.on("data", (d) => (appOutput += d));
  for (;;) {
    if (app.exitCode !== null) throw new Error(`app exited:\n${appOutput}`);
    if (
      await fetch(`${appUrl}/config.json`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(async () => {
  if (app && app.exitCode === null) {
    const exited = new Promise((r) => app.once("exit", r));
    app.kill("SIGTERM");
    await exited;
  }
  await glewlwyd?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Signs in on glewlwyd's own (German) page: user name and password when it asks for them, then
 * "Weiter" (the consent was given when the user was set up), back to the app.
 */
async function glewlwydSignIn(page: Page, username: string, password: string) {
  await page.waitForURL((url) => url.href.startsWith(`${glewlwyd.url}/login.html`));
  const name = page.getByLabel("Benutzername");
  const next = page.getByRole("button", { name: "Weiter" });
  await expect(name.or(next)).toBeVisible();
  if (await name.isVisible()) {
    await name.fill(username);
    await page.getByLabel("Passwort").fill(password);
    await page.getByRole("button", { name: "OK" }).click();
  }
  await next.click();
  await page.waitForURL((url) => url.href.startsWith(appUrl));
}

async function accessToken(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((candidate) => candidate.startsWith("oidc.user:"));
    return key ? (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string }).access_token : undefined;
  });
}

async function viewer(page: Page, token: string | undefined) {
  const response = await page.request.post(`${appUrl}/graphql`, {
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-graphql-csrf": "1" },
    data: { query: "{ viewer { email roles } }" },
  });
  return (await response.json()) as { data?: { viewer: { email: string; roles: string[] } }; errors?: { message: string }[] };
}

/** The sign-in problem screen with its message and both ways on. */
async function expectSignInProblem(page: Page, message: string | RegExp) {
  const screen = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Anmeldung nicht möglich" }) });
  await expect(screen).toBeVisible();
  await expect(screen).toContainText(message);
  await expect(screen.getByRole("button", { name: "Erneut anmelden" })).toBeVisible();
  await expect(screen.getByRole("button", { name: "Abmelden" })).toBeVisible();
  return screen;
}

test("a staff user signs in at glewlwyd with a nonce and the API's URL as resource, gets the roles from glewlwyd, calls GraphQL, renews with the refresh token before and after expiry and signs out", async ({
  page,
}) => {
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${glewlwyd.issuer}/auth?`));
  await page.goto(appUrl);
  const url = new URL((await authorize).url());
  expect(url.searchParams.get("nonce")).toMatch(/^[\w-]{43}$/);
  expect(url.searchParams.get("resource")).toBe(`${appUrl}/api`);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  await glewlwydSignIn(page, "stefan", "glewlwyd-staff");
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
  await expect(page.getByTestId("drawer-user")).toContainText("Stefan Stab");
  // the staff menus come from glewlwyd's roles (user_manage, event_manage), not from the demo row
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  await expect(nav.getByRole("link", { name: "Benutzerverwaltung" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Vereinsverwaltung" })).toHaveCount(0);
  const first = await accessToken(page);
  expect((await viewer(page, first)).data?.viewer).toEqual({ email: "staff@demo.test", roles: ["user_manage", "event_manage"] });

  // renewal before expiry: the refresh-token grant with the resource indicator (glewlwyd's pages may not be framed)
  const refresh = await page.waitForRequest(
    (r) => r.url().startsWith(`${glewlwyd.issuer}/token`) && (r.postData() ?? "").includes("grant_type=refresh_token"),
    {
      timeout: 90_000,
    },
  );
  expect(new URLSearchParams(refresh.postData() ?? "").get("resource")).toBe(`${appUrl}/api`);
  await expect.poll(() => accessToken(page), { timeout: 30_000 }).not.toBe(first);
  const renewed = await accessToken(page);
  expect((await viewer(page, renewed)).data?.viewer.email).toBe("staff@demo.test");

  // after expiry: the stored session's time is up (as after a night with the tab closed); the next
  // start renews it with the refresh token, without glewlwyd's page
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((candidate) => candidate.startsWith("oidc.user:")) as string;
    localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key) ?? "{}"), expires_at: Math.floor(Date.now() / 1000) - 60 }));
  });
  const atStart = page.waitForRequest((r) => r.url().startsWith(`${glewlwyd.issuer}/token`) && (r.postData() ?? "").includes("grant_type=refresh_token"));
  await page.reload();
  await atStart;
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
  const afterExpiry = await accessToken(page);
  expect(afterExpiry).not.toBe(renewed);
  expect((await viewer(page, afterExpiry)).data?.viewer.email).toBe("staff@demo.test");

  // sign-out at glewlwyd's end-session endpoint; afterwards glewlwyd asks for the password again
  await page.getByRole("button", { name: "Abmelden" }).click();
  await page.waitForURL((u) => u.href.startsWith(`${glewlwyd.url}/login.html`) && u.searchParams.get("prompt") === "end_session");
  await page.getByRole("button", { name: "Ausloggen" }).click();
  await expect(page.getByText("Sitzung geschlossen")).toBeVisible();
  await page.goto(appUrl);
  await page.waitForURL((u) => u.href.startsWith(`${glewlwyd.url}/login.html`));
  await expect(page.getByLabel("Benutzername")).toBeVisible();
});

test("a token without the roles claim is refused with the reason; Erneut anmelden asks glewlwyd for another account", async ({ page }) => {
  await page.goto(appUrl);
  await glewlwydSignIn(page, "rita", "glewlwyd-reader");
  const screen = await expectSignInProblem(page, "Anmeldung abgelehnt: das Token des Anbieters enthält keine Rollen (Claim „roles“ fehlt)");
  await screen.getByRole("button", { name: "Erneut anmelden" }).click();
  // prompt=login: glewlwyd asks for the credentials again (its session with Rita stays), so another account can sign in
  await page.waitForURL((u) => u.href.startsWith(`${glewlwyd.url}/login.html`) && u.searchParams.get("callback_url")?.includes("prompt=login") === true);
  await expect(page.getByLabel("Benutzername")).toBeVisible();
  // another account signs in and gets its roles
  await glewlwydSignIn(page, "stefan", "glewlwyd-staff");
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
  await expect(page.getByTestId("drawer-user")).toContainText("Stefan Stab");
});

test("an e-mail address nobody was invited with gets no account; Abmelden signs out at glewlwyd", async ({ page }) => {
  await page.goto(appUrl);
  await glewlwydSignIn(page, "fremd", "glewlwyd-fremd");
  const screen = await expectSignInProblem(
    page,
    "Für diese Anmeldung gibt es kein Benutzerkonto im Anmeldesystem: niemand mit der E-Mail-Adresse fremd@glewlwyd.test ist eingeladen",
  );
  await screen.getByRole("button", { name: "Abmelden" }).click();
  await page.waitForURL((u) => u.href.startsWith(`${glewlwyd.url}/login.html`) && u.searchParams.get("prompt") === "end_session");
  await page.getByRole("button", { name: "Ausloggen" }).click();
  await expect(page.getByText("Sitzung geschlossen")).toBeVisible();
});

test("a token glewlwyd made for another audience is refused as Token ungültig (aud)", async ({ page }) => {
  // glewlwyd without resource indicators puts the scope list into aud
  await glewlwyd.configurePlugin({ "resource-allowed": false });
  try {
    await page.goto(appUrl);
    await glewlwydSignIn(page, "stefan", "glewlwyd-staff");
    await expectSignInProblem(page, "Token ungültig (aud)");
  } finally {
    await glewlwyd.configurePlugin({ "resource-allowed": true });
  }
});

test("a provider error on the callback shows glewlwyd's reason in German; Erneut anmelden signs in once the provider is fixed", async ({ page }) => {
  // glewlwyd accepts another resource only: it answers the callback with error=invalid_target
  await glewlwyd.configurePlugin({ "resource-scope": { openid: ["https://elsewhere.example/api"] }, "resource-change-allowed": false });
  try {
    await page.goto(appUrl);
    await glewlwydSignIn(page, "stefan", "glewlwyd-staff");
    await expectSignInProblem(page, "Der Anbieter kennt die angefragte Schnittstelle (resource) nicht. (invalid_target: Invalid Resource)");
  } finally {
    await glewlwyd.configurePlugin({ "resource-scope": { openid: [`${appUrl}/api`] }, "resource-change-allowed": true });
  }
  await page.getByRole("button", { name: "Erneut anmelden" }).click();
  await glewlwydSignIn(page, "stefan", "glewlwyd-staff");
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
});
