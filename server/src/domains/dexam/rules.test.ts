import { describe, expect, it } from "vitest";
import { examOutcome } from "./rules.ts";

const none = { theoryPoints: null, practicePoints: null, partialResultType: null, existingPartialResultVerified: false } as const;

describe("D-exam pass rule", () => {
  it("[R-RE023][R-BC006][R-BC007] passed with practice >= 36 and theory >= 24", () => {
    expect(examOutcome({ ...none, theoryPoints: 24, practicePoints: 36 })).toBe("passed");
    expect(examOutcome({ ...none, theoryPoints: 23.99, practicePoints: 36 })).toBe("failed");
    expect(examOutcome({ ...none, theoryPoints: 24, practicePoints: 35.99 })).toBe("failed");
    expect(examOutcome({ ...none, theoryPoints: 30 })).toBe("open");
    expect(examOutcome(none)).toBe("open");
  });

  it("[R-RE024] a verified practice partial result combines with new theory points >= 24", () => {
    expect(examOutcome({ ...none, theoryPoints: 24, partialResultType: "PRACTICE", existingPartialResultVerified: true })).toBe("passed");
    expect(examOutcome({ ...none, theoryPoints: 24, partialResultType: "PRACTICE", existingPartialResultVerified: false })).toBe("open");
  });

  it("[R-RE025] a verified theory partial result combines with new practice points >= 36", () => {
    expect(examOutcome({ ...none, practicePoints: 36, partialResultType: "THEORY", existingPartialResultVerified: true })).toBe("passed");
    expect(examOutcome({ ...none, practicePoints: 20, partialResultType: "THEORY", existingPartialResultVerified: true })).toBe("failed");
  });
});
