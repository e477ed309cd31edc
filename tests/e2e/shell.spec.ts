// The application shell in Chromium beyond the menus (spec section 1, 2 "Application shell", 4
// "Session"): start-up order, hash routing, drawer, footer links of the active district, theme
// and what happens when start-up fails.
import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";

test("[R-AU006][R-AU007][R-AU008] without a session the app is not mounted and the browser goes to sign-in", async ({ page }) => {
  // note what the app left in #root when the page unloads for the redirect (same origin: sessionStorage survives)
  await page.addInitScript(() => {
    window.addEventListener("beforeunload", () => {
      const root = document.getElementById("root");
      if (root) sessionStorage.setItem("e2e.rootChildrenAtRedirect", String(root.childElementCount));
    });
  });
  await page.goto("/");
  await page.waitForURL(/\/oidc\/interaction\//);
  expect(await page.evaluate(() => sessionStorage.getItem("e2e.rootChildrenAtRedirect"))).toBe("0");
});

test("[R-AU028] when start-up fails (no /config.json) the app stays unmounted and says so in German", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.route("**/config.json", (route) => route.fulfill({ status: 500, body: "kaputt" }));
  await page.goto("/");
  await expect(page.locator("#loading")).toContainText("Die Anwendung konnte nicht gestartet werden.");
  await expect(page.locator("#root")).toBeEmpty();
  expect(errors.some((e) => e.includes("Initialisation failed"))).toBe(true);
});

test("[R-AU009][R-SH011][R-SH035][R-SH036][R-SH039][R-SH040][R-SH041] signed in on a desktop: hash routes, the drawer starts open at 300 px with name, e-mail and the district selector", async ({
  page,
}) => {
  await signIn(page, "staff@demo.test");
  await expect(page.locator("#loading")).toBeHidden();
  expect(new URL(page.url()).hash).toBe("#/");
  await page.getByRole("link", { name: "Anmeldungsübersicht", exact: true }).click();
  await expect(page).toHaveURL(/\/#\/registration\/overview$/);
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  await expect(nav).toBeVisible();
  expect(Math.round((await nav.boundingBox())?.width ?? 0)).toBe(300);
  await expect(page.getByTestId("drawer-user")).toContainText("Stefan Stab");
  await expect(page.getByText("staff@demo.test")).toBeVisible();
  await expect(nav.getByLabel("Kreisverband")).toBeVisible();
});

test("[R-SH058][R-SH059][R-SH060][R-SH061] the footer opens the active district's imprint and privacy links in a new tab and shows the year and federation", async ({
  page,
  context,
}) => {
  // the demo links point outside this machine: answer them locally
  await context.route("https://example.org/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>extern</title>" }));
  await signIn(page, "member@demo.test");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await expect(footer).toContainText("Blasmusikverband Demo");
  const [imprint] = await Promise.all([context.waitForEvent("page"), footer.getByRole("button", { name: "Impressum" }).click()]);
  await expect.poll(() => imprint.url()).toBe("https://example.org/musterstadt/impressum");
  const [privacy] = await Promise.all([context.waitForEvent("page"), footer.getByRole("button", { name: "Datenschutz" }).click()]);
  await expect.poll(() => privacy.url()).toBe("https://example.org/musterstadt/datenschutz");
});

test("[R-SH069] theme colours: primary dark blue, secondary orange, success green, error dark red", async ({ page }) => {
  await signIn(page, "member@demo.test");
  const colours = await page.evaluate(() => {
    const s = getComputedStyle(document.documentElement);
    return ["--color-primary", "--color-secondary", "--color-success", "--color-error"].map((v) => s.getPropertyValue(v).trim());
  });
  expect(colours).toEqual(["#0d3b66", "#f28c28", "#2e7d32", "#8b0000"]);
});

test("[R-SH039] every menu label of the 300 px drawer is readable whole: a long one wraps instead of being cut", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await expect(page.locator("#loading")).toBeHidden();
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  for (const group of await nav.locator("button[aria-expanded='false']").all()) await group.click();
  await expect(nav.getByRole("link", { name: "Zugriffe auf Gesundheitsdaten" })).toBeVisible();
  const cut = await nav.evaluate((menu) => {
    const right = menu.getBoundingClientRect().right;
    return [...menu.querySelectorAll("a span, button span")]
      .filter((span) => span.childElementCount === 0 && (span.textContent ?? "").trim() !== "")
      .filter((span) => span.scrollWidth > span.clientWidth || span.getBoundingClientRect().right > right + 0.5)
      .map((span) => span.textContent);
  });
  expect(cut).toEqual([]);
});
