// Forms and dialogs (defects 6, 7 and 8): every required control shows the required mark
// and its message is linked to it; the one dialog shell keeps title and actions in view, has a
// close button, asks before typed input is thrown away and focuses the first error; dates and
// times are German (TT.MM.JJJJ, HH:MM) whatever the browser's language.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectDateTime, expectNotice, fillDateTime, openScreen, rowAction, signIn } from "./support.ts";

const REQUIRED = "Dieses Feld ist ein Pflichtfeld";
const CAMP = "D-Prüfungen Freizeit Sommer";
const SPRING = "D-Prüfungen Frühjahr";

/**
 * Every "Pflichtfeld" message in the dialog belongs to a control (aria-describedby, aria-invalid)
 * whose label carries the required mark. Returns the labels checked, so the caller sees what was covered.
 */
async function requiredControlsShowTheMark(dialog: Locator): Promise<string[]> {
  const found = await dialog.evaluate((root, text) => {
    const problems: string[] = [];
    const labels: string[] = [];
    for (const message of root.querySelectorAll("p")) {
      if (message.textContent?.trim() !== text) continue;
      const control = message.id ? root.querySelector<HTMLElement>(`[aria-describedby~="${message.id}"]`) : null;
      if (!control) {
        problems.push(`message without control: ${message.parentElement?.textContent?.slice(0, 60)}`);
        continue;
      }
      const labelId = control.getAttribute("aria-labelledby")?.split(" ")[0];
      const label = (control as HTMLInputElement).labels?.[0] ?? (labelId ? document.getElementById(labelId) : null);
      const name = label?.textContent?.replace("*", "").trim() ?? "?";
      labels.push(name);
      if (control.getAttribute("aria-invalid") !== "true") problems.push(`${name}: not aria-invalid`);
      if (!label?.querySelector('[title="Pflichtfeld"]')) problems.push(`${name}: no required mark`);
    }
    return { problems, labels };
  }, REQUIRED);
  expect(found.problems).toEqual([]);
  return found.labels;
}

async function expectNoSeriousViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}

async function openDexamForm(page: Page, eventName: string) {
  await page.getByRole("article", { name: eventName, exact: true }).getByRole("button", { name: "Neue Anmeldung" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue D-Prüfungsanmeldung anlegen" });
  await expect(dialog.getByRole("heading", { name: "Persönliche Daten" })).toBeVisible();
  return dialog;
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("[R-EV011][R-LO013][R-LO017][R-DF002][R-DF004][R-DF005] every required control shows the required mark and its message is linked to it (axe passes)", async ({
  page,
}) => {
  await signIn(page, "staff@demo.test");
  // the event form: "Art" and "Bearbeitungsphase" are selects, the dates German date fields
  await openScreen(page, "/event/manage", "Veranstaltungen");
  await page.getByRole("button", { name: "Neue Veranstaltung" }).click();
  const event = page.getByRole("dialog", { name: "Neue Veranstaltung" });
  await event.getByRole("button", { name: "Speichern" }).click();
  await expect(event.getByText(REQUIRED).first()).toBeVisible();
  expect(await requiredControlsShowTheMark(event)).toEqual(
    expect.arrayContaining(["Name", "Art", "Anmeldeschluss", "Veröffentlichung von", "Veröffentlichung bis", "Datenschutzhinweise"]),
  );
  // "Bearbeitungsphase" starts filled, so it has no message; it is required all the same
  await expect(event.getByRole("combobox", { name: "Bearbeitungsphase" })).toHaveAttribute("aria-required", "true");
  await expectNoSeriousViolations(page, "event dialog with errors");
  await event.getByRole("button", { name: "Abbrechen" }).click();
  await expect(event).toBeHidden();

  // the location form of a D-exam event: "Typ" and "Kurse" (theory), "Instrumente" (practice)
  await openScreen(page, "/event/location/manage", "Veranstaltungsorte");
  const picker = page.getByRole("combobox", { name: "Veranstaltung", exact: true });
  if (!(await picker.textContent())?.includes(SPRING)) await choose(page, page.getByRole("main"), "Veranstaltung", SPRING);
  await page.getByRole("button", { name: "Neuer Veranstaltungsort" }).click();
  const location = page.getByRole("dialog", { name: "Neuer Veranstaltungsort" });
  await location.getByRole("button", { name: "Speichern" }).click();
  expect(await requiredControlsShowTheMark(location)).toEqual(expect.arrayContaining(["Name", "Typ", "Straße", "Ort"]));
  await choose(page, location, "Typ", "Praxisprüfung");
  await location.getByRole("button", { name: "Speichern" }).click();
  expect(await requiredControlsShowTheMark(location)).toEqual(expect.arrayContaining(["Kurse", "Instrumente", "Beginn", "Ende"]));
  await expect(location.getByRole("combobox", { name: "Kurse" })).toHaveAccessibleDescription(REQUIRED);
  await expectNoSeriousViolations(page, "location dialog with errors");
});

test("[R-DF002][R-DF004][R-DF005][R-DF024] the D-exam camp form: the selects, the birth date and the vaccination date show the required mark", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  const dialog = await openDexamForm(page, CAMP);
  await dialog.getByRole("group", { name: "FSME (Zecken)" }).getByRole("checkbox", { name: "vorhanden" }).check();
  await dialog.getByRole("button", { name: "Absenden" }).click();
  expect(await requiredControlsShowTheMark(dialog)).toEqual(
    expect.arrayContaining(["Vorname", "Nachname", "Geburtsdatum", "Geschlecht", "Instrument", "Kurs", "Essenswunsch", "Datum der Impfung"]),
  );
  await expectNoSeriousViolations(page, "camp form with errors");
});

test("[R-SH072] the dialog shell: a close button, 'Eingaben verwerfen?' before typed input is thrown away, focus on the first error", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/event/manage", "Veranstaltungen");
  const open = async () => {
    await page.getByRole("button", { name: "Neue Veranstaltung" }).click();
    const dialog = page.getByRole("dialog", { name: "Neue Veranstaltung" });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  const ask = page.getByRole("alertdialog", { name: "Eingaben verwerfen?" });

  // nothing typed: Escape and the close button simply close
  let dialog = await open();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  dialog = await open();
  await dialog.getByRole("button", { name: "Schließen" }).click();
  await expect(dialog).toBeHidden();

  // typed: Escape asks; "Weiter bearbeiten" (focused, the safe choice) keeps the input
  dialog = await open();
  const name = dialog.getByRole("textbox", { name: "Name", exact: true });
  // focus starts in the first field, not on the close button
  await expect(name).toBeFocused();
  await name.fill("Entwurf Herbst");
  await page.keyboard.press("Escape");
  await expect(ask).toBeVisible();
  await expect(ask.getByRole("button", { name: "Weiter bearbeiten" })).toBeFocused();
  await ask.getByRole("button", { name: "Weiter bearbeiten" }).click();
  await expect(ask).toBeHidden();
  await expect(name).toHaveValue("Entwurf Herbst");
  // a click beside the dialog and "Abbrechen" ask too
  await page.mouse.click(5, 400);
  await expect(ask).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(ask).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Weiter bearbeiten" }).click();

  // sent with errors: the first invalid control (the select "Art") gets focus
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByRole("combobox", { name: "Art", exact: true })).toBeFocused();
  // a typed date that is not TT.MM.JJJJ says so
  const deadline = dialog.getByRole("textbox", { name: "Anmeldeschluss", exact: true });
  await deadline.fill("31.02.2030");
  await deadline.blur();
  await expect(deadline).toHaveAccessibleDescription(/Bitte das Datum als TT\.MM\.JJJJ eingeben\./);

  // the close button asks as well; "Verwerfen" closes
  await dialog.getByRole("button", { name: "Schließen" }).click();
  await ask.getByRole("button", { name: "Verwerfen" }).click();
  await expect(dialog).toBeHidden();
});

test("[R-ST026][R-ST027] @mobile the camp form on a phone keeps its title and 'Absenden' in view while the fields scroll", async ({ page }) => {
  await signIn(page, "member@demo.test");
  const dialog = await openDexamForm(page, CAMP);
  const title = dialog.getByRole("heading", { name: "Neue D-Prüfungsanmeldung anlegen" });
  const send = dialog.getByRole("button", { name: "Absenden" });
  const close = dialog.getByRole("button", { name: "Schließen" });
  await expect(title).toBeInViewport();
  await expect(send).toBeInViewport();
  await expect(close).toBeInViewport();
  // the last fields of the form, far below on a phone
  const consent = dialog.getByRole("checkbox", { name: /Stornobedingungen/ });
  await expect(consent).not.toBeInViewport();
  await consent.scrollIntoViewIfNeeded();
  await expect(consent).toBeInViewport();
  await expect(title).toBeInViewport({ ratio: 1 });
  await expect(send).toBeInViewport({ ratio: 1 });
  // sent empty at the bottom: focus and view go back up to the first error
  await send.click();
  await expect(dialog.getByRole("textbox", { name: "Vorname" })).toBeFocused();
  await expect(dialog.getByRole("textbox", { name: "Vorname" })).toBeInViewport();
});

test.describe("an English browser", () => {
  test.use({ locale: "en-US" });

  test("[R-EV011][R-EV013] the event form takes German dates and times; they are stored as typed", async ({ page }) => {
    const name = "Wertungsspiele Sprachtest";
    await signIn(page, "staff@demo.test");
    await openScreen(page, "/event/manage", "Veranstaltungen");
    await page.getByRole("button", { name: "Neue Veranstaltung" }).click();
    const dialog = page.getByRole("dialog", { name: "Neue Veranstaltung" });
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await choose(page, dialog, "Art", "Wertungsspiele");
    // typed the German way, with single digits too
    await dialog.getByRole("textbox", { name: "Anmeldeschluss", exact: true }).fill("1.10.2030");
    await expect(dialog.getByRole("textbox", { name: "Anmeldeschluss", exact: true })).toHaveAttribute("placeholder", "TT.MM.JJJJ");
    await fillDateTime(dialog, "Veröffentlichung von", "2026-01-01T00:00");
    await fillDateTime(dialog, "Veröffentlichung bis", "2031-01-01T00:00");
    await dialog.getByRole("textbox", { name: "Beginn", exact: true }).fill("10.10.2030");
    await dialog.getByRole("textbox", { name: "Beginn, Uhrzeit", exact: true }).fill("9:00");
    await fillDateTime(dialog, "Ende", "2030-10-11T18:30");
    await dialog.getByRole("textbox", { name: "Datenschutzhinweise" }).fill("Die Daten dienen nur der Durchführung.");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expectNotice(page, "Neue Veranstaltung wurde erfolgreich angelegt");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("01.10.2030");
    // opened again: the stored values, German
    await rowAction(page, name, "Bearbeiten");
    const edit = page.getByRole("dialog", { name: "Veranstaltung bearbeiten" });
    await expect(edit.getByRole("textbox", { name: "Anmeldeschluss", exact: true })).toHaveValue("01.10.2030");
    await expectDateTime(edit, "Beginn", "2030-10-10T09:00");
    await expectDateTime(edit, "Ende", "2030-10-11T18:30");
    await edit.getByRole("button", { name: "Abbrechen" }).click();
  });

  test("[R-DF001] the D-exam form takes the birth date as T.M.JJJJ and stores it", async ({ page }) => {
    await signIn(page, "member@demo.test");
    const dialog = await openDexamForm(page, SPRING);
    await dialog.getByRole("textbox", { name: "Vorname" }).fill("Lena");
    await dialog.getByRole("textbox", { name: "Nachname" }).fill("Locale");
    const birthdate = dialog.getByRole("textbox", { name: "Geburtsdatum", exact: true });
    await birthdate.fill("5.6.2012");
    await birthdate.blur();
    await expect(birthdate).toHaveValue("05.06.2012");
    // the calendar is German too
    await dialog.getByRole("button", { name: "Kalender öffnen" }).first().click();
    await expect(page.getByRole("combobox", { name: "Monat" })).toContainText("Juni");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await choose(page, dialog, "Geschlecht", "weiblich");
    await choose(page, dialog, "Instrument", "Klarinette");
    await choose(page, dialog, "Kurs", "D1");
    await dialog.getByRole("combobox", { name: "Theorieprüfung", exact: true }).click();
    await page.getByRole("option").nth(1).click();
    await dialog.getByRole("checkbox", { name: /Datenschutzhinweise/ }).check();
    await dialog.getByRole("checkbox", { name: /Stornobedingungen/ }).check();
    await dialog.getByRole("button", { name: "Absenden" }).click();
    await expectNotice(page, "D-Prüfungsanmeldung wurde erfolgreich angelegt");

    // the stored date, read back in the overview's edit dialog
    await page.goto("/#/registration/overview");
    await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
    await page.getByRole("option", { name: SPRING, exact: true }).click();
    await rowAction(page, "Lena Locale", "Bearbeiten");
    const edit = page.getByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
    await expect(edit.getByRole("textbox", { name: "Geburtsdatum", exact: true })).toHaveValue("05.06.2012");
  });
});
