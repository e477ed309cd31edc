import { describe, expect, it } from "vitest";
import { ariaSort, compareSortValues, formatSort, nextSort, orderArgument, parseSort, sortableColumns } from "./tableSort";

const KEYS = ["id", "name", "deadline"];

describe("table sort in the URL", () => {
  it("reads `name` as ascending and `-name` as descending", () => {
    expect(parseSort("name", KEYS)).toEqual({ key: "name", desc: false });
    expect(parseSort("-name", KEYS)).toEqual({ key: "name", desc: true });
  });

  it("ignores a missing parameter and columns that do not sort (a hand-edited link)", () => {
    expect(parseSort(null, KEYS)).toBeNull();
    expect(parseSort("", KEYS)).toBeNull();
    expect(parseSort("menu", KEYS)).toBeNull();
    expect(parseSort("-", KEYS)).toBeNull();
  });

  it("writes what it reads", () => {
    for (const value of ["id", "-id", "-deadline"]) expect(formatSort(parseSort(value, KEYS))).toBe(value);
    expect(formatSort(null)).toBeNull();
  });

  it("cycles a header ascending, descending, unsorted; another header starts ascending", () => {
    const first = nextSort(null, "name");
    expect(first).toEqual({ key: "name", desc: false });
    const second = nextSort(first, "name");
    expect(second).toEqual({ key: "name", desc: true });
    expect(nextSort(second, "name")).toBeNull();
    expect(nextSort(second, "id")).toEqual({ key: "id", desc: false });
  });

  it("marks only the sorted header with aria-sort", () => {
    expect(ariaSort({ key: "name", desc: false }, "name")).toBe("ascending");
    expect(ariaSort({ key: "name", desc: true }, "name")).toBe("descending");
    expect(ariaSort({ key: "name", desc: true }, "id")).toBeUndefined();
    expect(ariaSort(null, "id")).toBeUndefined();
  });
});

describe("sort order of cell values", () => {
  const sorted = (values: (string | number | boolean)[]) => [...values].sort(compareSortValues);

  it("orders German text by the German alphabet, case and accents aside", () => {
    expect(sorted(["Zither", "Ölberg", "apfel", "Oboe", "Ähre"])).toEqual(["Ähre", "apfel", "Oboe", "Ölberg", "Zither"]);
  });

  it("orders numbers inside text by value (Kreisverband 2 before Kreisverband 10)", () => {
    expect(sorted(["Kreisverband 10", "Kreisverband 2", "Kreisverband 1"])).toEqual(["Kreisverband 1", "Kreisverband 2", "Kreisverband 10"]);
  });

  it("orders numbers by value and no before yes", () => {
    expect(sorted([10, 9.5, 100])).toEqual([9.5, 10, 100]);
    expect(sorted([true, false])).toEqual([false, true]);
  });
});

describe("tables the server sorts (orderBy)", () => {
  const FIELDS = { lastname: "LASTNAME", association: "CLUB" } as const;

  it("asks for the column's order field in the sort's direction, and for the default order when unsorted", () => {
    expect(orderArgument({ key: "lastname", desc: false }, FIELDS)).toEqual({ field: "LASTNAME", direction: "ASC" });
    expect(orderArgument({ key: "association", desc: true }, FIELDS)).toEqual({ field: "CLUB", direction: "DESC" });
    expect(orderArgument(null, FIELDS)).toBeNull();
    expect(orderArgument({ key: "toString", desc: false }, FIELDS)).toBeNull();
  });

  it("makes only the columns with an order field sortable", () => {
    const columns = sortableColumns<{ key: string; sortable?: boolean }>(
      [{ key: "id" }, { key: "lastname" }, { key: "association" }, { key: "toString" }],
      FIELDS,
    );
    expect(columns.filter((column) => column.sortable).map((column) => column.key)).toEqual(["lastname", "association"]);
  });
});
