// @vitest-environment happy-dom
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRelay, unmountAll } from "../../relay/renderWithRelay";
import { CompetitionEditDialog } from "./CompetitionEditDialog";

// The competition form as the overview's edit dialog shows it: loaded by id through the mock
// environment; what may change follows viewerCan (the edit phase, R-CF019, and registration_manage).

afterEach(unmountAll);

const REGISTRATION_ID = "Q29tcGV0aXRpb25SZWdpc3RyYXRpb246OQ==";

function renderDialog({ edit = "ALL", manage = false }: { edit?: "ALL" | "SONGS" | "NONE"; manage?: boolean } = {}) {
  const onClose = vi.fn();
  const rendered = renderWithRelay(<CompetitionEditDialog registrationId={REGISTRATION_ID} onClose={onClose} />, {
    User: () => ({ associations: [{ id: "club-7", name: "Musikverein Nord" }] }),
    Node: () => ({ __typename: "CompetitionRegistration" }),
    CompetitionRegistration: () => ({
      id: REGISTRATION_ID,
      name: "Holzbläserquintett",
      association: { id: "club-7", name: "Musikverein Nord" },
      type: "G",
      cast: "E",
      category: null,
      ageGroup: "III",
      conductorName: "Dora Dirigentin",
      numberOfMusicians: 5,
      members: "Anna Alt\nBen Bass",
      remarks: null,
      songs: [{ name: "Quintett", composer: "Franz Danzi", publisher: "Verlag", arranger: null, duration: 390 }],
      songsComplete: false,
      documentsComplete: false,
      cancelledAt: null,
      timetableSlots: [],
      version: 5,
      viewerCan: { edit, manage },
    }),
    Event: () => ({ districtAssociationId: 1, cancellationConditions: null, privacyPolicy: "", locations: [] }),
  });
  return { ...rendered, onClose };
}

const textbox = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const region = (name: string) => screen.queryByRole("region", { name });

describe("competition form in the overview's edit dialog", () => {
  it("[R-CF018][R-CF019] the stored registration fills the form (durations as mm:ss); a save sends it with its version", async () => {
    const { sent, onClose } = renderDialog();
    await screen.findByRole("dialog", { name: "Wertungsspielanmeldung bearbeiten" });
    expect(screen.getByRole("combobox", { name: /^Altersgruppe/ }).textContent).toBe("III");
    expect(textbox("Mitgliederliste").value).toBe("Anna Alt\nBen Bass");
    const mandatory = within(screen.getByRole("group", { name: "Pflichtstück" }));
    expect((mandatory.getByRole("textbox", { name: /^Dauer/ }) as HTMLInputElement).value).toBe("06:30");
    expect(region("Verwaltung")).toBeNull();

    fireEvent.change(textbox("Anzahl Musiker"), { target: { value: "6" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const update = sent.find((operation) => operation.name === "useUpdateCompetitionRegistrationMutation");
    expect(update?.variables).toMatchObject({ id: REGISTRATION_ID, input: { numberOfMusicians: 6, type: "G", ageGroup: "III", version: 5 } });
    expect(update?.variables.input).not.toHaveProperty("documentsComplete");
  });

  it("[R-CF019][R-EV015] edit phase SONGS: only the performance pieces can change", async () => {
    renderDialog({ edit: "SONGS" });
    await screen.findByRole("dialog", { name: "Wertungsspielanmeldung bearbeiten" });
    expect(screen.getByText("In der aktuellen Bearbeitungsphase können nur die Vortragsstücke geändert werden.")).toBeTruthy();
    for (const name of ["Name der Gruppe", "Dirigent", "Anzahl Musiker", "Mitgliederliste"]) expect(textbox(name).disabled, name).toBe(true);
    expect((screen.getByRole("combobox", { name: /^Wertungsspieltyp/ }) as HTMLButtonElement).disabled).toBe(true);
    const pieces = within(region("Vortragsstücke") as HTMLElement);
    for (const field of pieces.getAllByRole("textbox")) expect((field as HTMLInputElement).disabled).toBe(false);
  });

  it("[R-RO034] registration_manage also sets Unterlagen vollständig", async () => {
    renderDialog({ manage: true });
    await screen.findByRole("dialog", { name: "Wertungsspielanmeldung bearbeiten" });
    expect(within(region("Verwaltung") as HTMLElement).getByRole("switch", { name: "Unterlagen vollständig" })).toBeTruthy();
  });
});
