// @vitest-environment happy-dom
import { fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { afterEach, describe, expect, it, vi } from "vitest";
import { choose, descriptionOf, optionsOf } from "../../components/fieldTesting";
import { renderWithRelay, unmountAll } from "../../relay/renderWithRelay";
import CompetitionCreateDialogQueryNode, { type CompetitionCreateDialogQuery } from "./__generated__/CompetitionCreateDialogQuery.graphql";
import { CompetitionCreateDialog } from "./CompetitionCreateDialog";

// The competition form as "Neue Anmeldung" shows it: the real dialog with its query, answered by
// relay-test-utils' mock environment; the type rules are checked through what a user sees and does.

afterEach(unmountAll);

const REQUIRED = "Dieses Feld ist ein Pflichtfeld";
const TYPE = /^Wertungsspieltyp/;

/** Competition locations listing types; none listed: every type is offered. */
function renderDialog(locations: { type: string; competitionTypes: string[] }[] = []) {
  const onClose = vi.fn();
  const rendered = renderWithRelay(
    (environment) => (
      <CompetitionCreateDialog
        query={loadQuery<CompetitionCreateDialogQuery>(environment, CompetitionCreateDialogQueryNode, { eventId: "RXZlbnQ6Mg==" })}
        onClose={onClose}
      />
    ),
    {
      User: () => ({ roles: [], districtAssociationId: 1, associations: [{ id: "club-7", name: "Musikverein Nord" }] }),
      Node: () => ({ __typename: "Event" }),
      Event: () => ({
        formType: "COMPETITION",
        districtAssociationId: 1,
        cancellationConditions: "Storno kostet 20 €.",
        privacyPolicy: "Wir speichern Ihre Angaben.",
        locations,
      }),
    },
  );
  return { ...rendered, onClose };
}

const combobox = (name: string) => screen.queryByRole("combobox", { name: new RegExp(`^${name}`) });
const textbox = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) });
const pieceRows = () =>
  within(screen.getByRole("region", { name: "Vortragsstücke" }))
    .getAllByRole("group")
    .map((group) => group.querySelector("legend")?.textContent);

describe("competition form in the create dialog", () => {
  it("[R-ST024][R-CF003] the dialog offers the types its event's competition locations list", async () => {
    renderDialog([
      { type: "COMPETITION", competitionTypes: ["M", "T"] },
      { type: "COMPETITION", competitionTypes: ["G"] },
    ]);
    await screen.findByRole("dialog", { name: "Neue Wertungsspielanmeldung anlegen" });
    expect(await optionsOf(TYPE)).toEqual(["T – Traditionelle Blasmusik", "G – Kammermusik", "M – Marschmusik"]);
  });

  it("[R-CF004][R-CF005][R-CF006][R-CF009][R-CF015][R-CF016] category or age group, casts, member list and piece rows follow the type", async () => {
    renderDialog();
    await screen.findByRole("dialog");
    // before a type: no level, the cast waits for the type, two piece rows
    expect(combobox("Kategorie")).toBeNull();
    expect(combobox("Altersgruppe")).toBeNull();
    expect(combobox("Besetzung")?.textContent).toBe("Bitte zuerst den Wertungsspieltyp wählen");
    expect(pieceRows()).toEqual(["Pflichtstück", "Selbstwahlstück"]);

    await choose(TYPE, "T – Traditionelle Blasmusik");
    expect(await optionsOf(/^Besetzung/)).toEqual(["Blasorchester", "Jugendblasorchester", "Spielleute"]);
    expect(await optionsOf(/^Kategorie/)).toEqual([
      "1 – sehr leicht",
      "2 – leicht",
      "3 – mittelschwer",
      "4 – schwer",
      "5 – sehr schwer",
      "6 – höchste Schwierigkeit",
    ]);
    expect(combobox("Altersgruppe")).toBeNull();
    expect(screen.queryByRole("textbox", { name: /^Mitgliederliste/ })).toBeNull();
    expect(pieceRows()).toEqual(["Pflichtstück", "Selbstwahlstück"]);

    await choose(TYPE, "G – Kammermusik");
    expect(await optionsOf(/^Besetzung/)).toEqual(["Solo", "Solo mit Klavier", "Ensemble", "Bläsergruppe", "Schlagwerkensemble"]);
    expect(await optionsOf(/^Altersgruppe/)).toEqual(["IA", "IB", "II", "III", "IV", "V", "VI"]);
    expect(combobox("Kategorie")).toBeNull();
    expect(textbox("Mitgliederliste")).toBeTruthy();
    expect(pieceRows()).toEqual(["Pflichtstück", "Selbstwahlstück", "3. Vortragsstück", "4. Vortragsstück"]);

    await choose(TYPE, "B – Bläserklassen");
    expect(await optionsOf(/^Altersgruppe/)).toEqual(["II", "III", "IV", "V", "VI"]);
    expect(screen.queryByRole("textbox", { name: /^Mitgliederliste/ })).toBeNull();
    expect(pieceRows()).toHaveLength(4);
  });

  it("[R-CF011] changing the type clears cast and category", async () => {
    renderDialog();
    await screen.findByRole("dialog");
    await choose(TYPE, "T – Traditionelle Blasmusik");
    await choose(/^Besetzung/, "Blasorchester");
    await choose(/^Kategorie/, "2 – leicht");
    expect(combobox("Kategorie")?.textContent).toBe("2 – leicht");

    await choose(TYPE, "K – Konzertmusik");
    expect(combobox("Besetzung")?.textContent).toBe("Bitte auswählen");
    expect(combobox("Kategorie")?.textContent).toBe("Bitte auswählen");
  });

  it("[R-CF001][R-CF007][R-CF008][R-CF012] sending an empty form: each required field says so, linked to its control, and nothing is sent", async () => {
    const { sent } = renderDialog();
    await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "Absenden" }));

    const controls = [
      textbox("Name der Gruppe"),
      textbox("Dirigent"),
      textbox("Anzahl Musiker"),
      combobox("Wertungsspieltyp"),
      screen.getByRole("checkbox", { name: /Datenschutzhinweise gelesen/ }),
      screen.getByRole("checkbox", { name: /Stornobedingungen gelesen/ }),
    ];
    for (const control of controls) expect(descriptionOf(control as HTMLElement), control?.id).toContain(REQUIRED);
    expect(document.activeElement).toBe(textbox("Name der Gruppe"));
    expect(sent.map((operation) => operation.name)).toEqual(["CompetitionCreateDialogQuery"]);
  });

  it("[R-ST027][R-CF014][R-CF018] a complete form is sent with the piece's duration in seconds, and the dialog closes", async () => {
    const { sent, onClose } = renderDialog();
    await screen.findByRole("dialog");
    fireEvent.change(textbox("Name der Gruppe"), { target: { value: "Blechbläser Nord" } });
    fireEvent.change(textbox("Dirigent"), { target: { value: "Dora Dirigentin" } });
    fireEvent.change(textbox("Anzahl Musiker"), { target: { value: "24" } });
    await choose(TYPE, "M – Marschmusik");
    await choose(/^Besetzung/, "Blasorchester");
    await choose(/^Kategorie/, "3 – mittelschwer");
    const mandatory = within(screen.getByRole("group", { name: "Pflichtstück" }));
    fireEvent.change(mandatory.getByRole("textbox", { name: /^Titel/ }), { target: { value: "Alte Kameraden" } });
    fireEvent.change(mandatory.getByRole("textbox", { name: /^Komponist/ }), { target: { value: "Carl Teike" } });
    fireEvent.change(mandatory.getByRole("textbox", { name: /^Verlag/ }), { target: { value: "Musikverlag" } });
    fireEvent.change(mandatory.getByRole("textbox", { name: /^Dauer/ }), { target: { value: "04:30" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Datenschutzhinweise gelesen/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Stornobedingungen gelesen/ }));
    fireEvent.click(screen.getByRole("button", { name: "Absenden" }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const create = sent.find((operation) => operation.name === "useCreateCompetitionRegistrationMutation");
    expect(create?.variables).toMatchObject({
      eventId: "RXZlbnQ6Mg==",
      input: {
        name: "Blechbläser Nord",
        association: "club-7",
        type: "M",
        cast: "B",
        category: "CAT_3",
        ageGroup: null,
        conductorName: "Dora Dirigentin",
        numberOfMusicians: 24,
        members: null,
        songs: [
          { name: "Alte Kameraden", composer: "Carl Teike", publisher: "Musikverlag", arranger: null, duration: 270 },
          { name: null, composer: null, publisher: null, arranger: null, duration: null },
        ],
        gdprAccepted: true,
        cancellationAccepted: true,
      },
    });
  });
});
