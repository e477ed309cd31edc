import { createOperationDescriptor, Environment, Network, RecordSource, Store } from "relay-runtime";
import { describe, expect, it } from "vitest";
import OverviewContentQueryNode from "./__generated__/OverviewContentQuery.graphql";
import { overviewVariables } from "./overviewRoute";

// The overview's route loads the first screen in one query: the pickers, the district's events and,
// when the store holds the district's event list, the first page of the event the overview will
// show (the URL's, the session's, else the next upcoming one), with the URL's search and sort.

const NOW = new Date("2026-11-28T12:00:00Z");

const event = (databaseId: number, formType: string, start: string, viewerSeesAllResults = false) => ({
  __typename: "Event",
  id: `event-${databaseId}`,
  databaseId,
  name: `Veranstaltung ${databaseId}`,
  formType,
  start,
  end: start,
  viewerSeesAllResults,
  deadlinePassed: false,
});

/** A Relay environment that sends nothing (the variables are worked out before the query goes out). */
const createEnvironment = () =>
  new Environment({
    network: Network.create(() => {
      throw new Error("no network in this test");
    }),
    store: new Store(new RecordSource()),
  });

/** An environment whose store holds the event list of district 1 (as after an earlier visit of the overview). */
function environmentWithEvents() {
  const environment = createEnvironment();
  const operation = createOperationDescriptor(OverviewContentQueryNode, { districtAssociationId: 1 });
  const nodes = [
    event(1, "DEXAM", "2026-03-01T09:00:00Z", true),
    event(2, "COMPETITION", "2027-05-01T09:00:00Z", true),
    event(3, "DEXAM", "2027-01-10T09:00:00Z"),
  ];
  environment.commitPayload(operation, { events: { edges: nodes.map((node) => ({ node })) } });
  return environment;
}

const state = (activeDistrictAssociationId: number | null, activeEventId: string | null = null) => ({ activeDistrictAssociationId, activeEventId });
const NO_TABLE = {
  eventId: "",
  location: null,
  association: null,
  filter: null,
  dexam: false,
  dexamOrderBy: null,
  competition: false,
  competitionOrderBy: null,
};

describe("the overview route's variables", () => {
  it("without a district: only the pickers", () => {
    const variables = overviewVariables({ environment: createEnvironment(), state: state(null), params: new URLSearchParams() }, NOW);
    expect(variables).toEqual({ districtAssociationId: 0, withDistrict: false, search: null, ...NO_TABLE });
  });

  it("the district's events come along; without their list in the store the event is not known yet, so no table", () => {
    const variables = overviewVariables({ environment: createEnvironment(), state: state(1), params: new URLSearchParams("event=2") }, NOW);
    expect(variables).toEqual({ districtAssociationId: 1, withDistrict: true, search: null, ...NO_TABLE });
  });

  it("with the list in the store: the next upcoming D-exam's first page, with the URL's search", () => {
    const variables = overviewVariables({ environment: environmentWithEvents(), state: state(1), params: new URLSearchParams("q=%20Anna%20") }, NOW);
    expect(variables).toMatchObject({ withDistrict: true, eventId: "event-3", search: "Anna", dexam: true, dexamOrderBy: null, competition: false });
  });

  it("the URL's event before the session's; a competition's sort by points for a viewer who sees every result", () => {
    const variables = overviewVariables(
      { environment: environmentWithEvents(), state: state(1, "event-3"), params: new URLSearchParams("event=2&sort=-points") },
      NOW,
    );
    expect(variables).toMatchObject({ eventId: "event-2", dexam: false, competition: true, competitionOrderBy: { field: "POINTS", direction: "DESC" } });
  });

  it("the session's event; a sort the viewer may not use (grade, results unseen) is no sort, as in the table", () => {
    const variables = overviewVariables({ environment: environmentWithEvents(), state: state(1, "event-3"), params: new URLSearchParams("sort=grade") }, NOW);
    expect(variables).toMatchObject({ eventId: "event-3", dexam: true, dexamOrderBy: null });
    const allowed = overviewVariables({ environment: environmentWithEvents(), state: state(1, "event-1"), params: new URLSearchParams("sort=grade") }, NOW);
    expect(allowed).toMatchObject({ eventId: "event-1", dexam: true, dexamOrderBy: { field: "GRADE", direction: "ASC" } });
  });

  it("[R-RO009] the URL's filters come with the first page, as far as the event's kind takes them", () => {
    const params = new URLSearchParams("event=1&instrument=FLUTE&status=NOT_VERIFIED&club=QXNz&from=2026-01-01");
    expect(overviewVariables({ environment: environmentWithEvents(), state: state(1), params }, NOW)).toMatchObject({
      eventId: "event-1",
      dexam: true,
      location: null,
      association: "QXNz",
      filter: { instrument: "FLUTE", course: null, status: "NOT_VERIFIED", createdFrom: "2026-01-01", createdTo: null },
    });
    // a competition has no instrument and no unverified partial result: only the club and the day stay
    const competition = new URLSearchParams("event=2&instrument=FLUTE&status=NOT_VERIFIED&club=QXNz&from=2026-01-01");
    expect(overviewVariables({ environment: environmentWithEvents(), state: state(1), params: competition }, NOW)).toMatchObject({
      eventId: "event-2",
      competition: true,
      association: "QXNz",
      filter: { instrument: null, status: null, createdFrom: "2026-01-01" },
    });
  });

  it("a search longer than the server takes (a crafted link) leaves the table to ask for itself, so its error stands beside the toolbar", () => {
    const params = new URLSearchParams({ q: "x".repeat(201) });
    expect(overviewVariables({ environment: environmentWithEvents(), state: state(1), params }, NOW)).toMatchObject({
      withDistrict: true,
      dexam: false,
      competition: false,
    });
  });
});
