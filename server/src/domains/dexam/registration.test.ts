import { describe, expect, it } from "vitest";
import { canCancel, canDelete, type DexamInput, editableInPhase, type LocationFacts, songsComplete, validateDexam } from "./rules.ts";

const now = new Date("2027-03-01T12:00:00Z");
const dexam = { formType: "DEXAM" as const, cancellationConditions: null };
const camp = { formType: "DEXAM_CAMP" as const, cancellationConditions: "Storno kostet" };
const locations: LocationFacts[] = [
  { id: 1, type: "DEXAM_THEORY", dexamTypes: ["D1", "D2"], instruments: [] },
  { id: 2, type: "DEXAM_PRACTICE", dexamTypes: ["D2"], instruments: ["CLARINET"] },
  { id: 3, type: "DEXAM_PREPARATION", dexamTypes: ["D1", "D2", "D3"], instruments: [] },
];
const valid: DexamInput = {
  firstname: "Lena",
  lastname: "Klar",
  birthdate: "2012-04-05",
  gender: "F",
  associationId: 7,
  instrument: "CLARINET",
  type: "D2",
  theoryLocationId: 1,
  practiceLocationId: 2,
  gdprAccepted: true,
};

describe("D-exam registration rules", () => {
  it("[R-VA001] personal data, club, instrument and course are required", () => {
    expect(validateDexam(valid, dexam, locations, "create", now)).toEqual({});
    const e = validateDexam({ gdprAccepted: true, theoryLocationId: 1 }, dexam, locations, "create", now);
    for (const f of ["firstname", "lastname", "birthdate", "gender", "associationId", "instrument", "type"])
      expect(e[f]).toBe("Dieses Feld ist ein Pflichtfeld");
  });

  it("[R-VA023][R-LO021] a practice location must offer the course and the instrument", () => {
    expect(validateDexam({ ...valid, instrument: "TUBA" }, dexam, locations, "create", now).practiceLocationId).toBe(
      "An diesem Ort wird das gewählte Instrument nicht geprüft",
    );
    expect(validateDexam({ ...valid, type: "D1" }, dexam, locations, "create", now).practiceLocationId).toBe("Dieser Ort bietet den gewählten Kurs nicht an");
    expect(validateDexam({ ...valid, theoryLocationId: 2 }, dexam, locations, "create", now).theoryLocationId).toBe(
      "Dieser Ort gehört nicht zu dieser Veranstaltung",
    );
    expect(validateDexam({ ...valid, theoryLocationId: null, practiceLocationId: null }, dexam, locations, "create", now).theoryLocationId).toMatch(
      /mindestens einen Prüfungsteil/,
    );
  });

  it("[R-EN013][R-DF031] more than four pieces is an error beside the others, not instead of them", () => {
    const songs = Array.from({ length: 5 }, (_, i) => ({ number: String(i + 1), name: `Stück ${i + 1}` }));
    const e = validateDexam({ ...valid, firstname: "", songs }, dexam, locations, "create", now);
    expect(e.songs).toBe("Höchstens vier Prüfungsstücke");
    expect(e.firstname).toBe("Dieses Feld ist ein Pflichtfeld");
    expect(validateDexam({ ...valid, songs: songs.slice(0, 4) }, dexam, locations, "create", now)).toEqual({});
  });

  it("[R-VA024][R-VA025] create mode needs the privacy consent, and the cancellation consent when the event has conditions", () => {
    expect(validateDexam({ ...valid, gdprAccepted: false }, dexam, locations, "create", now).gdprAccepted).toBe("Dieses Feld ist ein Pflichtfeld");
    expect(validateDexam({ ...valid, gdprAccepted: false }, dexam, locations, "edit", now).gdprAccepted).toBeUndefined();
    const c = { ...valid, camp: { mealRequest: "VEGAN" as const, emergencyContacts: [{ name: "Mama", phone: "+491701234" }] } };
    expect(validateDexam(c, camp, locations, "create", now).cancellationAccepted).toBe("Dieses Feld ist ein Pflichtfeld");
    expect(validateDexam({ ...c, cancellationAccepted: true, healthConsentAccepted: true }, camp, locations, "create", now)).toEqual({});
  });

  it("a camp registration needs its own consent to the health data on create, beside the privacy consent; other events take none", () => {
    const c = { ...valid, cancellationAccepted: true, camp: { mealRequest: "VEGAN" as const, emergencyContacts: [{ name: "Mama", phone: "+491701234" }] } };
    const message =
      "Ohne Einwilligung in die Verarbeitung der Gesundheitsdaten durch eine sorgeberechtigte Person (oder mit deren Einverständnis) ist keine Anmeldung zur Freizeit möglich";
    expect(validateDexam(c, camp, locations, "create", now)).toEqual({ healthConsentAccepted: message });
    // the privacy consent does not stand in for it, nor it for the privacy consent
    expect(validateDexam({ ...c, gdprAccepted: false, healthConsentAccepted: true }, camp, locations, "create", now)).toEqual({
      gdprAccepted: "Dieses Feld ist ein Pflichtfeld",
    });
    // edits keep the consent given on create
    expect(validateDexam(c, camp, locations, "edit", now)).toEqual({});
    expect(validateDexam(valid, dexam, locations, "create", now)).toEqual({});
    expect(validateDexam({ ...valid, healthConsentAccepted: true }, dexam, locations, "create", now)).toEqual({
      healthConsentAccepted: "Eine Einwilligung in die Verarbeitung von Gesundheitsdaten gibt es nur bei Freizeiten",
    });
  });

  it("[R-VA026] a song name is required only when its number is given", () => {
    const e = validateDexam(
      {
        ...valid,
        songs: [
          { number: "12", name: "" },
          { number: "", name: "" },
        ],
      },
      dexam,
      locations,
      "create",
      now,
    );
    expect(e).toEqual({ "songs.0.name": "Dieses Feld ist ein Pflichtfeld" });
  });

  it("[R-VA027][R-VA028][R-VA029] a partial result needs district, numeric year, location and points with step 0.01", () => {
    const e = validateDexam(
      { ...valid, practiceLocationId: null, partialResult: { type: "PRACTICE", year: "20x4", points: 40.123 } },
      dexam,
      locations,
      "create",
      now,
    );
    expect(e).toEqual({
      "partialResult.districtAssociation": "Dieses Feld ist ein Pflichtfeld",
      "partialResult.location": "Dieses Feld ist ein Pflichtfeld",
      "partialResult.year": "Bitte ein gültiges Jahr eingeben",
      "partialResult.points": "Bitte eine Punktzahl mit höchstens zwei Nachkommastellen eingeben",
    });
    const ok = { type: "PRACTICE" as const, districtAssociation: "KV Nord", year: 2026, location: "Stadt", points: 40.25 };
    expect(validateDexam({ ...valid, practiceLocationId: null, partialResult: ok }, dexam, locations, "create", now)).toEqual({});
  });

  it("an existing partial result cannot be booked again (e.g. repeating a passed theory exam)", () => {
    const pr = { type: "THEORY" as const, districtAssociation: "KV", year: 2026, location: "X", points: 30 };
    expect(validateDexam({ ...valid, partialResult: pr }, dexam, locations, "create", now).theoryLocationId).toBe(
      "Die Theorieprüfung ist als vorhandene Teilprüfung schon bestanden",
    );
  });

  it("[R-VA030][R-VA031][R-VA032][R-VA033][R-VA034] camp: meal request, vaccination dates only when available, at least one emergency contact with name and phone", () => {
    const e = validateDexam(
      {
        ...valid,
        cancellationAccepted: true,
        healthConsentAccepted: true,
        camp: {
          vaccinations: [
            { type: "FSME", available: true, date: null },
            { type: "TETANUS", available: false, date: "2020-01-01" },
          ],
          emergencyContacts: [{ name: "", phone: "abc" }],
        },
      },
      camp,
      locations,
      "create",
      now,
    );
    expect(e).toEqual({
      "camp.mealRequest": "Dieses Feld ist ein Pflichtfeld",
      "camp.vaccinations.0.date": "Dieses Feld ist ein Pflichtfeld",
      "camp.vaccinations.1.date": "Ohne Impfung kein Datum",
      "camp.emergencyContacts.0.name": "Dieses Feld ist ein Pflichtfeld",
      "camp.emergencyContacts.0.phone": "Bitte eine gültige Telefonnummer eingeben",
    });
    expect(
      validateDexam({ ...valid, cancellationAccepted: true, camp: { mealRequest: "STANDARD", emergencyContacts: [] } }, camp, locations, "create", now)[
        "camp.emergencyContacts"
      ],
    ).toBe("Dieses Feld ist ein Pflichtfeld");
  });

  it("[R-EV014][R-EV015][R-EV016] edit phases: all fields, songs only, nothing; registration_manage may change everything", () => {
    expect(editableInPhase("NO_RESTRICTIONS", { manager: false })).toBe("all");
    expect(editableInPhase("SONGS_ONLY", { manager: false })).toBe("songs");
    expect(editableInPhase("NONE", { manager: false })).toBe("nothing");
    expect(editableInPhase("NONE", { manager: true })).toBe("all");
  });

  it("[R-RO019][R-RO024] delete only without a cancellation date and with registration_manage or in phase NoRestrictions; cancel once", () => {
    const active = { cancelledAt: null };
    const cancelled = { cancelledAt: new Date() };
    expect(canDelete(active, "NO_RESTRICTIONS", { manager: false })).toBe(true);
    expect(canDelete(active, "SONGS_ONLY", { manager: false })).toBe(false);
    expect(canDelete(active, "NONE", { manager: true })).toBe(true);
    expect(canDelete(cancelled, "NO_RESTRICTIONS", { manager: true })).toBe(false);
    expect(canDelete(cancelled, "NO_RESTRICTIONS", { manager: false, erases: false })).toBe(false);
    expect(canCancel(active)).toBe(true);
    expect(canCancel(cancelled)).toBe(false);
  });

  it("a cancelled registration is deleted only on erasure by registration_manage, in any phase", () => {
    const cancelled = { cancelledAt: new Date() };
    expect(canDelete(cancelled, "NONE", { manager: true, erases: true })).toBe(true);
    expect(canDelete(cancelled, "NO_RESTRICTIONS", { manager: false, erases: true })).toBe(true);
  });

  it("[R-DF034] songs status: complete without a practice exam, or with four named pieces (numbers except percussion)", () => {
    const four = [1, 2, 3, 4].map((n) => ({ number: String(n), name: `Stück ${n}` }));
    expect(songsComplete({ practiceLocationId: null, instrument: "CLARINET", songs: [] })).toBe(true);
    expect(songsComplete({ practiceLocationId: 2, instrument: "CLARINET", songs: four.slice(0, 3) })).toBe(false);
    expect(songsComplete({ practiceLocationId: 2, instrument: "CLARINET", songs: four })).toBe(true);
    expect(songsComplete({ practiceLocationId: 2, instrument: "PERCUSSION", songs: four.map((s) => ({ name: s.name })) })).toBe(true);
    expect(songsComplete({ practiceLocationId: 2, instrument: "CLARINET", songs: four.map((s) => ({ name: s.name })) })).toBe(false);
  });
});
