// @vitest-environment happy-dom
import { trackDismissableElement } from "@zag-js/dismissable";
import { afterEach, describe, expect, it } from "vitest";
import { keepIndependentPopupsOpen } from "./popupLayers";

// Ark UI's own layer stack (@zag-js/dismissable, what Menu, Select and Dialog register with): when a
// popup closes, every popup registered after it is dismissed as nested. A popup opened while another
// is still closing (both a frame late under load) is not nested; the guard keeps it open.

afterEach(() => {
  document.body.replaceChildren();
});

/** A popup's content with the trigger that controls it (aria-controls), the trigger inside `triggerIn`. */
function popup(id: string, triggerIn: Element = document.body) {
  const trigger = document.createElement("button");
  trigger.setAttribute("aria-controls", id);
  triggerIn.append(trigger);
  const content = document.createElement("div");
  content.id = id;
  content.append(document.createElement("button"));
  document.body.append(content);
  const state = { dismissed: false };
  const close = trackDismissableElement(content, { onDismiss: () => (state.dismissed = true), warnOnMissingNode: false });
  return { content, state, close };
}

describe("popup layers", () => {
  it("without the guard, closing the row menu dismisses the select list opened after it", () => {
    const menu = popup("menu:content");
    const list = popup("select:content");
    menu.close();
    expect(list.state.dismissed).toBe(true);
    list.close();
  });

  it("a closing popup leaves a popup opened after it (not inside it) open", () => {
    const release = keepIndependentPopupsOpen();
    try {
      const menu = popup("menu:content");
      const list = popup("select:content");
      const confirm = popup("dialog:content");
      menu.close();
      expect(list.state.dismissed).toBe(false);
      expect(confirm.state.dismissed).toBe(false);
      list.close();
      confirm.close();
    } finally {
      release();
    }
  });

  it("a popup opened from inside the closing one still closes with it (a select in a dialog)", () => {
    const release = keepIndependentPopupsOpen();
    try {
      const dialog = popup("dialog:content");
      const list = popup("select:content", dialog.content);
      dialog.close();
      expect(list.state.dismissed).toBe(true);
      list.close();
    } finally {
      release();
    }
  });
});
