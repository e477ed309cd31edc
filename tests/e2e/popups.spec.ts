// Ark UI popups on a loaded machine (spec section 2 "Dialogs", row menus, select lists): animation
// frames come late there, and Ark sets up and tears down its popups an animation frame late. The
// journey lets every animation frame of the page run 100 ms late (as under load) and then works as
// fast as Playwright does: a select list opened while the row menu is still closing stays open and
// takes the choice, Escape closes a row menu the moment it has opened, and a row action's
// confirmation opens and closes with focus back on the row's button.
import { expect, test } from "@playwright/test";
import { openScreen, signIn } from "./support.ts";

/** Every requestAnimationFrame callback of the page runs `delay` ms late (cancellable as before). */
function lateFrames(delay: number) {
  const request = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  const pending = new Map<number, { timer: number; frame?: number }>();
  let next = 1;
  window.requestAnimationFrame = (callback) => {
    const id = next++;
    const entry: { timer: number; frame?: number } = {
      timer: window.setTimeout(() => {
        entry.frame = request((time) => {
          pending.delete(id);
          callback(time);
        });
      }, delay),
    };
    pending.set(id, entry);
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    const entry = pending.get(id);
    if (!entry) return;
    window.clearTimeout(entry.timer);
    if (entry.frame !== undefined) cancel(entry.frame);
    pending.delete(id);
  };
}

test("with late animation frames, a select opened while a row menu closes keeps its list, Escape closes a just opened menu, and a row action's confirmation opens", async ({
  page,
}) => {
  await page.addInitScript(lateFrames, 100);
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/event/location/manage", "Veranstaltungsorte");
  const picker = page.getByRole("combobox", { name: "Veranstaltung", exact: true });
  await picker.click();
  await page.getByRole("option", { name: "D-Prüfungen Frühjahr", exact: true }).click();
  await expect(picker).toHaveText("D-Prüfungen Frühjahr");
  const menuButton = page.getByRole("button", { name: "Aktionen für Musikschule Musterstadt (Theorie)" });

  for (const event of ["Wertungsspiele", "D-Prüfungen Frühjahr", "Wertungsspiele", "D-Prüfungen Frühjahr"]) {
    // the row menu, Escape at once (before Ark's next frame), then the event list at once
    const button = page.getByRole("button", { name: /^Aktionen für / }).first();
    await button.click();
    await expect(page.getByRole("menuitem").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await button.click();
    await expect(page.getByRole("menuitem").first()).toBeVisible();
    // the list opens while the menu's click outside is still pending: it stays open and takes the choice
    await picker.click();
    await page.getByRole("option", { name: event, exact: true }).click();
    await expect(picker).toHaveText(event);
    await expect(page.getByRole("menu")).toHaveCount(0);
  }

  // a row action's confirmation opens from the menu, Escape cancels it, focus is back on the row's button
  for (let round = 0; round < 2; round++) {
    await menuButton.click();
    await page.getByRole("menuitem", { name: "Löschen", exact: true }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(menuButton).toBeFocused();
  }
});
