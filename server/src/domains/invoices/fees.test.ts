import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BillableRegistration,
  CATEGORIES,
  COMPETITION_TYPES,
  computeFees,
  DEXAM_COURSES,
  FEE_ITEMS,
  type FeeTable,
  feeTableErrors,
  itemsOf,
  LATE_ITEM,
  vatOf,
} from "./fees.ts";

const SEED = 41_2026;
const RUNS = 300;
const at = (day: number) => new Date(Date.UTC(2026, 0, 1) + day * 86_400_000);

const tableArb: fc.Arbitrary<FeeTable> = fc.record({
  fees: fc.dictionary(fc.constantFrom(...FEE_ITEMS), fc.integer({ min: 0, max: 50_000 })),
  lateFrom: fc.option(fc.integer({ min: 0, max: 60 }).map(at), { nil: null }),
  lateFeeCents: fc.integer({ min: 0, max: 5_000 }),
});

const registrationArb: fc.Arbitrary<BillableRegistration> = fc.oneof(
  fc.record({
    kind: fc.constant("dexam" as const),
    id: fc.nat(),
    course: fc.constantFrom(...DEXAM_COURSES),
    partialResultType: fc.constantFrom("THEORY" as const, "PRACTICE" as const, null),
    camp: fc.boolean(),
    createdAt: fc.integer({ min: 0, max: 60 }).map(at),
  }),
  fc.record({
    kind: fc.constant("competition" as const),
    id: fc.nat(),
    type: fc.constantFrom(...COMPETITION_TYPES),
    category: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
    createdAt: fc.integer({ min: 0, max: 60 }).map(at),
  }),
);

describe("fee computation", () => {
  it("the total is the sum of each registration's fees, and each line is quantity times unit", () => {
    fc.assert(
      fc.property(tableArb, fc.array(registrationArb, { maxLength: 40 }), (table, regs) => {
        const { lines, netCents } = computeFees(table, regs);
        const expected = regs.flatMap((r) => itemsOf(r, table)).reduce((s, i) => s + i.cents, 0);
        expect(netCents).toBe(expected);
        for (const l of lines) {
          expect(l.netCents).toBe(l.quantity * l.unitCents);
          expect(l.quantity).toBeGreaterThan(0);
          expect(l.unitCents).toBeGreaterThan(0);
        }
        expect(lines.reduce((s, l) => s + l.netCents, 0)).toBe(netCents);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("does not depend on the order of the registrations", () => {
    fc.assert(
      fc.property(
        tableArb,
        fc.array(registrationArb, { maxLength: 30 }).chain((a) => fc.tuple(fc.constant(a), fc.shuffledSubarray(a, { minLength: a.length }))),
        (table, [a, b]) => {
          expect(computeFees(table, b)).toEqual(computeFees(table, a));
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("adds up over a split of the registrations (two invoices bill what one would)", () => {
    fc.assert(
      fc.property(tableArb, fc.array(registrationArb, { maxLength: 30 }), fc.array(registrationArb, { maxLength: 30 }), (table, a, b) => {
        expect(computeFees(table, [...a, ...b]).netCents).toBe(computeFees(table, a).netCents + computeFees(table, b).netCents);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("the late fee is billed exactly for registrations made after its date", () => {
    fc.assert(
      fc.property(tableArb, fc.array(registrationArb, { maxLength: 30 }), (table, regs) => {
        const late = computeFees(table, regs).lines.find((l) => l.item === LATE_ITEM);
        const expected = table.lateFrom && table.lateFeeCents > 0 ? regs.filter((r) => r.createdAt > (table.lateFrom as Date)).length : 0;
        expect(late?.quantity ?? 0).toBe(expected);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a D-exam pays theory, practice and camp of its course, less the part an earlier result covers", () => {
    const table: FeeTable = {
      fees: { "dexam:D2:theory": 1500, "dexam:D2:practice": 2500, "dexam:D2:camp": 9000, "dexam:D1:theory": 1 },
      lateFrom: null,
      lateFeeCents: 0,
    };
    const base = { kind: "dexam", id: 1, course: "D2", camp: true, createdAt: at(1) } as const;
    expect(computeFees(table, [{ ...base, partialResultType: null }]).netCents).toBe(13_000);
    expect(computeFees(table, [{ ...base, partialResultType: "THEORY" }]).netCents).toBe(11_500);
    expect(computeFees(table, [{ ...base, partialResultType: "PRACTICE", camp: false }]).lines).toEqual([
      { item: "dexam:D2:theory", description: "D-Prüfung D2 – Theorie", quantity: 1, unitCents: 1500, netCents: 1500 },
    ]);
  });

  it("a competition pays its category's fee where one is set, else its type's", () => {
    const table: FeeTable = { fees: { "competition:T": 4000, "competition:T:CAT_3": 6000 }, lateFrom: at(10), lateFeeCents: 1000 };
    const r = (category: "CAT_3" | "CAT_1" | null, day: number) => ({ kind: "competition", id: day, type: "T", category, createdAt: at(day) }) as const;
    const { lines, netCents } = computeFees(table, [r("CAT_3", 1), r("CAT_1", 2), r(null, 11), r("CAT_3", 12)]);
    expect(lines.map((l) => [l.item, l.quantity, l.netCents])).toEqual([
      ["competition:T", 2, 8000],
      ["competition:T:CAT_3", 2, 12000],
      ["late", 2, 2000],
    ]);
    expect(netCents).toBe(22_000);
  });

  it("VAT rounds half away from zero and is 0 when exempt", () => {
    expect(vatOf(1050, 1900, false)).toBe(200); // 199.5
    expect(vatOf(-1050, 1900, false)).toBe(-200);
    expect(vatOf(1050, 1900, true)).toBe(0);
    expect(vatOf(10_000, 700, false)).toBe(700);
  });

  it("refuses unknown items, doubled items, negative amounts and a late fee without its date", () => {
    expect(feeTableErrors({ fees: [{ item: "dexam:D1:theory", amountCents: 100 }], lateFrom: null, lateFeeCents: 0 })).toEqual({});
    expect(
      feeTableErrors({
        fees: [
          { item: "dexam:D4:theory", amountCents: 1 },
          { item: "competition:T", amountCents: -1 },
          { item: "dexam:D1:camp", amountCents: 1 },
          { item: "dexam:D1:camp", amountCents: 2 },
        ],
        lateFrom: null,
        lateFeeCents: 500,
      }),
    ).toEqual({
      "fees.dexam:D4:theory": "Unbekannte Gebühr",
      "fees.competition:T": "Betrag zwischen 0 und 1.000.000 € angeben",
      "fees.dexam:D1:camp": "Diese Gebühr ist doppelt angegeben",
      lateFrom: "Ab wann gilt die Verspätungsgebühr?",
    });
  });
});
