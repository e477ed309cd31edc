import { describe, expect, it } from "vitest";
import { chooseEvent, nextUpcoming } from "./chooseEvent";

const NOW = new Date("2027-03-01T10:00:00Z");
const event = (databaseId: number, start: string | null, end: string | null = start) => ({ id: `E${databaseId}`, databaseId, start, end });

const autumn = event(1, "2026-10-10T08:00:00Z");
const spring = event(2, "2027-04-20T08:00:00Z", "2027-04-21T16:00:00Z");
const summer = event(3, "2027-07-01T08:00:00Z");
const running = event(4, "2027-02-27T08:00:00Z", "2027-03-02T16:00:00Z");
const undated = event(5, null);

describe("the event the overview and the results screen start with", () => {
  it("preselects the next upcoming event: the earliest start among those not over yet", () => {
    expect(nextUpcoming([summer, autumn, spring, undated], NOW)).toBe(spring);
  });

  it("counts an event running today as upcoming until its end", () => {
    expect(nextUpcoming([summer, spring, running], NOW)).toBe(running);
    expect(nextUpcoming([event(6, "2027-03-01T08:00:00Z", null)], NOW)?.databaseId).toBe(6);
  });

  it("takes the event that started last when every event is over, and the first without any dates", () => {
    expect(nextUpcoming([autumn, event(7, "2026-12-01T08:00:00Z")], NOW)?.databaseId).toBe(7);
    expect(nextUpcoming([undated], NOW)).toBe(undated);
    expect(nextUpcoming([], NOW)).toBeNull();
  });

  it("keeps the event the URL names (a link or a reload), then the one chosen before, over the upcoming one", () => {
    const events = [autumn, spring, summer];
    expect(chooseEvent(events, "3", "E1", NOW)).toBe(summer);
    expect(chooseEvent(events, null, "E1", NOW)).toBe(autumn);
    expect(chooseEvent(events, null, null, NOW)).toBe(spring);
  });

  it("ignores a URL or session event that is not among the listed ones (another district association)", () => {
    expect(chooseEvent([autumn, spring], "99", "E42", NOW)).toBe(spring);
    expect(chooseEvent([autumn, spring], "abc", null, NOW)).toBe(spring);
  });
});
