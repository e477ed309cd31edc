// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ConsentSection } from "./ConsentSection";

// The consent checkboxes of a new registration: the registering user consents in the first person;
// staff registering for a club confirm what others consented to, in the third person.

afterEach(cleanup);

const show = (confirmedBy?: "guardians" | "club" | null, camp: { health?: boolean; expiration?: string | null } = {}) =>
  render(
    <ConsentSection
      values={{ gdprAccepted: false, cancellationAccepted: false, healthConsentAccepted: false }}
      errors={{}}
      onChange={() => undefined}
      privacyPolicy="Die Daten dienen nur der Durchführung."
      cancellationConditions="Storno kostet"
      confirmedBy={confirmedBy}
      {...camp}
    />,
  );

const HEALTH_SELF =
  "Ich willige ausdrücklich in die Verarbeitung der Gesundheitsdaten des Kindes für die Freizeit ein. Ich bin sorgeberechtigt oder handle mit dem Einverständnis der Sorgeberechtigten.";
const HEALTH_GUARDIANS =
  "Eine sorgeberechtigte Person (oder eine Person mit Einverständnis der Sorgeberechtigten) hat ausdrücklich in die Verarbeitung der Gesundheitsdaten des Kindes für die Freizeit eingewilligt.";

describe("consent texts", () => {
  it("the registering user consents in the first person", () => {
    show();
    expect(screen.getByRole("checkbox", { name: "Ich habe die Datenschutzhinweise gelesen und bin einverstanden." })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Ich habe die Stornobedingungen gelesen und akzeptiere sie." })).toBeTruthy();
  });

  it("staff entering a D-exam registration for a club confirm the legal guardians' consent", () => {
    show("guardians");
    expect(
      screen.getByRole("checkbox", { name: "Die Erziehungsberechtigten haben die Datenschutzhinweise gelesen und ihr Einverständnis bestätigt." }),
    ).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Die Erziehungsberechtigten haben die Stornobedingungen gelesen und ihre Annahme bestätigt." })).toBeTruthy();
    expect(screen.queryAllByRole("checkbox", { name: /Ich habe/ })).toEqual([]);
  });

  it("staff entering a competition registration confirm the club's consent", () => {
    show("club");
    expect(screen.getByRole("checkbox", { name: "Der Verein hat die Datenschutzhinweise gelesen und sein Einverständnis bestätigt." })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Der Verein hat die Stornobedingungen gelesen und ihre Annahme bestätigt." })).toBeTruthy();
  });

  it("a camp asks for the consent to the health data apart from the privacy notice, with the parental-authority statement", () => {
    show(null, { health: true });
    const health = screen.getByRole("checkbox", { name: HEALTH_SELF });
    expect(health.getAttribute("aria-required") ?? (health as HTMLInputElement).required.toString()).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Ich habe die Datenschutzhinweise gelesen und bin einverstanden." })).toBeTruthy();
    expect(screen.getByText(/Sie kann jederzeit mit Wirkung für die Zukunft beim Kreisverband widerrufen werden/)).toBeTruthy();
    expect(screen.getAllByRole("checkbox")).toHaveLength(3);
  });

  it("staff entering a camp registration by phone confirm the guardians' consent to the health data", () => {
    show("guardians", { health: true });
    expect(screen.getByRole("checkbox", { name: HEALTH_GUARDIANS })).toBeTruthy();
    expect(screen.queryAllByRole("checkbox", { name: /^Ich / })).toEqual([]);
  });

  it("other events ask for no health consent", () => {
    show();
    expect(screen.queryAllByRole("checkbox", { name: /Gesundheitsdaten/ })).toEqual([]);
  });

  it("the event's automatic deletion date is stated (Berlin day), nothing without one", () => {
    // stored as the end of its Berlin day
    show(null, { health: true, expiration: "2027-01-31T22:59:59.000Z" });
    expect(screen.getByText("Die Daten dieser Anmeldung werden am 31.01.2027 automatisch gelöscht.")).toBeTruthy();
    cleanup();
    show(null, { health: true, expiration: null });
    expect(screen.queryByText(/automatisch gelöscht/)).toBeNull();
  });
});
