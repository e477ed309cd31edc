import { describe, expect, it } from "vitest";
import type { MessageKey } from "./de";
import { createTranslator, interpolate, t } from "./translate";

describe("translate", () => {
  it("[R-SH001] uses German by default", () => {
    expect(t("menu.logout")).toBe("Abmelden");
    expect(t("route.userManage")).toBe("Benutzerverwaltung");
  });

  it("[R-SH002] falls back to English when the German text is missing", () => {
    const translate = createTranslator({ "menu.open": "Menü öffnen" }, { "menu.open": "Open menu", "menu.close": "Close menu" });
    expect(translate("menu.open")).toBe("Menü öffnen");
    expect(translate("menu.close")).toBe("Close menu");
  });

  it("returns the key when neither catalog has the text", () => {
    const translate = createTranslator({}, {});
    expect(translate("menu.close" as MessageKey)).toBe("menu.close");
  });

  it("replaces named placeholders and keeps unknown ones", () => {
    expect(t("start.greeting", { firstname: "Anna", lastname: "Muster" })).toBe("Willkommen, Anna Muster");
    expect(interpolate("{a} und {b}", { a: 1 })).toBe("1 und {b}");
  });
});
