// Embedding: another site frames the app, the user signs in through the popup,
// the session renews silently inside the frame, and the parent receives the content height every
// 300 ms. A parent on an origin that is not configured cannot frame the app (CSP frame-ancestors).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Frame, type Page, test } from "@playwright/test";

const APP = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
/** playwright.config.ts puts exactly this origin into EMBED_PARENT_ORIGINS */
const PARENT_PORT = Number(process.env.E2E_PORT ?? 3100) + 1000;
const ALLOWED_PARENT = `http://127.0.0.1:${PARENT_PORT}`;
/** the same server under another host name: another origin, not configured */
const OTHER_PARENT = `http://localhost:${PARENT_PORT}`;

/** The documented parent page (README "Embedding"): the iframe and the height listener. */
const PARENT_HTML = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Verbandsseite</title></head>
<body>
  <h1>Verbandsseite</h1>
  <iframe id="anmeldesystem" src="${APP}/" title="Anmeldesystem" style="width:100%;border:0" allow="clipboard-write"></iframe>
  <script>
    window.heightMessages = [];
    window.addEventListener("message", (event) => {
      if (event.origin !== "${APP}") return;
      if (!event.data || event.data.type !== "anmeldesystem:height") return;
      window.heightMessages.push({ height: event.data.height, at: Date.now() });
      document.getElementById("anmeldesystem").style.height = event.data.height + "px";
    });
  </script>
</body></html>`;

let server: http.Server;

test.beforeAll(async () => {
  server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(PARENT_HTML);
  });
  await new Promise<void>((resolve) => server.listen(PARENT_PORT, "127.0.0.1", resolve));
  expect((server.address() as AddressInfo).port).toBe(PARENT_PORT);
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function appFrame(page: Page): Promise<Frame> {
  const handle = await page.locator("#anmeldesystem").elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error("the iframe has no frame");
  return frame;
}

test("[R-SH007][R-SH008][R-SH009][R-BC021] framed by a configured origin the app signs in through a popup, renews silently and posts its height every 300 ms", async ({
  page,
}) => {
  const response = await page.request.get(`${APP}/`);
  const csp = response.headers()["content-security-policy"];
  expect(csp).toContain(`frame-ancestors 'self' ${ALLOWED_PARENT}`);

  // the clock runs normally; it is moved forward below to reach the token's renewal time
  await page.clock.install();
  await page.goto(`${ALLOWED_PARENT}/`);
  const frame = page.frameLocator("#anmeldesystem");
  // framed, the app does not redirect the parent's frame to the provider: it offers the popup
  await expect(frame.getByText("Bitte melden Sie sich an, um das Anmeldesystem zu verwenden.")).toBeVisible();
  const [popup] = await Promise.all([page.waitForEvent("popup"), frame.getByRole("button", { name: "Anmelden" }).click()]);
  await popup.waitForURL(/\/oidc\/interaction\//);
  await popup.getByLabel("E-Mail").fill("member@demo.test");
  await popup.getByLabel("Passwort").fill("demo");
  await popup.getByRole("button", { name: "Anmelden" }).click();
  await popup.waitForEvent("close");
  await expect(frame.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();

  // the parent reads the height messages: every 300 ms, the document's height, and it sizes the frame
  // (polled, no fixed wait; and no upper bound on the gaps: a loaded CI machine delays timers)
  const heightMessages = () => page.evaluate(() => (window as unknown as { heightMessages: { height: number; at: number }[] }).heightMessages);
  await expect.poll(async () => (await heightMessages()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  // the start page may still be loading its events: wait until the last four messages carry the rendered page
  await expect.poll(async () => Math.min(...(await heightMessages()).slice(-4).map((m) => m.height)), { timeout: 30_000 }).toBeGreaterThan(200);
  const messages = await heightMessages();
  const recent = messages.slice(-4);
  for (const message of recent) expect(message.height).toBeGreaterThan(200);
  // on a timer, not on every frame: with the pages' clock paused, 3 s of their time bring exactly 10
  // messages (one per 300 ms; a report per animation frame would bring about 180). The first window
  // may count a message that was on its way when the clock stopped; the second counts exactly.
  const count = async () => (await heightMessages()).length;
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const paused = await count();
  await page.clock.runFor(3000);
  await expect.poll(count).toBeGreaterThanOrEqual(paused + 10);
  const afterFirst = await count();
  await page.clock.runFor(3000);
  await expect.poll(count).toBeGreaterThanOrEqual(afterFirst + 10);
  expect(await count()).toBe(afterFirst + 10);
  await page.clock.resume();
  const appHeight = await (await appFrame(page)).evaluate(() => document.documentElement.scrollHeight);
  expect(recent.at(-1)?.height).toBe(appHeight);
  await expect.poll(() => page.locator("#anmeldesystem").evaluate((el) => el.getBoundingClientRect().height)).toBe(appHeight);

  // silent renew inside the frame: shortly before the 15-minute access token runs out it is renewed
  // with the refresh token (no popup, no reload), and the app keeps loading data with the new one
  const renewals: Promise<{ status: number; token: string }>[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/oidc/token") && request.postData()?.includes("grant_type=refresh_token")) {
      renewals.push(
        request
          .response()
          .then(async (answer) => ({ status: answer?.status() ?? 0, token: answer ? ((await answer.json()) as { access_token: string }).access_token : "" })),
      );
    }
  });
  let popups = 0;
  page.on("popup", () => popups++);
  await page.clock.fastForward("14:30");
  await expect.poll(() => renewals.length).toBeGreaterThan(0);
  const renewal = await renewals[0];
  expect(renewal.status).toBe(200);
  const nextCall = page.waitForRequest((request) => request.url().includes("/graphql") && request.method() === "POST");
  await (await appFrame(page)).evaluate(() => {
    window.location.hash = "#/user/profile";
  });
  await expect(frame.getByRole("heading", { level: 1, name: "Mein Account bearbeiten" })).toBeVisible();
  expect((await nextCall).headers().authorization).toBe(`Bearer ${renewal.token}`);
  await expect(frame.getByText("member@demo.test").first()).toBeVisible();
  expect(popups).toBe(0);
});

test("[R-SH007] a parent on an origin that is not configured cannot frame the app", async ({ page }) => {
  const response = await page.request.get(`${APP}/`);
  const csp = response.headers()["content-security-policy"];
  const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1].split(" ") ?? [];
  expect(ancestors).toEqual(["'self'", ALLOWED_PARENT]);
  expect(ancestors).not.toContain(OTHER_PARENT);

  const consoleLines: string[] = [];
  page.on("console", (message) => consoleLines.push(message.text()));
  await page.goto(`${OTHER_PARENT}/`);
  await expect(page.getByRole("heading", { name: "Verbandsseite" })).toBeVisible();
  // the browser refuses the framed document (it says so in the parent's console): the frame never shows the app
  await expect.poll(() => consoleLines.find((line) => line.includes("frame-ancestors"))).toBeTruthy();
  const frame = await appFrame(page);
  const hasApp = await frame.evaluate(() => Boolean(document.getElementById("root") || document.getElementById("loading"))).catch(() => false);
  expect(hasApp).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { heightMessages: unknown[] }).heightMessages.length)).toBe(0);
});
