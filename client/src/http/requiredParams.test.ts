import { describe, expect, it } from "vitest";
import { assertRequired, expandPath, MissingParameterError, queryString } from "./requiredParams";

describe("required parameters", () => {
  it("[R-API005] a missing path parameter raises an error naming the field", () => {
    expect(() => expandPath("/association/{id}", {})).toThrow(MissingParameterError);
    expect(() => expandPath("/association/{id}", { id: null })).toThrow("„id“");
    expect(() => expandPath("/registration/dexam/{registrationId}/location/{locationId}/result", { registrationId: 3 })).toThrow("„locationId“");
  });

  it("[R-API005] a missing body field raises an error naming the field", () => {
    expect(() => assertRequired({ name: "MV Musterdorf" }, ["name", "district_association_id"])).toThrow("„district_association_id“");
    expect(() => assertRequired({ address: { city: "" } }, ["address.city"])).toThrow("„address.city“");
    try {
      assertRequired(undefined, ["name"]);
    } catch (error) {
      expect((error as MissingParameterError).parameter).toBe("name");
    }
  });

  it("[R-API005] present values pass, 0 and false count as present", () => {
    expect(() => assertRequired({ id: 0, flag: false, name: "x" }, ["id", "flag", "name"])).not.toThrow();
    expect(expandPath("/user/{id}", { id: 0 })).toBe("/user/0");
  });

  it("encodes path segments and builds query strings from defined values", () => {
    expect(expandPath("/x/{id}", { id: "a/b" })).toBe("/x/a%2Fb");
    expect(queryString({ search: "Blas Musik", districtId: 2, empty: undefined, none: null })).toBe("?search=Blas+Musik&districtId=2");
    expect(queryString({})).toBe("");
  });
});
