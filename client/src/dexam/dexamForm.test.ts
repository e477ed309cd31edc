import { MSG, tooLong } from "@shared/messages";
import { describe, expect, it } from "vitest";
import { checkDocumentFile, DOCUMENT_ACCEPT, formatFileSize } from "../components/FileUploadField";
import { de } from "../i18n/de";
import {
  addEmergencyContact,
  applyChange,
  campAccessOf,
  choosesDistrictClubs,
  clubOptions,
  type DexamFormValues,
  type DexamRecord,
  dexamFormValues,
  dexamInput,
  type EventFacts,
  emptyDexamForm,
  errorsAfterChange,
  isCamp,
  locationBlocked,
  locationChoice,
  offeredLocations,
  removeEmergencyContact,
  SONG_ROWS,
  showsSongs,
  validateDexamForm,
  withoutCampErrors,
} from "./dexamForm";

const REQUIRED = "Dieses Feld ist ein Pflichtfeld";
const NOW = new Date("2027-03-01T12:00:00Z");

/** A location of the event as the form reads it (useDexamEvent). */
const location = (id: string, name: string, type: string, dexamTypes: string[], instruments: string[] = []) => ({ id, name, type, dexamTypes, instruments });
const THEORY = location("1", "Musikschule (Theorie)", "DEXAM_THEORY", ["D1", "D2", "D3"]);
const WOODWIND = location("2", "Musikschule (Praxis Holz)", "DEXAM_PRACTICE", ["D1", "D2", "D3"], ["FLUTE", "CLARINET"]);
const CLARINET_D2 = location("3", "Klarinette D2 (Praxis)", "DEXAM_PRACTICE", ["D2"], ["CLARINET"]);
const BRASS = location("4", "Gymnasium (Praxis Blech)", "DEXAM_PRACTICE", ["D1", "D2", "D3"], ["TRUMPET", "PERCUSSION"]);
const PREPARATION = location("5", "Vorbereitungskurs", "DEXAM_PREPARATION", ["D1", "D2"]);
const THEORY_D3 = location("6", "Theorie nur D3", "DEXAM_THEORY", ["D3"]);

const DEXAM: EventFacts = { formType: "DEXAM", cancellationConditions: null, locations: [THEORY, WOODWIND, CLARINET_D2, BRASS, PREPARATION, THEORY_D3] };
const WITH_CONDITIONS: EventFacts = { ...DEXAM, cancellationConditions: "Storno kostet 10 €." };
const CAMP: EventFacts = { ...DEXAM, formType: "DEXAM_CAMP" };

/** A complete D2 clarinet candidate with theory and practice, consents given. */
const valid = (): DexamFormValues => ({
  ...emptyDexamForm(["7"]),
  firstname: " Clara ",
  lastname: "Klarinette",
  birthdate: "2012-05-04",
  gender: "F",
  instrument: "CLARINET",
  type: "D2",
  theoryLocationId: "1",
  practiceLocationId: "3",
  gdprAccepted: true,
  cancellationAccepted: true,
});

/** valid() plus the camp section filled and a consent form chosen. */
const validCamp = (): DexamFormValues => {
  const v = valid();
  return {
    ...v,
    camp: { ...v.camp, mealRequest: "VEGETARIAN", emergencyContacts: [{ name: "Eva Klarinette", phone: "+49 171 1234567" }] },
    healthConsentAccepted: true,
    consentForm: { name: "einverstaendnis.pdf", size: 2048, dataUrl: "data:application/pdf;base64,JVBERi0xLjQ=" },
  };
};

const check = (values: DexamFormValues, event: EventFacts = DEXAM, mode: "create" | "edit" = "create") => validateDexamForm(values, { mode, event, now: NOW });
const names = (list: { name: string }[]) => list.map((l) => l.name);
const change = (values: DexamFormValues, ...steps: [string, string | boolean | null][]) =>
  steps.reduce((v, [path, value]) => applyChange(v, path, value), values);

describe("D-exam form: fields and required data", () => {
  it("[R-DF001][R-DF002][R-DF003][R-DF004][R-DF005] personal data, club, instrument and course are required", () => {
    const errors = check(emptyDexamForm());
    for (const field of ["firstname", "lastname", "birthdate", "gender", "associationId", "instrument", "type"]) expect(errors[field], field).toBe(REQUIRED);
    expect(check(valid())).toEqual({});
  });

  it("[R-DF002] the birth date must be a real day in the past", () => {
    expect(check({ ...valid(), birthdate: "2030-01-01" }).birthdate).toBe("Bitte ein gültiges Geburtsdatum eingeben");
    expect(check({ ...valid(), birthdate: "04.05.2012" }).birthdate).toBe("Bitte ein gültiges Geburtsdatum eingeben");
  });

  it("[R-VA042] a single own club is preselected; several leave the choice open", () => {
    expect(emptyDexamForm(["7"]).associationId).toBe("7");
    expect(emptyDexamForm(["7", "8"]).associationId).toBe("");
    expect(emptyDexamForm().associationId).toBe("");
  });

  it("[R-VA042][R-VA043] registration_manage of the event's district (and admin) choose among the district's clubs, others among their own", () => {
    const event = { districtAssociationId: 1 };
    expect(choosesDistrictClubs({ roles: [], districtAssociationId: 1 }, event)).toBe(false);
    expect(choosesDistrictClubs({ roles: ["registration_read"], districtAssociationId: 1 }, event)).toBe(false);
    expect(choosesDistrictClubs({ roles: ["registration_manage"], districtAssociationId: 1 }, event)).toBe(true);
    expect(choosesDistrictClubs({ roles: ["registration_manage"], districtAssociationId: 2 }, event)).toBe(false);
    expect(choosesDistrictClubs({ roles: ["admin"], districtAssociationId: 2 }, event)).toBe(true);
  });

  it("[R-VA042] the own clubs are offered; a stored club of an edited registration stays among them", () => {
    const own = [{ id: "7", name: "Musikverein Musterstadt" }];
    expect(clubOptions(own)).toEqual([{ value: "7", label: "Musikverein Musterstadt" }]);
    expect(clubOptions(own, { id: "9", name: "Stadtkapelle" }).map((o) => o.label)).toEqual(["Musikverein Musterstadt", "Stadtkapelle"]);
    expect(clubOptions(own, own[0])).toHaveLength(1);
  });
});

describe("D-exam form: locations", () => {
  const offered = (field: "theoryLocationId" | "practiceLocationId" | "preparationLocationId", values: DexamFormValues) =>
    names(offeredLocations(field, locationChoice(field, values), DEXAM));

  it("[R-DF006][R-DF007][R-DF008][R-DF009] each choice lists the event's locations of its type that offer the course", () => {
    const d2 = change(emptyDexamForm(), ["instrument", "CLARINET"], ["type", "D2"]);
    expect(offered("theoryLocationId", d2)).toEqual(["Musikschule (Theorie)"]);
    expect(offered("practiceLocationId", d2)).toEqual(["Musikschule (Praxis Holz)", "Klarinette D2 (Praxis)"]);
    expect(offered("preparationLocationId", d2)).toEqual(["Vorbereitungskurs"]);
    const d3 = change(d2, ["type", "D3"]);
    expect(offered("theoryLocationId", d3)).toEqual(["Musikschule (Theorie)", "Theorie nur D3"]);
    expect(offered("practiceLocationId", d3)).toEqual(["Musikschule (Praxis Holz)"]);
    expect(offered("preparationLocationId", d3)).toEqual([]);
  });

  it("[R-DF010] the practice choice lists only locations examining the instrument", () => {
    const trumpet = change(emptyDexamForm(), ["instrument", "TRUMPET"], ["type", "D1"]);
    expect(offered("practiceLocationId", trumpet)).toEqual(["Gymnasium (Praxis Blech)"]);
    const oboe = change(trumpet, ["instrument", "OBOE"]);
    expect(offered("practiceLocationId", oboe)).toEqual([]);
  });

  it("[R-DF009][R-DF010] without course (practice: without instrument) no location is offered yet", () => {
    const none = emptyDexamForm();
    expect(locationBlocked("theoryLocationId", locationChoice("theoryLocationId", none))).toBe("course");
    expect(locationBlocked("practiceLocationId", locationChoice("practiceLocationId", none))).toBe("instrument");
    expect(locationBlocked("practiceLocationId", locationChoice("practiceLocationId", change(none, ["instrument", "FLUTE"])))).toBe("course");
    expect(offered("theoryLocationId", none)).toEqual([]);
  });

  it("[R-DF011] changing the course clears all three location choices", () => {
    const before = { ...valid(), preparationLocationId: "5" };
    const after = applyChange(before, "type", "D1");
    expect(after).toMatchObject({ type: "D1", theoryLocationId: "", practiceLocationId: "", preparationLocationId: "" });
    // choosing the same course again changes nothing
    expect(applyChange(before, "type", "D2")).toBe(before);
  });

  it("[R-DF012] changing the instrument clears the practice location choice", () => {
    const after = applyChange({ ...valid(), preparationLocationId: "5" }, "instrument", "FLUTE");
    expect(after).toMatchObject({ instrument: "FLUTE", theoryLocationId: "1", practiceLocationId: "", preparationLocationId: "5" });
  });

  it("[R-DF013] at least a theory or a practice exam; the preparation course is optional and not enough alone", () => {
    const onlyPreparation = { ...valid(), theoryLocationId: "", practiceLocationId: "", preparationLocationId: "5" };
    expect(check(onlyPreparation).theoryLocationId).toBe("Bitte mindestens einen Prüfungsteil (Theorie oder Praxis) wählen");
    expect(check({ ...valid(), practiceLocationId: "" })).toEqual({});
    expect(check({ ...valid(), theoryLocationId: "" })).toEqual({});
    expect(check({ ...valid(), preparationLocationId: "5" })).toEqual({});
  });

  it("[R-VA023][R-DF009][R-DF010] a stored location that no longer fits stays visible and says why (server messages)", () => {
    const flute = { ...valid(), instrument: "FLUTE" };
    expect(offered("practiceLocationId", flute)).toContain("Klarinette D2 (Praxis)");
    expect(check(flute).practiceLocationId).toBe("An diesem Ort wird das gewählte Instrument nicht geprüft");
    expect(check({ ...valid(), type: "D1" }).practiceLocationId).toBe("Dieser Ort bietet den gewählten Kurs nicht an");
    expect(check({ ...valid(), theoryLocationId: "3" }).theoryLocationId).toBe("Dieser Ort gehört nicht zu dieser Veranstaltung");
    expect(check({ ...valid(), theoryLocationId: "99" }).theoryLocationId).toBe("Dieser Ort gehört nicht zu dieser Veranstaltung");
  });
});

describe("D-exam form: existing partial result", () => {
  const partial = (type: string) => ({ type, districtAssociation: "Kreisverband Musterstadt", year: "2025", location: "Musterstadt", points: "28.5" });

  it("[R-DF014][R-VA027] once a type is chosen, district association, year, location and points are required", () => {
    const chosen = applyChange({ ...valid(), theoryLocationId: "" }, "partialResult.type", "THEORY");
    const errors = check(chosen);
    for (const field of ["districtAssociation", "year", "location", "points"]) expect(errors[`partialResult.${field}`], field).toBe(REQUIRED);
    expect(check({ ...chosen, partialResult: partial("THEORY") })).toEqual({});
    // without a type nothing of it is required
    expect(check(valid())).toEqual({});
  });

  it("[R-VA028] the year is numeric (four digits, not in the future)", () => {
    const base = { ...valid(), theoryLocationId: "" };
    expect(check({ ...base, partialResult: { ...partial("THEORY"), year: "letztes Jahr" } })["partialResult.year"]).toBe("Bitte ein gültiges Jahr eingeben");
    expect(check({ ...base, partialResult: { ...partial("THEORY"), year: "2031" } })["partialResult.year"]).toBe("Bitte ein gültiges Jahr eingeben");
    expect(check({ ...base, partialResult: { ...partial("THEORY"), year: "2027" } })).toEqual({});
  });

  it("[R-VA029][R-VA002] points use step 0.01; 0 points are points", () => {
    const base = { ...valid(), theoryLocationId: "" };
    const points = (p: string) => check({ ...base, partialResult: { ...partial("THEORY"), points: p } })["partialResult.points"];
    expect(points("28.505")).toBe("Bitte eine Punktzahl mit höchstens zwei Nachkommastellen eingeben");
    expect(points("-1")).toBe("Bitte eine Punktzahl mit höchstens zwei Nachkommastellen eingeben");
    expect(points("28.25")).toBeUndefined();
    expect(points("0")).toBeUndefined();
    expect(dexamInput({ ...base, partialResult: partial("THEORY") }, { mode: "create", event: DEXAM }).partialResult).toEqual({
      type: "THEORY",
      districtAssociation: "Kreisverband Musterstadt",
      year: 2025,
      location: "Musterstadt",
      points: 28.5,
    });
  });

  it("[R-VA029] the points of a partial result are read with a comma or a point; thousands separators are refused", () => {
    const base = { ...valid(), theoryLocationId: "" };
    const withPoints = (p: string) => ({ ...base, partialResult: { ...partial("THEORY"), points: p } });
    const points = (p: string) => check(withPoints(p))["partialResult.points"];
    expect(points("2,5")).toBeUndefined();
    expect(points("27,5")).toBeUndefined();
    expect(points("2,5,1")).toBe(MSG.decimalSeparator);
    expect(points("1.000,5")).toBe(MSG.decimalSeparator);
    expect(dexamInput(withPoints("2,5"), { mode: "create", event: DEXAM }).partialResult?.points).toBe(2.5);
    expect(dexamInput(withPoints("27,5"), { mode: "create", event: DEXAM }).partialResult?.points).toBe(27.5);
  });

  it("[R-DF017] the types are Theorie and Praxis; the passed part cannot be booked again", () => {
    expect(check({ ...valid(), partialResult: partial("THEORY") }).theoryLocationId).toBe("Die Theorieprüfung ist als vorhandene Teilprüfung schon bestanden");
    expect(check({ ...valid(), partialResult: partial("PRACTICE") }).practiceLocationId).toBe(
      "Die Praxisprüfung ist als vorhandene Teilprüfung schon bestanden",
    );
    // with the theory passed, the open part is practice: the message sits there
    expect(check({ ...valid(), theoryLocationId: "", practiceLocationId: "", partialResult: partial("THEORY") }).practiceLocationId).toBe(
      "Bitte mindestens einen Prüfungsteil (Theorie oder Praxis) wählen",
    );
  });

  it("[R-DF017] choosing a part clears and blocks that part's location choice", () => {
    const theory = applyChange(valid(), "partialResult.type", "THEORY");
    expect(theory).toMatchObject({ theoryLocationId: "", practiceLocationId: "3" });
    expect(locationBlocked("theoryLocationId", locationChoice("theoryLocationId", theory))).toBe("passed");
    const practice = applyChange(valid(), "partialResult.type", "PRACTICE");
    expect(practice).toMatchObject({ theoryLocationId: "1", practiceLocationId: "" });
  });

  it("[R-DF015][R-DF016][R-DF017] clearing the type clears its other fields and the location choice of the same part", () => {
    // a stored registration may carry both (e.g. corrected by the office)
    const theory = { ...valid(), partialResult: partial("THEORY") };
    const cleared = applyChange(theory, "partialResult.type", "");
    expect(cleared.partialResult).toEqual({ type: "", districtAssociation: "", year: "", location: "", points: "" });
    expect(cleared).toMatchObject({ theoryLocationId: "", practiceLocationId: "3" });
    const practice = applyChange({ ...valid(), partialResult: partial("PRACTICE") }, "partialResult.type", "");
    expect(practice).toMatchObject({ theoryLocationId: "1", practiceLocationId: "" });
    expect(applyChange(valid(), "partialResult.type", "")).toMatchObject({ theoryLocationId: "1", practiceLocationId: "3" });
  });
});

describe("D-exam form: camp data of another account of the club", () => {
  it("only the registering account and staff read the camp data; others see the notice when there are some, else nothing", () => {
    expect(campAccessOf({ campDataWithheld: false, viewerCan: { readCampData: true } })).toBe("read");
    expect(campAccessOf({ campDataWithheld: true, viewerCan: { readCampData: false } })).toBe("withheld");
    expect(campAccessOf({ campDataWithheld: false, viewerCan: { readCampData: false } })).toBe("none");
  });

  it("such an account's edit sends no camp data and is not held up by the camp fields it cannot see", () => {
    const errors = check(valid(), CAMP);
    // what stays are the create's consents, which are no camp data (the consent form, the consent to the health data)
    expect(Object.keys(withoutCampErrors(errors, "withheld")).sort()).toEqual(["consentForm", "healthConsentAccepted"]);
    expect(withoutCampErrors(errors, "read")).toEqual(errors);
    expect(dexamInput(validCamp(), { mode: "edit", event: CAMP, campAccess: "withheld" }).camp).toBeNull();
    expect(dexamInput(validCamp(), { mode: "edit", event: CAMP, campAccess: "read" }).camp).not.toBeNull();
  });
});

describe("D-exam form: camp section", () => {
  it("[R-DF018] the camp section and its checks belong to camp events only", () => {
    expect(isCamp(CAMP)).toBe(true);
    expect(isCamp(DEXAM)).toBe(false);
    expect(check(valid(), DEXAM)).toEqual({});
    expect(Object.keys(check(valid(), CAMP)).sort()).toEqual([
      "camp.emergencyContacts.0.name",
      "camp.emergencyContacts.0.phone",
      "camp.mealRequest",
      "consentForm",
      "healthConsentAccepted",
    ]);
    expect(dexamInput(validCamp(), { mode: "create", event: DEXAM })).toMatchObject({ camp: null });
    expect(dexamInput(validCamp(), { mode: "create", event: DEXAM }).consentForm).toBeUndefined();
  });

  it("[R-DF019][R-DF020][R-DF021][R-DF022][R-DF023] illnesses, intolerances and allergies are own fields; the meal request is sent", () => {
    const v = validCamp();
    const input = dexamInput({ ...v, camp: { ...v.camp, diseases: " Asthma ", intolerances: "Laktose", allergies: "" } }, { mode: "create", event: CAMP });
    expect(input.camp).toMatchObject({ diseases: "Asthma", intolerances: "Laktose", allergies: null, mealRequest: "VEGETARIAN" });
  });

  it("[R-VA032] the meal request is required", () => {
    const v = validCamp();
    expect(check({ ...v, camp: { ...v.camp, mealRequest: "" } }, CAMP)["camp.mealRequest"]).toBe(REQUIRED);
    expect(check(v, CAMP)).toEqual({});
  });

  it("[R-DF024][R-VA030] FSME and tetanus each have 'available' and a date, required when available", () => {
    const v = validCamp();
    expect(v.camp.vaccinations.map((x) => x.type)).toEqual(["FSME", "TETANUS"]);
    const available = applyChange(v, "camp.vaccinations.0.available", true);
    expect(check(available, CAMP)["camp.vaccinations.0.date"]).toBe(REQUIRED);
    const dated = applyChange(available, "camp.vaccinations.0.date", "2024-04-01");
    expect(check(dated, CAMP)).toEqual({});
    expect(dexamInput(dated, { mode: "create", event: CAMP }).camp?.vaccinations).toEqual([
      { type: "FSME", available: true, date: "2024-04-01" },
      { type: "TETANUS", available: false, date: null },
    ]);
  });

  it("[R-VA031] a vaccination not marked available has no date (unchecking clears it)", () => {
    const dated = change(validCamp(), ["camp.vaccinations.1.available", true], ["camp.vaccinations.1.date", "2020-01-01"]);
    const unchecked = applyChange(dated, "camp.vaccinations.1.available", false);
    expect(unchecked.camp.vaccinations[1]).toEqual({ type: "TETANUS", available: false, date: "" });
    expect(check(unchecked, CAMP)).toEqual({});
  });

  it("[R-DF025][R-VA033] each emergency contact needs a name and a valid phone", () => {
    const v = addEmergencyContact(validCamp());
    expect(v.camp.emergencyContacts).toHaveLength(2);
    const errors = check(change(v, ["camp.emergencyContacts.1.phone", "0171-abc"]), CAMP);
    expect(errors["camp.emergencyContacts.1.name"]).toBe(REQUIRED);
    expect(errors["camp.emergencyContacts.1.phone"]).toBe("Bitte eine gültige Telefonnummer eingeben");
    expect(check(change(v, ["camp.emergencyContacts.1.name", "Opa"], ["camp.emergencyContacts.1.phone", "0049 711 123456"]), CAMP)).toEqual({});
  });

  it("[R-VA034][R-DF025] at least one emergency contact: extra rows can be removed, the last one stays", () => {
    const two = change(addEmergencyContact(validCamp()), ["camp.emergencyContacts.1.name", "Opa"]);
    const one = removeEmergencyContact(two, 0);
    expect(one.camp.emergencyContacts).toEqual([{ name: "Opa", phone: "" }]);
    expect(removeEmergencyContact(one, 0)).toBe(one);
    const v = validCamp();
    expect(check({ ...v, camp: { ...v.camp, emergencyContacts: [] } }, CAMP)["camp.emergencyContacts"]).toBe(REQUIRED);
  });

  it("a camp registration needs the consent to the health data on create (the server's message), and sends it; edits and other events neither", () => {
    const v = { ...validCamp(), healthConsentAccepted: false };
    expect(check(v, CAMP)).toEqual({
      healthConsentAccepted:
        "Ohne Einwilligung in die Verarbeitung der Gesundheitsdaten durch eine sorgeberechtigte Person (oder mit deren Einverständnis) ist keine Anmeldung zur Freizeit möglich",
    });
    expect(check(v, CAMP, "edit")).toEqual({});
    expect(dexamInput(validCamp(), { mode: "create", event: CAMP }).healthConsentAccepted).toBe(true);
    expect(dexamInput(validCamp(), { mode: "edit", event: CAMP })).not.toHaveProperty("healthConsentAccepted");
    // a form switched from a camp to another event sends no health consent
    expect(dexamInput(validCamp(), { mode: "create", event: DEXAM })).not.toHaveProperty("healthConsentAccepted");
    expect(check(validCamp(), DEXAM)).toEqual({});
  });

  it("[R-DF026][R-VA035][R-VA006] the consent form is required when creating a camp registration, not when editing", () => {
    const v = { ...validCamp(), consentForm: null };
    expect(check(v, CAMP).consentForm).toBe("Bitte eine Datei auswählen");
    expect(check(v, CAMP, "edit")).toEqual({});
    const input = dexamInput(validCamp(), { mode: "create", event: CAMP });
    expect(input.consentForm).toEqual({ name: "einverstaendnis.pdf", dataUrl: "data:application/pdf;base64,JVBERi0xLjQ=" });
    expect(dexamInput(validCamp(), { mode: "edit", event: CAMP }).consentForm).toBeUndefined();
  });

  it("[R-VA005][R-VA006][R-VA007][R-BC002][R-BC003] the consent file: 5 MB at most, jpeg/jpg/png/pdf/heic, shared messages", () => {
    expect(DOCUMENT_ACCEPT).toBe(".jpeg,.jpg,.png,.pdf,.heic");
    expect(checkDocumentFile({ name: "a.pdf", size: 5_242_880 })).toBeNull();
    expect(checkDocumentFile({ name: "a.pdf", size: 5_242_881 })).toBe("Die Datei ist zu groß. Maximal 5 MB erlaubt");
    expect(checkDocumentFile(null)).toBe("Bitte eine Datei auswählen");
    for (const name of ["a.jpeg", "a.JPG", "a.png", "a.heic"]) expect(checkDocumentFile({ name, size: 1 }), name).toBeNull();
    expect(checkDocumentFile({ name: "a.docx", size: 1 })).toBe("Dieser Dateityp ist nicht erlaubt");
    expect(check({ ...validCamp(), consentForm: { name: "gross.pdf", size: 6_000_000, dataUrl: "data:," } }, CAMP).consentForm).toBe(
      "Die Datei ist zu groß. Maximal 5 MB erlaubt",
    );
  });

  it("the chosen file shows its size", () => {
    expect(formatFileSize(512)).toBe("512 Bytes");
    expect(formatFileSize(2048)).toBe("2 KB");
    expect(formatFileSize(1_572_864)).toBe("1,5 MB");
  });
});

describe("D-exam form: consents and remarks", () => {
  it("[R-DF028][R-VA024] creating requires accepting the privacy terms", () => {
    expect(check({ ...valid(), gdprAccepted: false }).gdprAccepted).toBe(REQUIRED);
    expect(check({ ...valid(), gdprAccepted: false }, DEXAM, "edit")).toEqual({});
  });

  it("[R-DF029][R-VA025] creating requires accepting the cancellation conditions only when the event has any", () => {
    const v = { ...valid(), cancellationAccepted: false };
    expect(check(v, WITH_CONDITIONS).cancellationAccepted).toBe(REQUIRED);
    expect(check(v, DEXAM)).toEqual({});
    expect(check(v, WITH_CONDITIONS, "edit")).toEqual({});
  });

  it("[R-DF027][R-DF028][R-DF029] remarks are sent trimmed; consents only when creating", () => {
    const create = dexamInput({ ...valid(), remarks: "  spielt seit 4 Jahren " }, { mode: "create", event: WITH_CONDITIONS });
    expect(create).toMatchObject({ remarks: "spielt seit 4 Jahren", gdprAccepted: true, cancellationAccepted: true });
    const edit = dexamInput({ ...valid(), remarks: "" }, { mode: "edit", event: WITH_CONDITIONS });
    expect(edit.remarks).toBeNull();
    expect("gdprAccepted" in edit || "cancellationAccepted" in edit).toBe(false);
  });
});

describe("D-exam form: exam pieces", () => {
  it("[R-DF030] the pieces are shown only with a practice exam", () => {
    expect(showsSongs(valid())).toBe(true);
    expect(showsSongs({ ...valid(), practiceLocationId: "" })).toBe(false);
  });

  it("[R-DF031][R-DF033] four rows of number and name; all may stay empty", () => {
    expect(emptyDexamForm().songs).toEqual(Array.from({ length: SONG_ROWS }, () => ({ number: "", name: "" })));
    expect(SONG_ROWS).toBe(4);
    expect(check(valid())).toEqual({});
    expect(dexamInput(valid(), { mode: "create", event: DEXAM }).songs).toEqual(Array.from({ length: 4 }, () => ({ number: null, name: null })));
  });

  it("[R-VA026] a piece's name is required only when its number is given", () => {
    const numbered = change(valid(), ["songs.2.number", "17"]);
    expect(check(numbered)).toEqual({ "songs.2.name": REQUIRED });
    expect(check(change(numbered, ["songs.2.name", "Menuett"]))).toEqual({});
    expect(check(change(valid(), ["songs.0.name", "Etüde ohne Nummer"]))).toEqual({});
  });

  it("[R-DF030] without a practice exam the pieces are neither checked nor sent", () => {
    const numbered = change(valid(), ["songs.2.number", "17"], ["practiceLocationId", ""]);
    expect(check(numbered)).toEqual({});
    expect(dexamInput(numbered, { mode: "create", event: DEXAM }).songs).toEqual([]);
  });
});

describe("D-exam form: edit mode", () => {
  const record: DexamRecord = {
    firstname: "Felix",
    lastname: "Flöte",
    birthdate: "2011-09-09",
    gender: "M",
    association: { id: "7" },
    instrument: "FLUTE",
    type: "D2",
    theoryLocation: null,
    practiceLocation: { id: "2" },
    preparationLocation: { id: "5" },
    partialResultType: "THEORY",
    partialResultDistrict: "Kreisverband Musterstadt",
    partialResultYear: 2025,
    partialResultLocation: "Musterstadt",
    partialResultPoints: 30,
    existingPartialResultVerified: true,
    songs: [
      { number: "12", name: "Menuett" },
      { number: null, name: null },
    ],
    remarks: null,
    camp: {
      diseases: "Heuschnupfen",
      intolerances: null,
      allergies: null,
      mealRequest: "VEGAN",
      vaccinations: [{ type: "TETANUS", available: true, date: "2019-02-02" }],
      emergencyContacts: [{ name: "Mama", phone: "0171 1234567" }],
    },
    cancelledAt: "2027-02-01T09:30:00.000Z",
  };

  it("[R-DF035] a stored registration fills the form and is sent back unchanged", () => {
    const values = dexamFormValues(record);
    expect(values).toMatchObject({
      associationId: "7",
      theoryLocationId: "",
      practiceLocationId: "2",
      preparationLocationId: "5",
      partialResult: { type: "THEORY", districtAssociation: "Kreisverband Musterstadt", year: "2025", location: "Musterstadt", points: "30,00" },
      cancelledAt: "2027-02-01T10:30",
    });
    expect(values.songs).toHaveLength(4);
    expect(values.camp.vaccinations).toEqual([
      { type: "FSME", available: false, date: "" },
      { type: "TETANUS", available: true, date: "2019-02-02" },
    ]);
    expect(validateDexamForm(values, { mode: "edit", event: CAMP, now: NOW })).toEqual({});
    const input = dexamInput(values, { mode: "edit", event: CAMP });
    // the club and the locations by their global ids, the date of birth as Date
    expect(input).toMatchObject({ association: "7", practiceLocation: "2", preparationLocation: "5", theoryLocation: null, dateOfBirth: "2011-09-09" });
    expect(input.songs[0]).toEqual({ number: "12", name: "Menuett" });
  });

  it("[R-DF035][R-EV015] scope SONGS checks only the pieces; NONE checks nothing", () => {
    const broken = { ...change(dexamFormValues(record), ["songs.1.number", "3"]), firstname: "" };
    expect(validateDexamForm(broken, { mode: "edit", event: DEXAM, scope: "SONGS", now: NOW })).toEqual({ "songs.1.name": REQUIRED });
    expect(validateDexamForm(broken, { mode: "edit", event: DEXAM, scope: "NONE", now: NOW })).toEqual({});
    expect(validateDexamForm(broken, { mode: "edit", event: DEXAM, scope: "ALL", now: NOW }).firstname).toBe(REQUIRED);
  });

  it("[R-RO034] only registration_manage sends the cancellation time (may be cleared) and the verified flag", () => {
    const values = dexamFormValues(record);
    const member = dexamInput(values, { mode: "edit", event: DEXAM });
    expect("cancelledAt" in member || "existingPartialResultVerified" in member).toBe(false);
    const manager = dexamInput({ ...values, cancelledAt: "", existingPartialResultVerified: false }, { mode: "edit", event: DEXAM, manage: true });
    expect(manager).toMatchObject({ cancelledAt: null, existingPartialResultVerified: false });
    expect(dexamInput(values, { mode: "edit", event: DEXAM, manage: true }).cancelledAt).toBe("2027-02-01T09:30:00.000Z");
  });
});

describe("D-exam form: messages after a change", () => {
  it("a field's message goes away when it (or a dependency of it) changes", () => {
    const before = valid();
    const errors = { firstname: REQUIRED, practiceLocationId: "x", theoryLocationId: "y", "songs.1.name": REQUIRED };
    expect(errorsAfterChange(errors, before, applyChange(before, "firstname", "Clara"))).toEqual({
      practiceLocationId: "x",
      theoryLocationId: "y",
      "songs.1.name": REQUIRED,
    });
    // the instrument clears the practice location, and with it its message
    expect(errorsAfterChange(errors, before, applyChange(before, "instrument", "FLUTE"))).toEqual({
      firstname: REQUIRED,
      theoryLocationId: "y",
      "songs.1.name": REQUIRED,
    });
    // a piece row belongs together: a changed number clears the name's message
    expect(Object.keys(errorsAfterChange(errors, before, applyChange(before, "songs.1.number", "5")))).not.toContain("songs.1.name");
  });

  it("a changed contact row clears the list's message and its own", () => {
    const v = validCamp();
    const errors = { "camp.emergencyContacts": REQUIRED, "camp.emergencyContacts.0.phone": "x", "camp.mealRequest": REQUIRED };
    expect(errorsAfterChange(errors, v, applyChange(v, "camp.emergencyContacts.0.phone", "0711 1"))).toEqual({ "camp.mealRequest": REQUIRED });
  });
});

describe("D-exam form texts", () => {
  it.each([
    ["[R-ST025]", "start.dialog.dexamTitle", "Neue D-Prüfungsanmeldung anlegen"],
    ["[R-ST027]", "start.dialog.submit", "Absenden"],
    ["[R-ST025]", "start.dialog.dexamSongs", "Prüfungsstücke"],
    ["[R-ST028][R-ER035]", "dexamForm.success.create", "D-Prüfungsanmeldung wurde erfolgreich angelegt"],
    ["[R-ER035]", "dexamForm.success.update", "D-Prüfungsanmeldung aktualisiert"],
    ["[R-ST029][R-ER014]", "error.dexamRegistration.create", "D-Prüfungsanmeldung kann nicht angelegt werden"],
    ["[R-ER014]", "error.dexamRegistration.update", "D-Prüfungsanmeldung kann nicht aktualisiert werden"],
    ["[R-DF014]", "dexamForm.section.partialResult", "Vorhandene Teilprüfung"],
    ["[R-DF033]", "dexamForm.songs.hint", "Die Prüfungsstücke können auch später in der Anmeldungsübersicht eingetragen werden."],
  ] as const)('%s German text of %s is "%s"', (_id, key, text) => {
    expect(de[key]).toBe(text);
  });
});

describe("name length", () => {
  it("[R-VA001] first and last name have at most 100 characters, remarks 2000, like the server (TEXT_LIMITS)", () => {
    expect(check({ ...valid(), firstname: "x".repeat(101), lastname: "y".repeat(101) })).toMatchObject({ firstname: tooLong(100), lastname: tooLong(100) });
    expect(check({ ...valid(), firstname: "x".repeat(100), remarks: "r".repeat(2000) })).toEqual({});
    expect(check({ ...valid(), remarks: "r".repeat(2001) })).toEqual({ remarks: tooLong(2000) });
  });

  it("[R-VA030][R-VA033] camp texts, emergency contacts, songs and the partial result have the server's limits (one function: addDexamLengthErrors)", () => {
    const v = validCamp();
    const long = {
      ...v,
      songs: [{ number: "1".repeat(21), name: "s".repeat(201) }],
      camp: { ...v.camp, allergies: "a".repeat(2001), emergencyContacts: [{ name: "n".repeat(101), phone: "+49 171 1234567" }] },
    };
    expect(check(long, CAMP)).toEqual({
      "songs.0.number": tooLong(20),
      "songs.0.name": tooLong(200),
      "camp.allergies": tooLong(2000),
      "camp.emergencyContacts.0.name": tooLong(100),
    });
    const atMax = {
      ...long,
      songs: [{ number: "1".repeat(20), name: "s".repeat(200) }],
      camp: { ...long.camp, allergies: "a".repeat(2000), emergencyContacts: [{ name: "n".repeat(100), phone: "+49 171 1234567" }] },
    };
    expect(check(atMax, CAMP)).toEqual({});
    // the songs-only phase checks the song rows
    expect(validateDexamForm(long, { mode: "edit", event: CAMP, now: NOW, scope: "SONGS" })).toEqual({
      "songs.0.number": tooLong(20),
      "songs.0.name": tooLong(200),
    });
  });
});
