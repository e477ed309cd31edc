import { describe, expect, it } from "vitest";
import { slotShort, slotText, slotWhen } from "./TimetableSlots";

describe("a registration's timetable slots", () => {
  it("names part, day, times (Europe/Berlin), room and location", () => {
    const slot = { part: "PRACTICE", locationName: "Musikschule", room: "Raum 1", start: "2027-03-13T08:00:00.000Z", end: "2027-03-13T08:20:00.000Z" };
    expect(slotWhen(slot)).toBe("Sa., 13.03.2027, 09:00–09:20 Uhr");
    expect(slotText(slot)).toBe("Praxis: Sa., 13.03.2027, 09:00–09:20 Uhr, Raum 1, Musikschule");
    expect(slotShort(slot)).toBe("Praxis: 13.03., 09:00, Raum 1");
  });
});
