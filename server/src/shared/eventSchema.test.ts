import { describe, expect, it } from "vitest";
import { duplicateErrors, eventErrors } from "./eventSchema.ts";
import { EVENT_MSG, MSG, tooLong, WIRE_MSG } from "./messages.ts";
import { TEXT_LIMITS } from "./validation.ts";

const valid = {
  name: "D-Prüfungen",
  formType: "DEXAM",
  editPhase: "NO_RESTRICTIONS",
  registrationDeadline: "2027-03-01",
  startPublishing: new Date("2027-01-01T00:00:00Z"),
  finishPublishing: new Date("2027-06-01T00:00:00Z"),
  privacyPolicy: "Datenschutz",
};
const invalidDate = new Date(Number.NaN);

describe("event schema", () => {
  it("a camp (D-exam camp) needs its automatic-deletion day; other events may leave it empty (the server then stores the default)", () => {
    expect(eventErrors({ ...valid, formType: "DEXAM_CAMP" })).toEqual({ expiration: EVENT_MSG.campExpiration });
    expect(eventErrors({ ...valid, formType: "DEXAM_CAMP", expiration: "" })).toEqual({ expiration: EVENT_MSG.campExpiration });
    expect(eventErrors({ ...valid, formType: "DEXAM_CAMP", expiration: "2027-09-30" })).toEqual({});
    expect(eventErrors({ ...valid, formType: "COMPETITION", expiration: null })).toEqual({});
  });

  it("[R-VA018][R-EV011] name, form type, edit phase, privacy policy, deadline and publishing window are required; nothing else", () => {
    expect(eventErrors(valid)).toEqual({});
    expect(eventErrors({})).toEqual({
      name: MSG.required,
      formType: MSG.required,
      editPhase: MSG.required,
      privacyPolicy: MSG.required,
      registrationDeadline: MSG.required,
      startPublishing: MSG.required,
      finishPublishing: MSG.required,
    });
    // blank texts are missing; null is no choice
    expect(eventErrors({ ...valid, name: "  ", privacyPolicy: " ", formType: null, editPhase: null, registrationDeadline: "" })).toEqual({
      name: MSG.required,
      privacyPolicy: MSG.required,
      formType: MSG.required,
      editPhase: MSG.required,
      registrationDeadline: MSG.required,
    });
    // every optional field given, all valid
    const full = { ...valid, description: "d", expiration: "2027-12-31", start: valid.finishPublishing, end: valid.finishPublishing, address: "a" };
    expect(eventErrors({ ...full, cancellationConditions: "c" })).toEqual({});
  });

  it("[R-EV013] the deadline and the expiration are calendar days (that exist, from 1900 on)", () => {
    for (const day of ["2027-02-30", "01.03.2027", " ", "1899-12-31"]) {
      expect(eventErrors({ ...valid, registrationDeadline: day }), day).toEqual({ registrationDeadline: MSG.date });
      expect(eventErrors({ ...valid, expiration: day }), day).toEqual({ expiration: MSG.date });
    }
    expect(eventErrors({ ...valid, expiration: "" })).toEqual({});
  });

  it("[R-EV004] the publishing window ends after it starts", () => {
    expect(eventErrors({ ...valid, finishPublishing: valid.startPublishing })).toEqual({ finishPublishing: EVENT_MSG.publishingWindow });
    expect(eventErrors({ ...valid, finishPublishing: new Date("2026-12-31T23:59:59Z") })).toEqual({ finishPublishing: EVENT_MSG.publishingWindow });
    expect(eventErrors({ ...valid, finishPublishing: new Date("2027-01-01T00:00:01Z") })).toEqual({});
  });

  it("an event ends no earlier than it starts; start and end are optional, alone as well", () => {
    const start = new Date("2027-05-12T08:00:00Z");
    expect(eventErrors({ ...valid, start, end: new Date("2027-05-12T07:59:00Z") })).toEqual({ end: EVENT_MSG.endBeforeStart });
    expect(eventErrors({ ...valid, start, end: start })).toEqual({});
    expect(eventErrors({ ...valid, start })).toEqual({});
    expect(eventErrors({ ...valid, end: start })).toEqual({});
  });

  it("an unreadable time is a date error, not a missing field, and the other rules still report", () => {
    for (const f of ["startPublishing", "finishPublishing", "start", "end"]) expect(eventErrors({ ...valid, [f]: invalidDate }), f).toEqual({ [f]: MSG.date });
    expect(eventErrors({ ...valid, name: "", start: invalidDate, end: new Date("2020-01-01T00:00:00Z") })).toEqual({ name: MSG.required, start: MSG.date });
    // a time is a Date: a text is no time (the service and the form hand in Dates)
    expect(eventErrors({ ...valid, start: "2027-05-12T08:00:00Z" })).toEqual({ start: MSG.date });
  });

  it("[R-VA001] every text at most its TEXT_LIMITS length; a required message comes first", () => {
    for (const [field, max] of Object.entries(TEXT_LIMITS.Event)) {
      expect(eventErrors({ ...valid, [field]: "ä".repeat(max) }), field).toEqual({});
      expect(eventErrors({ ...valid, [field]: "ä".repeat(max + 1) }), field).toEqual({ [field]: tooLong(max) });
    }
    expect(eventErrors({ ...valid, name: " ".repeat(TEXT_LIMITS.Event.name + 1) })).toEqual({ name: MSG.required });
  });

  it("values of the wrong kind are refused with the wire messages", () => {
    expect(eventErrors({ ...valid, formType: "CAMP" })).toEqual({ formType: WIRE_MSG.value });
    expect(eventErrors({ ...valid, editPhase: "OPEN" })).toEqual({ editPhase: WIRE_MSG.value });
    expect(eventErrors({ ...valid, name: 5 })).toEqual({ name: WIRE_MSG.text });
  });

  it("[R-EV026] the duplicate's new start day is required and a calendar day", () => {
    expect(duplicateErrors({})).toEqual({ startDay: MSG.required });
    expect(duplicateErrors({ startDay: "" })).toEqual({ startDay: MSG.required });
    expect(duplicateErrors({ startDay: "2027-02-30" })).toEqual({ startDay: MSG.date });
    expect(duplicateErrors({ startDay: "2027-03-01" })).toEqual({});
  });
});
