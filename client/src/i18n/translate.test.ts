import { describe, expect, it } from "vitest";
import { de, type MessageKey } from "./de";
import { en } from "./en";
import { createTranslator, interpolate, loadFallback, t } from "./translate";

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

  it("[R-SH002] the application translator falls back to the English catalog it loads apart", async () => {
    await loadFallback();
    const german = de as Partial<Record<string, string>>;
    const saved = german["menu.logout"];
    delete german["menu.logout"];
    try {
      expect(t("menu.logout")).toBe(en["menu.logout"]);
    } finally {
      german["menu.logout"] = saved;
    }
    expect(t("menu.logout")).toBe("Abmelden");
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
