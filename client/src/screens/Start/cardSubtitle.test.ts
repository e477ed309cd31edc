import { describe, expect, it } from "vitest";
import { formatDayRange } from "../../events/eventDates";
import { t } from "../../i18n/translate";
import { cardSubtitle } from "./startCards";

describe("event card subtitle", () => {
  it("[R-ST011][R-ST012] every card has a subtitle: the date range, else the address, else that the date follows", () => {
    expect(cardSubtitle(formatDayRange("2027-05-12T07:00:00Z", "2027-05-13T16:00:00Z"), "Festhalle, Musterstadt", t)).toBe("12.05.2027 – 13.05.2027");
    expect(cardSubtitle(formatDayRange(null, null), "Festhalle, Musterstadt", t)).toBe("Festhalle, Musterstadt");
    for (const address of [null, undefined, "", "  "]) expect(cardSubtitle(formatDayRange(null, null), address, t)).toBe("Termin wird noch bekannt gegeben");
  });
});
