import { describe, expect, it } from "vitest";
import { Prisma } from "../../generated/prisma/client.ts";
import { campDataErasure, examOutcome, gradeOf, overviewKeys, rowActions, takeoverPart } from "./rules.ts";

const none = { theoryPoints: null, practicePoints: null, partialResultType: null, existingPartialResultVerified: false } as const;

describe("D-exam pass rule", () => {
  it("[R-RE023][R-RE027][R-BC006][R-BC007] passed with practice >= 36 and theory >= 24", () => {
    expect(examOutcome({ ...none, theoryPoints: 24, practicePoints: 36 })).toBe("passed");
    expect(examOutcome({ ...none, theoryPoints: 23.99, practicePoints: 36 })).toBe("failed");
    expect(examOutcome({ ...none, theoryPoints: 24, practicePoints: 35.99 })).toBe("failed");
    expect(examOutcome({ ...none, theoryPoints: 30 })).toBe("open");
    expect(examOutcome(none)).toBe("open");
  });

  it("[R-RE024][R-RE026] a verified practice partial result combines with new theory points >= 24", () => {
    expect(examOutcome({ ...none, theoryPoints: 24, partialResultType: "PRACTICE", existingPartialResultVerified: true })).toBe("passed");
    expect(examOutcome({ ...none, theoryPoints: 24, partialResultType: "PRACTICE", existingPartialResultVerified: false })).toBe("open");
  });

  it("[R-RE025] a verified theory partial result combines with new practice points >= 36", () => {
    expect(examOutcome({ ...none, practicePoints: 36, partialResultType: "THEORY", existingPartialResultVerified: true })).toBe("passed");
    expect(examOutcome({ ...none, practicePoints: 20, partialResultType: "THEORY", existingPartialResultVerified: true })).toBe("failed");
  });
});

describe("grade, takeover and row actions", () => {
  it("[R-RO008][R-RE028] the grade column: bestanden by the pass rule, nicht bestanden below a threshold, empty while open", () => {
    expect(gradeOf({ ...none, theoryPoints: 24, practicePoints: 36 })).toBe("PASSED");
    expect(gradeOf({ ...none, theoryPoints: 31.5, practicePoints: 28 })).toBe("FAILED");
    expect(gradeOf({ ...none, theoryPoints: 31.5 })).toBeNull();
    expect(gradeOf({ ...none, practicePoints: 40, partialResultType: "THEORY", existingPartialResultVerified: true })).toBe("PASSED");
  });

  it("[R-RE029][R-RO031] a takeover carries the one passed part; a passed exam or no passed part has nothing to carry", () => {
    expect(takeoverPart({ ...none, theoryPoints: 31.5, practicePoints: 28 })).toBe("THEORY");
    expect(takeoverPart({ ...none, theoryPoints: 10, practicePoints: 40 })).toBe("PRACTICE");
    expect(takeoverPart({ ...none, practicePoints: 36 })).toBe("PRACTICE");
    expect(takeoverPart({ ...none, practicePoints: 20, partialResultType: "THEORY", existingPartialResultVerified: true })).toBe("THEORY");
    expect(takeoverPart({ ...none, theoryPoints: 24, practicePoints: 36 })).toMatch(/bereits vollständig bestanden/);
    expect(takeoverPart({ ...none, theoryPoints: 23.99, practicePoints: 35.99 })).toMatch(/kein bestandenes Teilergebnis/);
    expect(takeoverPart(none)).toMatch(/kein bestandenes Teilergebnis/);
  });

  const row = {
    cancelledAt: null,
    editPhase: "NO_RESTRICTIONS" as const,
    camp: false,
    hasConsentForm: false,
    hasPracticeSheet: false,
    result: none,
    alreadyTakenOver: false,
  };
  const member = { manager: false, staffReader: false, clubMember: true, campReader: true };
  const manager = { manager: true, staffReader: true, clubMember: false, campReader: true };
  const reader = { manager: false, staffReader: true, clubMember: false, campReader: true };

  it("[R-RO019][R-RO020][R-RO024] delete for registration_manage or in NoRestrictions, otherwise cancel; once cancelled nothing for the club", () => {
    expect(rowActions(row, member)).toMatchObject({ edit: "ALL", delete: true, cancel: false });
    expect(rowActions({ ...row, editPhase: "SONGS_ONLY" }, member)).toMatchObject({ edit: "SONGS", delete: false, cancel: true });
    expect(rowActions({ ...row, editPhase: "NONE" }, member)).toMatchObject({ edit: "NONE", delete: false, cancel: true });
    expect(rowActions({ ...row, editPhase: "NONE" }, manager)).toMatchObject({ edit: "ALL", delete: true, cancel: false, manage: true });
    const cancelled = { ...row, cancelledAt: new Date() };
    expect(rowActions(cancelled, member)).toMatchObject({ edit: "NONE", delete: false, cancel: false });
  });

  it("registration_manage deletes a cancelled registration (erasure on request); readers do not", () => {
    const cancelled = { ...row, cancelledAt: new Date(), editPhase: "NONE" as const };
    expect(rowActions(cancelled, manager)).toMatchObject({ edit: "ALL", delete: true, cancel: false });
    expect(rowActions(cancelled, reader)).toMatchObject({ delete: false, cancel: false });
  });

  it("[R-RO016][R-RO034] registration_read looks but changes nothing; only registration_manage manages", () => {
    expect(rowActions(row, reader)).toMatchObject({ edit: "NONE", delete: false, cancel: false, manage: false, takeOver: false });
    expect(rowActions(row, member).manage).toBe(false);
  });

  it("[R-RO027] the practice sheet is offered exactly when a sheet is stored and visible to the viewer", () => {
    // visibleResult decides what the viewer sees (tests/integration/results/result-visibility.test.ts); the menu follows it
    for (const viewer of [member, reader, manager]) {
      expect(rowActions({ ...row, hasPracticeSheet: true }, viewer).downloadPracticeSheet).toBe(true);
      expect(rowActions(row, viewer).downloadPracticeSheet).toBe(false);
    }
  });

  it("[R-RO029] the consent form only for camp events with a file", () => {
    expect(rowActions({ ...row, camp: true, hasConsentForm: true }, member).downloadConsentForm).toBe(true);
    expect(rowActions({ ...row, camp: true }, member).downloadConsentForm).toBe(false);
    expect(rowActions({ ...row, hasConsentForm: true }, member).downloadConsentForm).toBe(false);
  });

  it("the consent form is not offered to another account of the club than the one that registered", () => {
    expect(rowActions({ ...row, camp: true, hasConsentForm: true }, { ...member, campReader: false }).downloadConsentForm).toBe(false);
  });

  it("[R-RO030] take over when one part is passed and the exam is not complete, once", () => {
    const theoryOnly = { ...row, result: { ...none, theoryPoints: 31.5, practicePoints: 28 } };
    expect(rowActions(theoryOnly, member).takeOver).toBe(true);
    expect(rowActions({ ...theoryOnly, alreadyTakenOver: true }, member).takeOver).toBe(false);
    expect(rowActions({ ...row, result: { ...none, theoryPoints: 30, practicePoints: 40 } }, member).takeOver).toBe(false);
    expect(rowActions(row, member).takeOver).toBe(false);
  });
});

describe("erasing only the camp data", () => {
  const now = new Date("2026-08-01T12:00:00Z");
  const camp = { formType: "DEXAM_CAMP", start: new Date("2026-07-20T08:00:00Z"), end: new Date("2026-07-25T12:00:00Z") };
  const data = { campDataEncrypted: new Uint8Array([1]), mealRequest: null, consentFormFileId: null };

  it("only a camp, only after its end (its start without an end), only while camp data or a consent form is left", () => {
    expect(campDataErasure(data, camp, now)).toBeNull();
    expect(campDataErasure({ ...data, campDataEncrypted: null, consentFormFileId: 4 }, camp, now)).toBeNull();
    expect(campDataErasure({ ...data, campDataEncrypted: null, mealRequest: "VEGAN" }, camp, now)).toBeNull();
    expect(campDataErasure(data, { ...camp, formType: "DEXAM" }, now)).toBe("Nur Anmeldungen zu Freizeiten haben Angaben zur Freizeit");
    expect(campDataErasure(data, { ...camp, end: new Date("2026-08-02T00:00:00Z") }, now)).toBe(
      "Die Angaben zur Freizeit können erst nach dem Ende der Freizeit gelöscht werden",
    );
    expect(campDataErasure(data, { ...camp, end: null }, now)).toBeNull();
    expect(campDataErasure(data, { ...camp, start: null, end: null }, now)).toBe(
      "Die Angaben zur Freizeit können erst nach dem Ende der Freizeit gelöscht werden",
    );
    expect(campDataErasure({ ...data, campDataEncrypted: null }, camp, now)).toBe("Die Angaben zur Freizeit sind bereits gelöscht");
  });
});

describe("the overview's sort keys (overviewKeys)", () => {
  const row = {
    theoryPoints: null,
    practicePoints: null,
    partialResultType: null,
    existingPartialResultVerified: false,
    practiceLocationId: 7,
    instrument: "CLARINET" as const,
    songs: [] as unknown,
  };
  const songs = [1, 2, 3, 4].map((n) => ({ number: String(n), name: `Stück ${n}` }));

  it("the grade key is the grade over the stored points (Decimal as Prisma reads them) and a verified partial result", () => {
    expect(overviewKeys({ ...row, theoryPoints: new Prisma.Decimal("24"), practicePoints: new Prisma.Decimal("36") }).gradeKey).toBe("PASSED");
    expect(overviewKeys({ ...row, theoryPoints: new Prisma.Decimal("23.99") }).gradeKey).toBe("FAILED");
    expect(overviewKeys({ ...row, theoryPoints: 30 }).gradeKey).toBeNull();
    expect(overviewKeys({ ...row, theoryPoints: 30, partialResultType: "PRACTICE" }).gradeKey).toBeNull();
    expect(overviewKeys({ ...row, theoryPoints: 30, partialResultType: "PRACTICE", existingPartialResultVerified: true }).gradeKey).toBe("PASSED");
  });

  it("the pieces key is songsComplete over the songs JSON, the practice location and the instrument", () => {
    expect(overviewKeys(row).songsCompleteKey).toBe(false);
    expect(overviewKeys({ ...row, songs }).songsCompleteKey).toBe(true);
    expect(overviewKeys({ ...row, practiceLocationId: null }).songsCompleteKey).toBe(true);
    const names = songs.map((s) => ({ ...s, number: null }));
    expect(overviewKeys({ ...row, songs: names }).songsCompleteKey).toBe(false);
    expect(overviewKeys({ ...row, instrument: "PERCUSSION", songs: names }).songsCompleteKey).toBe(true);
    // a JSON that is no list (never written so) counts as no songs
    expect(overviewKeys({ ...row, songs: { 0: songs[0] } }).songsCompleteKey).toBe(false);
  });
});
