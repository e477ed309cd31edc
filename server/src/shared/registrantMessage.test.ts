// The rules of a message to the registrants (registrantMessage.ts), shared by the dialog and the server.
import { describe, expect, it } from "vitest";
import { fillPlaceholders, messageErrors } from "./registrantMessage.ts";

describe("a message to the registrants", () => {
  it("fills in the recipient's first and last name and the event's name", () => {
    const values = { vorname: "Max", nachname: "Mitglied", veranstaltung: "D-Prüfungen Frühjahr" };
    expect(fillPlaceholders("Hallo {vorname} {nachname}, zu {veranstaltung}: {vorname}", values)).toBe("Hallo Max Mitglied, zu D-Prüfungen Frühjahr: Max");
  });

  it("refuses any other placeholder (points, health data) under its field, in German", () => {
    expect(messageErrors({ subject: "Ihre {punkte}", body: "{allergien}" })).toEqual({
      subject: "Unbekannter Platzhalter {punkte}: erlaubt sind nur {vorname}, {nachname}, {veranstaltung}",
      body: "Unbekannter Platzhalter {allergien}: erlaubt sind nur {vorname}, {nachname}, {veranstaltung}",
    });
    expect(messageErrors({ subject: "{}", body: "ok" }).subject).toMatch(/^Unbekannter Platzhalter \{\}/);
  });

  it("requires subject and text, and the subject on one line", () => {
    expect(messageErrors({ subject: " ", body: "" })).toEqual({ subject: "Dieses Feld ist ein Pflichtfeld", body: "Dieses Feld ist ein Pflichtfeld" });
    expect(messageErrors({ subject: "a\nb", body: "Text" })).toEqual({ subject: "Der Betreff darf keinen Zeilenumbruch enthalten" });
    expect(messageErrors({ subject: "Hinweis", body: "Zeile 1\n\nZeile 2 mit {Klammern nicht}" })).toEqual({});
  });
});
