// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithRelay, unmountAll } from "../../relay/renderWithRelay";
import { CompetitionOverview } from "./CompetitionOverview";
import { DexamOverview } from "./DexamOverview";
import { NO_FILTERS } from "./overviewFilters";

// The overviews' sortable headers: Stücke sorts for everyone (SONGS), the D-exam's Note (GRADE) only
// for viewers who see every result of the event, as the points; the sort comes from the URL's `sort`.

afterEach(unmountAll);

function renderOverview(viewerSeesAllResults: boolean, url: string) {
  const rendered = renderWithRelay(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback="…">
        <DexamOverview
          eventId="RXZlbnQ6MQ=="
          districtAssociationId={1}
          search=""
          filters={NO_FILTERS}
          searching={false}
          viewerSeesAllResults={viewerSeesAllResults}
        />
      </Suspense>
    </MemoryRouter>,
    { DexamRegistrationConnection: () => ({ totalCount: 0, edges: [] }) },
  );
  const orderBys = () => rendered.sent.filter((op) => op.name === "DexamOverviewQuery").map((op) => op.variables.orderBy ?? null);
  return { ...rendered, orderBys };
}

const header = async (name: string) => screen.findByRole("columnheader", { name });

describe("the D-exam overview's Stücke and Note headers", () => {
  it("for a viewer who sees every result both are buttons; a sort=-grade link asks the server for GRADE descending, a click on Stücke for SONGS", async () => {
    const { orderBys } = renderOverview(true, "/?sort=-grade");
    const grade = await header("Note");
    expect(grade.getAttribute("aria-sort")).toBe("descending");
    expect(within(grade).getByRole("button", { name: "Note" })).toBeTruthy();
    expect(orderBys()).toEqual([{ field: "GRADE", direction: "DESC" }]);
    fireEvent.click(within(await header("Stücke")).getByRole("button", { name: "Stücke" }));
    await waitFor(async () => expect((await header("Stücke")).getAttribute("aria-sort")).toBe("ascending"));
    expect(orderBys().at(-1)).toEqual({ field: "SONGS", direction: "ASC" });
  });

  it("for anyone else Note is plain text and a sort=grade link sorts nothing (the server would refuse it); Stücke still sorts", async () => {
    const { orderBys } = renderOverview(false, "/?sort=grade");
    const grade = await header("Note");
    expect(within(grade).queryByRole("button")).toBeNull();
    expect(grade.getAttribute("aria-sort")).toBeNull();
    expect(orderBys()).toEqual([null]);
    expect(within(await header("Stücke")).getByRole("button", { name: "Stücke" })).toBeTruthy();
  });
});

describe("the competition overview's Stücke header", () => {
  it("is a button for anyone; a sort=-songs link asks the server for SONGS descending", async () => {
    const rendered = renderWithRelay(
      <MemoryRouter initialEntries={["/?sort=-songs"]}>
        <Suspense fallback="…">
          <CompetitionOverview eventId="RXZlbnQ6Mg==" search="" filters={NO_FILTERS} searching={false} viewerSeesAllResults={false} />
        </Suspense>
      </MemoryRouter>,
      { CompetitionRegistrationConnection: () => ({ totalCount: 0, edges: [] }) },
    );
    const songs = await header("Stücke");
    expect(within(songs).getByRole("button", { name: "Stücke" })).toBeTruthy();
    expect(songs.getAttribute("aria-sort")).toBe("descending");
    expect(rendered.sent.filter((op) => op.name === "CompetitionOverviewQuery").map((op) => op.variables.orderBy)).toEqual([
      { field: "SONGS", direction: "DESC" },
    ]);
  });
});
