import { fireEvent, screen, waitFor, within } from "@testing-library/react";

/**
 * Helpers for component tests of forms, working as a user would: through the controls' roles and
 * names (the German labels).
 */

/** Opens the SelectField labelled `label` and waits for its list; returns its trigger and its options. */
async function open(label: string | RegExp) {
  const trigger = screen.getByRole("combobox", { name: label });
  fireEvent.click(trigger);
  const listbox = document.getElementById(trigger.getAttribute("aria-controls") ?? "");
  if (!listbox) throw new Error(`no list for ${label}`);
  const options = await within(listbox).findAllByRole("option");
  return { trigger, options };
}

/** Waits until the list of `trigger` is closed again. */
async function closed(trigger: HTMLElement) {
  await waitFor(() => {
    if (trigger.getAttribute("aria-expanded") !== "false") throw new Error("the list is still open");
  });
}

/** Picks `option` in the SelectField labelled `label` (Ark UI Select: open the list, point at the entry, click it). */
export async function choose(label: string | RegExp, option: string) {
  const { trigger, options } = await open(label);
  const entry = options.find((o) => o.textContent === option);
  if (!entry) throw new Error(`${label} offers no "${option}" but ${options.map((o) => o.textContent).join(", ")}`);
  // Ark UI selects the highlighted entry: a mouse pointing at it highlights it
  fireEvent.pointerDown(entry, { pointerType: "mouse" });
  fireEvent.pointerMove(entry, { pointerType: "mouse" });
  fireEvent.click(entry);
  await closed(trigger);
}

/** The names of the options the SelectField labelled `label` offers (opens and closes its list). */
export async function optionsOf(label: string | RegExp): Promise<string[]> {
  const { trigger, options } = await open(label);
  fireEvent.click(trigger);
  await closed(trigger);
  return options.map((o) => o.textContent ?? "");
}

/** The texts a control is described by (aria-describedby): its hint and its error message. */
export function descriptionOf(control: HTMLElement): string {
  return (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
}
