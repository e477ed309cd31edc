// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { choose } from "../../components/fieldTesting";
import { renderWithRelay, unmountAll } from "../../relay/renderWithRelay";
import type { DexamRowData } from "./DexamRow";
import { TakeoverDialog } from "./TakeoverDialog";

// The takeover's consents: members consent in the first person; staff who register for the
// district's clubs confirm the legal guardians' consent, as in the registration form. The target
// event's automatic deletion date is stated.

afterEach(unmountAll);

const ROW = {
  id: "RGV4YW1SZWdpc3RyYXRpb246NQ==",
  firstname: "Lena",
  lastname: "Lernfleißig",
  instrument: "CLARINET",
  type: "D1",
  theoryPoints: 31.5,
  practicePoints: 28,
  partialResultType: null,
  partialResultPoints: null,
  existingPartialResultVerified: false,
} as unknown as DexamRowData;

function renderTakeover(viewer: { roles: string[]; districtAssociationId: number }) {
  return renderWithRelay(<TakeoverDialog registration={ROW} sourceEventId="source" districtAssociationId={1} onClose={vi.fn()} onSaved={vi.fn()} />, {
    User: () => viewer,
    EventConnection: () => ({
      edges: [
        {
          node: {
            id: "target",
            name: "D-Prüfungen Frühjahr",
            formType: "DEXAM",
            deadlinePassed: false,
            privacyPolicy: "Die Daten dienen nur der Durchführung.",
            cancellationConditions: "Storno kostet",
            // the end of 31.01.2028 in Berlin
            expiration: "2028-01-31T22:59:59.000Z",
            locations: [{ id: "practice", name: "Praxis Holz", type: "DEXAM_PRACTICE", dexamTypes: ["D1"], instruments: ["CLARINET"] }],
          },
        },
      ],
    }),
  });
}

describe("takeover consents", () => {
  it("a member consents in the first person; the target's deletion date is stated", async () => {
    renderTakeover({ roles: [], districtAssociationId: 1 });
    await choose(/^Veranstaltung/, "D-Prüfungen Frühjahr");
    expect(screen.getByRole("checkbox", { name: "Ich habe die Datenschutzhinweise gelesen und bin einverstanden." })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Ich habe die Stornobedingungen gelesen und akzeptiere sie." })).toBeTruthy();
    expect(screen.getByText("Die Daten dieser Anmeldung werden am 31.01.2028 automatisch gelöscht.")).toBeTruthy();
  });

  it("registration_manage of the district confirms the legal guardians' consent, never in the first person", async () => {
    renderTakeover({ roles: ["registration_manage"], districtAssociationId: 1 });
    await choose(/^Veranstaltung/, "D-Prüfungen Frühjahr");
    expect(
      screen.getByRole("checkbox", { name: "Die Erziehungsberechtigten haben die Datenschutzhinweise gelesen und ihr Einverständnis bestätigt." }),
    ).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Die Erziehungsberechtigten haben die Stornobedingungen gelesen und ihre Annahme bestätigt." })).toBeTruthy();
    expect(screen.queryAllByRole("checkbox", { name: /^Ich / })).toEqual([]);
  });
});
