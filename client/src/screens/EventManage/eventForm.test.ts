import { describe, expect, it } from "vitest";
import { updateVersion } from "../../forms/version";
import { EMPTY_EVENT_FORM, eventFormValues, eventInput, followExpiration, validateEventForm } from "./eventForm";

const filled = {
  ...EMPTY_EVENT_FORM,
  name: " Frühjahr ",
  formType: "DEXAM",
  registrationDeadline: "2027-04-30",
  startPublishing: "2027-01-01T00:00",
  finishPublishing: "2027-06-01T00:00",
  privacyPolicy: "Datenschutz",
};

describe("event form", () => {
  it("the automatic-deletion day shows the default of form type and last day, follows them while it is the default, and keeps a day the office chose", () => {
    const set = (before: typeof filled, change: Partial<typeof filled>) => followExpiration(before, { ...before, ...change });
    const camp = set(filled, { formType: "DEXAM_CAMP" });
    // no start or end yet: the deadline's day is the last day
    expect(camp.expiration).toBe("2027-07-30");
    const withEnd = set(camp, { end: "2027-08-07T14:00" });
    expect(withEnd.expiration).toBe("2027-11-07");
    expect(set(withEnd, { formType: "DEXAM" }).expiration).toBe("2029-12-31");
    const chosen = set(withEnd, { expiration: "2027-09-01" });
    expect(chosen.expiration).toBe("2027-09-01");
    expect(set(chosen, { end: "2027-08-20T14:00" }).expiration).toBe("2027-09-01");
    // an event kept without a day opens with the default shown
    expect(
      eventFormValues({
        ...filled,
        registrationDeadlineDay: "2027-04-30",
        formType: "COMPETITION",
        expiration: null,
        startPublishing: "2027-01-01T00:00:00Z",
        finishPublishing: "2027-06-01T00:00:00Z",
      }).expiration,
    ).toBe("2028-12-31");
    // a camp whose day was emptied is refused before sending
    expect(validateEventForm({ ...withEnd, expiration: "" }).expiration).toBe("Für D-Prüfungen Freizeit ist die automatische Löschung ein Pflichtfeld");
  });

  it("[R-EV011][R-VA] name, form type, edit phase, deadline, publishing window and privacy policy are required", () => {
    const errors = validateEventForm({ ...EMPTY_EVENT_FORM, editPhase: "" });
    expect(Object.keys(errors).sort()).toEqual([
      "editPhase",
      "finishPublishing",
      "formType",
      "name",
      "privacyPolicy",
      "registrationDeadline",
      "startPublishing",
    ]);
    expect(errors.name).toBe("Dieses Feld ist ein Pflichtfeld");
    expect(validateEventForm(filled)).toEqual({});
  });

  it("[R-EV004] the publishing window must end after it starts; the event must end after it starts", () => {
    expect(validateEventForm({ ...filled, finishPublishing: "2026-12-01T00:00" }).finishPublishing).toBe(
      "Das Ende der Veröffentlichung muss nach ihrem Beginn liegen",
    );
    expect(validateEventForm({ ...filled, start: "2027-05-12T08:00", end: "2027-05-11T08:00" }).end).toBe("Das Ende muss nach dem Beginn liegen");
  });

  it("the form's values reach the shared schema: datetime-local as Berlin instants, an unreadable one as a date error", () => {
    // the same wall time as the finish: an empty publishing window
    expect(validateEventForm({ ...filled, startPublishing: "2027-06-01T00:00" }).finishPublishing).toBe(
      "Das Ende der Veröffentlichung muss nach ihrem Beginn liegen",
    );
    expect(validateEventForm({ ...filled, start: "12.05.2027 08:00" })).toEqual({ start: "Bitte ein gültiges Datum eingeben" });
    expect(validateEventForm({ ...filled, registrationDeadline: "2027-02-30" })).toEqual({ registrationDeadline: "Bitte ein gültiges Datum eingeben" });
  });

  it("[R-EV012][R-EV013] the input sends the deadline day, Berlin instants, and the form type only on create", () => {
    const input = eventInput({ ...filled, start: "2027-05-12T08:00" }, "create");
    expect(input).toMatchObject({
      name: "Frühjahr",
      formType: "DEXAM",
      registrationDeadline: "2027-04-30",
      start: "2027-05-12T06:00:00.000Z",
      end: null,
      expiration: null,
    });
    expect("formType" in eventInput(filled, "edit")).toBe(false);
  });

  it("[R-EV011] no lost updates: an edit sends the version the form was filled from; a new event none", () => {
    expect({ ...eventInput(filled, "edit"), ...updateVersion(3) }.version).toBe(3);
    expect("version" in eventInput(filled, "edit")).toBe(false);
    expect("version" in eventInput(filled, "create")).toBe(false);
  });

  it("[R-EV008] the edit form reads the stored event", () => {
    const values = eventFormValues({
      name: "A",
      formType: "COMPETITION",
      editPhase: "SONGS_ONLY",
      registrationDeadlineDay: "2027-04-30",
      startPublishing: "2026-12-31T23:00:00.000Z",
      finishPublishing: "2027-06-01T10:00:00.000Z",
      expiration: "2027-12-31T22:59:59.000Z",
      privacyPolicy: "P",
    });
    expect(values).toMatchObject({
      registrationDeadline: "2027-04-30",
      startPublishing: "2027-01-01T00:00",
      finishPublishing: "2027-06-01T12:00",
      expiration: "2027-12-31",
    });
  });
});
