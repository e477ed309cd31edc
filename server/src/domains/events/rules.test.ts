import { describe, expect, it } from "vitest";
import { deadlineDay, deadlineFor, deadlinePassed, formFamily, isCopyTarget, isCurrent, isPublished, validateEvent } from "./rules.ts";

const valid = {
  name: "D-Prüfungen",
  formType: "DEXAM" as const,
  editPhase: "NO_RESTRICTIONS" as const,
  registrationDeadline: "2027-03-01",
  startPublishing: new Date("2027-01-01T00:00:00Z"),
  finishPublishing: new Date("2027-06-01T00:00:00Z"),
  privacyPolicy: "Datenschutz",
};

describe("event rules", () => {
  it("[R-VA018] name, deadline, start and stop of publishing, form type, edit phase and privacy policy are required", () => {
    expect(validateEvent(valid)).toEqual({});
    expect(validateEvent({ name: "" })).toEqual({
      name: "Dieses Feld ist ein Pflichtfeld",
      formType: "Dieses Feld ist ein Pflichtfeld",
      editPhase: "Dieses Feld ist ein Pflichtfeld",
      privacyPolicy: "Dieses Feld ist ein Pflichtfeld",
      registrationDeadline: "Dieses Feld ist ein Pflichtfeld",
      startPublishing: "Dieses Feld ist ein Pflichtfeld",
      finishPublishing: "Dieses Feld ist ein Pflichtfeld",
    });
  });

  it("[R-VA018] publishing must end after it starts", () => {
    expect(validateEvent({ ...valid, finishPublishing: valid.startPublishing }).finishPublishing).toBe(
      "Das Ende der Veröffentlichung muss nach ihrem Beginn liegen",
    );
  });

  it("[R-EV013][R-BC011][R-BC012] the deadline is 23:59:59 Berlin of the chosen day and reads back as that day", () => {
    expect(deadlineFor("2027-03-01").toISOString()).toBe("2027-03-01T22:59:59.000Z");
    expect(deadlineFor("2027-07-01").toISOString()).toBe("2027-07-01T21:59:59.000Z");
    expect(deadlineDay(deadlineFor("2027-07-01"))).toBe("2027-07-01");
  });

  it("[R-EV004] published exactly when start_publishing <= now < finish_publishing", () => {
    const e = { startPublishing: new Date("2027-01-01T00:00:00Z"), finishPublishing: new Date("2027-02-01T00:00:00Z") };
    expect(isPublished(e, new Date("2026-12-31T23:59:59Z"))).toBe(false);
    expect(isPublished(e, new Date("2027-01-01T00:00:00Z"))).toBe(true);
    expect(isPublished(e, new Date("2027-01-31T23:59:59Z"))).toBe(true);
    expect(isPublished(e, new Date("2027-02-01T00:00:00Z"))).toBe(false);
  });

  it("[R-ST030] the deadline passes after 23:59:59 Berlin time", () => {
    const e = { registrationDeadline: deadlineFor("2027-03-01") };
    expect(deadlinePassed(e, new Date("2027-03-01T22:59:59Z"))).toBe(false);
    expect(deadlinePassed(e, new Date("2027-03-01T23:00:00Z"))).toBe(true);
  });

  it("[R-ST005][R-ST023] an event is current until its last day (end, else start, else deadline) has passed in Berlin", () => {
    const now = new Date("2027-05-10T10:00:00Z");
    expect(isCurrent({ end: new Date("2027-05-09T20:00:00Z"), start: null, registrationDeadline: deadlineFor("2027-04-01") }, now)).toBe(false);
    expect(isCurrent({ end: new Date("2027-05-10T06:00:00Z"), start: null, registrationDeadline: deadlineFor("2027-04-01") }, now)).toBe(true);
    expect(isCurrent({ end: null, start: null, registrationDeadline: deadlineFor("2027-05-10") }, now)).toBe(true);
    expect(isCurrent({ end: null, start: null, registrationDeadline: deadlineFor("2027-05-09") }, now)).toBe(false);
  });

  it("[R-EV021][R-EV022][R-EV023] copy targets: same family (D-exam and camp together), deadline from today, not itself", () => {
    const now = new Date("2027-05-10T10:00:00Z");
    const source = { id: 1, formType: "DEXAM" as const };
    expect(formFamily("DEXAM_CAMP")).toBe(formFamily("DEXAM"));
    expect(isCopyTarget(source, { id: 2, formType: "DEXAM_CAMP", registrationDeadline: deadlineFor("2027-05-10") }, now)).toBe(true);
    expect(isCopyTarget(source, { id: 3, formType: "COMPETITION", registrationDeadline: deadlineFor("2027-06-10") }, now)).toBe(false);
    expect(isCopyTarget(source, { id: 4, formType: "DEXAM", registrationDeadline: deadlineFor("2027-05-09") }, now)).toBe(false);
    expect(isCopyTarget(source, { id: 1, formType: "DEXAM", registrationDeadline: deadlineFor("2027-06-10") }, now)).toBe(false);
  });
});
