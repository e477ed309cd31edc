// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ConsentSection } from "./ConsentSection";

// The consent checkboxes of a new registration: the registering user consents in the first person;
// staff registering for a club confirm what others consented to, in the third person.

afterEach(cleanup);

const show = (confirmedBy?: "guardians" | "club" | null) =>
  render(
    <ConsentSection
      values={{ gdprAccepted: false, cancellationAccepted: false }}
      errors={{}}
      onChange={() => undefined}
      privacyPolicy="Die Daten dienen nur der Durchführung."
      cancellationConditions="Storno kostet"
      confirmedBy={confirmedBy}
    />,
  );

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
});
