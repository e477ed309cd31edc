import { describe, expect, it } from "vitest";
import { FILTER_PARAMS, filterVariables, readFilters, statusOptions, withFilter, withoutFilters } from "./overviewFilters";

// The overview's filters live in the URL (a filtered overview is a link, the back button takes the
// last filter back): read from the query for the event's kind, written one parameter at a time,
// and sent as the table query's variables.

describe("[R-RO009] the overview's filters in the URL", () => {
  const url = new URLSearchParams(
    "event=RXZlbnQ6MQ%3D%3D&q=Anna&sort=-lastname&instrument=CLARINET&course=D2&location=TG9j&club=QXNz&status=NOT_VERIFIED&from=2026-03-01&to=2026-04-30",
  );

  it("reads every filter of a D-exam overview from its parameter", () => {
    expect(readFilters(url, "dexam", false)).toEqual({
      instrument: "CLARINET",
      course: "D2",
      location: "TG9j",
      club: "QXNz",
      status: "NOT_VERIFIED",
      from: "2026-03-01",
      to: "2026-04-30",
    });
  });

  it("leaves out what the kind's overview does not take: a competition has no instrument, course or unverified partial result", () => {
    expect(readFilters(url, "competition", false)).toEqual({ location: "TG9j", club: "QXNz", from: "2026-03-01", to: "2026-04-30" });
    expect(readFilters(new URLSearchParams("status=DOCUMENTS_INCOMPLETE"), "competition", false)).toEqual({ status: "DOCUMENTS_INCOMPLETE" });
    expect(readFilters(new URLSearchParams("status=DOCUMENTS_INCOMPLETE"), "dexam", false)).toEqual({});
  });

  it("[R-RO017] offers and reads 'Ergebnis eingetragen' only to viewers who see every result", () => {
    expect(statusOptions("dexam", false)).not.toContain("RESULT_ENTERED");
    expect(statusOptions("dexam", true)).toContain("RESULT_ENTERED");
    expect(readFilters(new URLSearchParams("status=RESULT_ENTERED"), "dexam", false)).toEqual({});
    expect(readFilters(new URLSearchParams("status=RESULT_ENTERED"), "dexam", true)).toEqual({ status: "RESULT_ENTERED" });
  });

  it("drops values a hand-edited link could carry: unknown instrument, a day that is no day, a period ending before it begins", () => {
    const wrong = new URLSearchParams("instrument=Geige&course=D4&status=offen&from=2026-13-01&to=gestern");
    expect(readFilters(wrong, "dexam", true)).toEqual({});
    expect(readFilters(new URLSearchParams("from=2026-05-01&to=2026-04-01"), "dexam", true)).toEqual({ from: "2026-05-01" });
  });

  it("writes one filter and keeps the event, the search, the sort and the other filters; empty removes it", () => {
    const set = withFilter(url, "status", "LIVE");
    expect(set.get("status")).toBe("LIVE");
    expect(set.get("q")).toBe("Anna");
    expect(set.get("sort")).toBe("-lastname");
    expect(set.get("instrument")).toBe("CLARINET");
    expect(withFilter(url, "club", null).has("club")).toBe(false);
    expect(url.get("status")).toBe("NOT_VERIFIED");
    const cleared = withoutFilters(url);
    for (const name of FILTER_PARAMS) expect(cleared.has(name)).toBe(false);
    expect(cleared.get("event")).toBe("RXZlbnQ6MQ==");
    expect(cleared.get("q")).toBe("Anna");
  });

  it("sends the filters as the query's variables: location and club as arguments, the rest as RegistrationListFilter", () => {
    expect(filterVariables(readFilters(url, "dexam", false))).toEqual({
      location: "TG9j",
      association: "QXNz",
      filter: { instrument: "CLARINET", course: "D2", status: "NOT_VERIFIED", createdFrom: "2026-03-01", createdTo: "2026-04-30" },
    });
    expect(filterVariables({})).toEqual({ location: null, association: null, filter: null });
  });
});
