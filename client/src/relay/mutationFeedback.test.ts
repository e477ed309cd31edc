import { describe, expect, it } from "vitest";
import { ApiError } from "../http/apiError";
import { checkGraphQLResponse } from "./graphQLResponse";
import { failureText, fieldErrorsOf } from "./mutationFeedback";

describe("mutation feedback", () => {
  it('[R-ER002][R-ER005] a rejected mutation shows "{German text}: {server message}"', () => {
    const error = new ApiError("Der Verein hat Anmeldungen und kann nicht gelöscht werden", {
      kind: "http",
      status: 200,
      code: "CONFLICT",
      serverMessage: "Der Verein hat Anmeldungen und kann nicht gelöscht werden",
    });
    expect(failureText("error.association.delete", error)).toBe("Verein kann nicht gelöscht werden: Der Verein hat Anmeldungen und kann nicht gelöscht werden");
  });

  it("[R-ER009][R-ER010] a save based on an older version (CONFLICT) shows the server's stale-data message after the German text", () => {
    const stale = "Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und tragen Sie Ihre Änderungen noch einmal ein.";
    let error: unknown;
    try {
      checkGraphQLResponse(200, { data: null, errors: [{ message: stale, extensions: { code: "CONFLICT", fields: { version: stale } } }] });
    } catch (e) {
      error = e;
    }
    expect(failureText("error.event.update", error)).toBe(`Veranstaltung kann nicht aktualisiert werden: ${stale}`);
    expect(failureText("error.location.update", error)).toBe(`Veranstaltungsort kann nicht aktualisiert werden: ${stale}`);
    expect(failureText("error.association.update", error)).toBe(`Verein kann nicht aktualisiert werden: ${stale}`);
    expect(failureText("error.districtAssociation.update", error)).toBe(`Kreisverband kann nicht aktualisiert werden: ${stale}`);
    expect(failureText("error.user.update", error)).toBe(`Benutzer kann nicht aktualisiert werden: ${stale}`);
  });

  it('[R-ER003] a failure without an answer shows "unknown error"', () => {
    expect(failureText("error.user.deactivate", new ApiError("Netzwerkfehler", { kind: "network" }))).toBe(
      "Benutzer kann nicht deaktiviert werden: unknown error",
    );
    expect(failureText("error.user.resendInvitation", new Error("boom"))).toBe("Einladungsnachricht kann nicht versendet werden: unknown error");
  });

  it("[R-ER007][R-ER008] user texts of spec §8 are used as prefixes", () => {
    const error = new ApiError("x", { kind: "http", serverMessage: "Nicht gefunden" });
    expect(failureText("error.user.reactivate", error)).toBe("Benutzer kann nicht reaktiviert werden: Nicht gefunden");
    expect(failureText("error.user.addToAssociation", error)).toBe("Benutzer kann nicht zum Verein hinzugefügt werden: Nicht gefunden");
  });

  it("passes the server's field messages on, and none for other failures", () => {
    const error = new ApiError("Ungültig", { kind: "http", code: "VALIDATION", fields: { email: "Diese E-Mail-Adresse wird bereits verwendet" } });
    expect(fieldErrorsOf(error)).toEqual({ email: "Diese E-Mail-Adresse wird bereits verwendet" });
    expect(fieldErrorsOf(new Error("x"))).toEqual({});
  });
});
