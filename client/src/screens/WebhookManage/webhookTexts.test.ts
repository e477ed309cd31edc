import { EVENT_TYPES } from "@shared/changeFeed";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../i18n/format";
import { deliveryAnswerText, deliveryStateText, eventTypeLabel } from "./webhookTexts";

describe("the webhook screen's texts", () => {
  it("names an event type in German with its technical name, and keeps an unknown one as it is", () => {
    expect(eventTypeLabel("event.created")).toBe("Veranstaltung angelegt (event.created)");
    expect(eventTypeLabel("dexam_registration.deleted")).toBe("D-Prüfungs-Anmeldung gelöscht (dexam_registration.deleted)");
    expect(eventTypeLabel("invoice.created")).toBe("Rechnung angelegt (invoice.created)");
    expect(eventTypeLabel("timetable_slot.updated")).toBe("Zeitplan-Eintrag geändert (timetable_slot.updated)");
    expect(eventTypeLabel("payment.created")).toBe("payment.created");
    expect(eventTypeLabel("event.archived")).toBe("event.archived");
    expect(eventTypeLabel("event")).toBe("event");
  });

  it("names every event type the server offers (the change feed's entities) in German", () => {
    for (const type of EVENT_TYPES) expect(eventTypeLabel(type)).toMatch(new RegExp(`^[A-ZÄÖÜ][^(]+ \\(${type.replace(".", "\\.")}\\)$`));
  });

  it("says a delivery's state with its time", () => {
    const at = "2026-11-28T10:15:00.000Z";
    expect(deliveryStateText({ state: "DELIVERED", deliveredAt: at })).toBe(`Zugestellt am ${formatDateTime(at)}`);
    expect(deliveryStateText({ state: "FAILED", failedAt: at })).toBe(`Aufgegeben am ${formatDateTime(at)}`);
    expect(deliveryStateText({ state: "PENDING", nextAttemptAt: at })).toBe(`Ausstehend, nächster Versuch ${formatDateTime(at)}`);
    expect(deliveryStateText({ state: "PENDING" })).toBe("Ausstehend");
  });

  it("gives the last answer: the failure's reason or the HTTP status; nothing before the first attempt", () => {
    expect(deliveryAnswerText({ attempts: 0, lastStatus: null, lastError: null })).toBe("");
    expect(deliveryAnswerText({ attempts: 2, lastStatus: 500, lastError: "Antwort 500" })).toBe("Antwort 500");
    expect(deliveryAnswerText({ attempts: 1, lastStatus: 204, lastError: null })).toBe("HTTP 204");
    expect(deliveryAnswerText({ attempts: 3, lastStatus: null, lastError: "connect ECONNREFUSED" })).toBe("keine Antwort – connect ECONNREFUSED");
  });
});
