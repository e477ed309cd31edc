// @vitest-environment happy-dom
import { fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { afterEach, describe, expect, it, vi } from "vitest";
import { choose, descriptionOf, optionsOf } from "../../components/fieldTesting";
import { renderWithRelay, unmountAll } from "../../relay/renderWithRelay";
import DexamCreateDialogQueryNode, { type DexamCreateDialogQuery } from "./__generated__/DexamCreateDialogQuery.graphql";
import { DexamCreateDialog } from "./DexamCreateDialog";

// The D-exam form as "Neue Anmeldung" shows it: the real dialog with its query, answered by
// relay-test-utils' mock environment; every rule is checked through what a user sees and does.

afterEach(unmountAll);

const REQUIRED = "Dieses Feld ist ein Pflichtfeld";

const LOCATIONS = [
  { id: "location-11", name: "Theorie Nord", type: "DEXAM_THEORY", dexamTypes: ["D1", "D2"], instruments: [] },
  { id: "location-12", name: "Praxis Holz", type: "DEXAM_PRACTICE", dexamTypes: ["D1"], instruments: ["CLARINET", "FLUTE"] },
  { id: "location-13", name: "Praxis Schlagwerk", type: "DEXAM_PRACTICE", dexamTypes: ["D1", "D2"], instruments: ["PERCUSSION"] },
  { id: "location-14", name: "Lehrgang Nord", type: "DEXAM_PREPARATION", dexamTypes: ["D1"], instruments: [] },
];

function renderDialog(formType: "DEXAM" | "DEXAM_CAMP" = "DEXAM") {
  const onClose = vi.fn();
  const rendered = renderWithRelay(
    (environment) => (
      <DexamCreateDialog query={loadQuery<DexamCreateDialogQuery>(environment, DexamCreateDialogQueryNode, { eventId: "RXZlbnQ6MQ==" })} onClose={onClose} />
    ),
    {
      User: () => ({ roles: [], districtAssociationId: 1, associations: [{ id: "club-7", name: "Musikverein Nord" }] }),
      Node: () => ({ __typename: "Event" }),
      Event: () => ({ formType, districtAssociationId: 1, cancellationConditions: null, privacyPolicy: "Wir speichern Ihre Angaben.", locations: LOCATIONS }),
    },
  );
  return { ...rendered, onClose };
}

const region = (name: string) => screen.queryByRole("region", { name });
const select = (name: string) => screen.getByRole("combobox", { name: new RegExp(`^${name}`) });
const textbox = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) });

describe("D-exam form in the create dialog", () => {
  it("[R-ST025][R-DF018] a D-exam event: the form's sections, without the camp section", async () => {
    renderDialog("DEXAM");
    await screen.findByRole("dialog", { name: "Neue D-Prüfungsanmeldung anlegen" });
    for (const section of ["Persönliche Daten", "Verein", "Prüfung", "Vorhandene Teilprüfung", "Einverständnis"])
      expect(region(section), section).not.toBeNull();
    expect(region("Angaben zur Freizeit")).toBeNull();
  });

  it("[R-ST026][R-DF018][R-DF019][R-DF020][R-DF021][R-DF026] a camp event adds the camp section, with the consent form upload", async () => {
    renderDialog("DEXAM_CAMP");
    await screen.findByRole("dialog", { name: "Neue D-Prüfungsanmeldung anlegen" });
    const camp = within(region("Angaben zur Freizeit") as HTMLElement);
    for (const field of ["Krankheiten", "Unverträglichkeiten", "Allergien"]) expect(camp.getByRole("textbox", { name: field })).toBeTruthy();
    expect(camp.getByRole("button", { name: /^Einverständniserklärung/ })).toBeTruthy();
  });

  it("[R-DF012][R-DF030][R-DF031] changing the instrument clears the practice location, and the exam pieces go with it", async () => {
    renderDialog();
    await screen.findByRole("dialog");
    await choose(/^Instrument/, "Klarinette");
    await choose(/^Kurs/, "D1");
    await choose(/^Theorieprüfung/, "Theorie Nord");
    expect(region("Prüfungsstücke")).toBeNull();
    await choose(/^Praxisprüfung/, "Praxis Holz");
    expect(select("Praxisprüfung").textContent).toBe("Praxis Holz");
    // four rows of number and title, numbered for every instrument but percussion (R-DF031, R-DF032)
    const pieces = within(region("Prüfungsstücke") as HTMLElement).getAllByRole("group");
    expect(pieces.map((group) => group.querySelector("legend")?.textContent)).toEqual([
      "1. Prüfungsstück",
      "2. Prüfungsstück",
      "3. Prüfungsstück",
      "4. Prüfungsstück",
    ]);
    for (const group of pieces) {
      expect(within(group).getByRole("textbox", { name: "Nummer" })).toBeTruthy();
      expect(within(group).getByRole("textbox", { name: /^Titel/ })).toBeTruthy();
    }

    await choose(/^Instrument/, "Querflöte");
    expect(select("Praxisprüfung").textContent).toBe("Keine Teilnahme");
    expect(select("Theorieprüfung").textContent).toBe("Theorie Nord");
    expect(region("Prüfungsstücke")).toBeNull();
  });

  it("[R-DF011] changing the course clears all three location choices", async () => {
    renderDialog();
    await screen.findByRole("dialog");
    await choose(/^Instrument/, "Klarinette");
    await choose(/^Kurs/, "D1");
    await choose(/^Theorieprüfung/, "Theorie Nord");
    await choose(/^Praxisprüfung/, "Praxis Holz");
    await choose(/^Vorbereitungslehrgang/, "Lehrgang Nord");
    await choose(/^Kurs/, "D2");
    for (const field of ["Theorieprüfung", "Praxisprüfung", "Vorbereitungslehrgang"]) expect(select(field).textContent, field).toBe("Keine Teilnahme");
  });

  it("[R-DF009][R-DF010][R-DF032] the locations follow course and instrument; percussion names its four pieces", async () => {
    renderDialog();
    await screen.findByRole("dialog");
    expect(select("Praxisprüfung").textContent).toBe("Bitte zuerst Instrument und Kurs wählen");
    await choose(/^Kurs/, "D2");
    expect(await optionsOf(/^Theorieprüfung/)).toEqual(["Keine Teilnahme", "Theorie Nord"]);
    expect(await optionsOf(/^Vorbereitungslehrgang/)).toEqual(["Keine Teilnahme"]);
    await choose(/^Instrument/, "Klarinette");
    expect(await optionsOf(/^Praxisprüfung/)).toEqual(["Keine Teilnahme"]);
    // neither a practice location for the clarinet nor a D2 preparation course
    expect(screen.getAllByText("Für diese Auswahl gibt es keinen Ort")).toHaveLength(2);
    await choose(/^Instrument/, "Schlagwerk");
    expect(await optionsOf(/^Praxisprüfung/)).toEqual(["Keine Teilnahme", "Praxis Schlagwerk"]);

    await choose(/^Praxisprüfung/, "Praxis Schlagwerk");
    const pieces = within(region("Prüfungsstücke") as HTMLElement).getAllByRole("group");
    expect(pieces.map((group) => group.querySelector("legend")?.textContent)).toEqual(["Kleine Trommel", "Drumset", "Pauken", "Orchesterschlagwerk"]);
  });

  it("[R-DF002][R-DF028] sending an empty form: each required field says so, linked to its control, and nothing is sent", async () => {
    const { sent } = renderDialog();
    await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "Absenden" }));

    for (const control of [textbox("Vorname"), textbox("Nachname"), textbox("Geburtsdatum"), select("Geschlecht"), select("Instrument"), select("Kurs")]) {
      expect(control.getAttribute("aria-invalid"), control.id).toBe("true");
      expect(descriptionOf(control), control.id).toContain(REQUIRED);
    }
    const consent = screen.getByRole("checkbox", { name: /Datenschutzhinweise gelesen/ });
    expect(descriptionOf(consent)).toContain(REQUIRED);
    // the single own club is preselected (R-VA042): no message there
    expect(select("Verein").textContent).toBe("Musikverein Nord");
    expect(select("Verein").getAttribute("aria-invalid")).not.toBe("true");
    // the first field with a message has the focus
    expect(document.activeElement).toBe(textbox("Vorname"));
    expect(sent.map((operation) => operation.name)).toEqual(["DexamCreateDialogQuery"]);
  });

  it("[R-ST027][R-DF030] a complete form is sent as the registration's input and the dialog closes", async () => {
    const { sent, onClose } = renderDialog();
    await screen.findByRole("dialog");
    fireEvent.change(textbox("Vorname"), { target: { value: " Anna " } });
    fireEvent.change(textbox("Nachname"), { target: { value: "Alt" } });
    fireEvent.change(textbox("Geburtsdatum"), { target: { value: "12.03.2011" } });
    await choose(/^Geschlecht/, "weiblich");
    await choose(/^Instrument/, "Klarinette");
    await choose(/^Kurs/, "D1");
    await choose(/^Theorieprüfung/, "Theorie Nord");
    fireEvent.click(screen.getByRole("checkbox", { name: /Datenschutzhinweise gelesen/ }));
    fireEvent.click(screen.getByRole("button", { name: "Absenden" }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const create = sent.find((operation) => operation.name === "useCreateDexamRegistrationMutation");
    expect(create?.variables).toMatchObject({
      eventId: "RXZlbnQ6MQ==",
      input: {
        firstname: "Anna",
        lastname: "Alt",
        dateOfBirth: "2011-03-12",
        gender: "F",
        association: "club-7",
        instrument: "CLARINET",
        type: "D1",
        theoryLocation: "location-11",
        practiceLocation: null,
        preparationLocation: null,
        // no practice exam: no pieces (R-DF030)
        songs: [],
        camp: null,
        gdprAccepted: true,
      },
    });
  });
});
