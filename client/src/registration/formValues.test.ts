import { describe, expect, it } from "vitest";
import { choosesDistrictClubs, clubOptions, editScopeOf, errorsAfterChange, preselectedClub, setPath } from "./formValues";

describe("shared registration form helpers", () => {
  it("[R-DF035][R-CF019] the server's edit scope; anything unknown reads as look-only", () => {
    expect(editScopeOf("ALL")).toBe("ALL");
    expect(editScopeOf("SONGS")).toBe("SONGS");
    expect(editScopeOf("NONE")).toBe("NONE");
    expect(editScopeOf("%future added value")).toBe("NONE");
  });

  it("updates one path immutably; a message goes away with its row", () => {
    const values = { songs: [{ name: "a" }, { name: "b" }], name: "x" };
    const next = setPath(values, "songs.1.name", "c");
    expect(next.songs[1].name).toBe("c");
    expect(values.songs[1].name).toBe("b");
    expect(next.songs[0]).toBe(values.songs[0]);
    expect(errorsAfterChange({ "songs.1.composer": "!", name: "!" }, values, next)).toEqual({ name: "!" });
  });

  it("[R-VA042][R-VA043] own clubs, or the district's for registration_manage; one own club is preselected", () => {
    expect(choosesDistrictClubs({ roles: ["registration_manage"], districtAssociationId: 1 }, { districtAssociationId: 1 })).toBe(true);
    expect(choosesDistrictClubs({ roles: ["registration_manage"], districtAssociationId: 2 }, { districtAssociationId: 1 })).toBe(false);
    expect(choosesDistrictClubs({ roles: [], districtAssociationId: 1 }, { districtAssociationId: 1 })).toBe(false);
    expect(clubOptions([{ id: "1", name: "MV" }], { id: "2", name: "SK" })).toEqual([
      { value: "1", label: "MV" },
      { value: "2", label: "SK" },
    ]);
    expect(preselectedClub(["4"])).toBe("4");
    expect(preselectedClub(["4", "5"])).toBe("");
  });
});
