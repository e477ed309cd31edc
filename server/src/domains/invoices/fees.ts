// The fee computation (docs/decisions.md "Invoices"): a pure function over an event's fee table and
// the live registrations of one club, no database, no clock. The invoice service loads both, calls
// it and stores the lines in the issuing transaction. Amounts are integer cents.
export const DEXAM_COURSES = ["D1", "D2", "D3"] as const;
export const DEXAM_PARTS = ["theory", "practice", "camp"] as const;
export const COMPETITION_TYPES = ["T", "K", "U", "G", "M", "B"] as const;
export const CATEGORIES = ["CAT_1", "CAT_2", "CAT_3", "CAT_4", "CAT_5", "CAT_6"] as const;

export type DexamCourse = (typeof DEXAM_COURSES)[number];
export type DexamPart = (typeof DEXAM_PARTS)[number];
export type CompetitionType = (typeof COMPETITION_TYPES)[number];
export type Category = (typeof CATEGORIES)[number];

/** The late fee's item key. */
export const LATE_ITEM = "late";

/** Every item key a fee table may name: "dexam:D1:theory", "competition:T", "competition:T:CAT_2". */
export const FEE_ITEMS: readonly string[] = [
  ...DEXAM_COURSES.flatMap((c) => DEXAM_PARTS.map((p) => `dexam:${c}:${p}`)),
  ...COMPETITION_TYPES.flatMap((t) => [`competition:${t}`, ...CATEGORIES.map((c) => `competition:${t}:${c}`)]),
];

const PART_LABEL: Record<DexamPart, string> = { theory: "Theorie", practice: "Praxis", camp: "Lehrgang/Freizeit" };

/** The German description of an item key on the invoice. */
export function itemLabel(item: string): string {
  if (item === LATE_ITEM) return "Verspätungsgebühr (Anmeldung nach dem Stichtag)";
  const [kind, a, b] = item.split(":");
  if (kind === "dexam") return `D-Prüfung ${a} – ${PART_LABEL[b as DexamPart] ?? b}`;
  if (kind === "competition") return `Wertungsspiel Typ ${a}${b ? ` – Kategorie ${b.replace("CAT_", "")}` : ""}`;
  return item;
}

export type FeeTable = {
  /** cents per item key; an item without an amount costs nothing */
  fees: Readonly<Record<string, number>>;
  /** registrations made after this instant pay the late fee as well */
  lateFrom: Date | null;
  lateFeeCents: number;
};

export type BillableRegistration =
  | {
      kind: "dexam";
      id: number;
      course: DexamCourse;
      /** the part an earlier result covers: not taken, not billed */
      partialResultType: "THEORY" | "PRACTICE" | null;
      camp: boolean;
      createdAt: Date;
    }
  | { kind: "competition"; id: number; type: CompetitionType; category: Category | null; createdAt: Date };

export type FeeLine = { item: string; description: string; quantity: number; unitCents: number; netCents: number };

/** The items one registration is billed for (before grouping), in a stable order. */
export function itemsOf(r: BillableRegistration, table: FeeTable): { item: string; cents: number }[] {
  const out: { item: string; cents: number }[] = [];
  const add = (item: string) => {
    const cents = table.fees[item];
    if (cents) out.push({ item, cents });
  };
  if (r.kind === "dexam") {
    if (r.partialResultType !== "THEORY") add(`dexam:${r.course}:theory`);
    if (r.partialResultType !== "PRACTICE") add(`dexam:${r.course}:practice`);
    if (r.camp) add(`dexam:${r.course}:camp`);
  } else {
    const specific = r.category ? `competition:${r.type}:${r.category}` : null;
    if (specific && table.fees[specific] !== undefined) add(specific);
    else add(`competition:${r.type}`);
  }
  if (table.lateFrom && table.lateFeeCents > 0 && r.createdAt.getTime() > table.lateFrom.getTime()) out.push({ item: LATE_ITEM, cents: table.lateFeeCents });
  return out;
}

/**
 * The invoice lines of one club's registrations: one line per item and unit price, in the order of
 * FEE_ITEMS (the late fee last), quantity = registrations billed for it. Answers no lines when nothing
 * costs anything.
 */
export function computeFees(table: FeeTable, registrations: readonly BillableRegistration[]): { lines: FeeLine[]; netCents: number } {
  const counts = new Map<string, { unitCents: number; quantity: number }>();
  for (const r of registrations)
    for (const { item, cents } of itemsOf(r, table)) {
      const key = `${item}|${cents}`;
      const c = counts.get(key) ?? { unitCents: cents, quantity: 0 };
      c.quantity++;
      counts.set(key, c);
    }
  const order = (key: string) => {
    const item = key.split("|")[0] as string;
    return item === LATE_ITEM ? FEE_ITEMS.length : FEE_ITEMS.indexOf(item);
  };
  const lines = [...counts.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([key, { unitCents, quantity }]) => {
      const item = key.split("|")[0] as string;
      return { item, description: itemLabel(item), quantity, unitCents, netCents: unitCents * quantity };
    });
  return { lines, netCents: lines.reduce((s, l) => s + l.netCents, 0) };
}

/** VAT in cents of a net amount at a rate in hundredths of a percent, rounded half away from zero; 0 when exempt. */
export function vatOf(netCents: number, rateBasisPoints: number, exempt: boolean): number {
  if (exempt || rateBasisPoints === 0) return 0;
  const v = (Math.abs(netCents) * rateBasisPoints) / 10_000;
  return Math.sign(netCents) * Math.round(v);
}

const MAX_CENTS = 100_000_000;

/** Everything wrong with a fee table input, as field -> German message ("fees.<item>", "lateFeeCents", "lateFrom"). */
export function feeTableErrors(input: {
  fees: readonly { item: string; amountCents: number }[];
  lateFrom: Date | null;
  lateFeeCents: number;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  for (const f of input.fees) {
    const field = `fees.${f.item}`;
    if (!FEE_ITEMS.includes(f.item)) errors[field] = "Unbekannte Gebühr";
    else if (seen.has(f.item)) errors[field] = "Diese Gebühr ist doppelt angegeben";
    else if (!Number.isInteger(f.amountCents) || f.amountCents < 0 || f.amountCents > MAX_CENTS) errors[field] = "Betrag zwischen 0 und 1.000.000 € angeben";
    seen.add(f.item);
  }
  if (!Number.isInteger(input.lateFeeCents) || input.lateFeeCents < 0 || input.lateFeeCents > MAX_CENTS)
    errors.lateFeeCents = "Betrag zwischen 0 und 1.000.000 € angeben";
  else if (input.lateFeeCents > 0 && !input.lateFrom) errors.lateFrom = "Ab wann gilt die Verspätungsgebühr?";
  return errors;
}
