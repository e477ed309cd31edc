import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { authorizationDoc } from "./docs-authorization.ts";
import { privacyDoc, privacyProblems } from "./docs-privacy.ts";

describe("generated docs", () => {
  it("[R-RP019] docs/authorization.md is generated from the permission table (npm run docs:authorization)", () => {
    expect(fs.readFileSync("docs/authorization.md", "utf8")).toBe(authorizationDoc());
  });

  it("docs/privacy.md, the records of processing, is generated from server/src/shared/privacy.ts and the code (npm run docs:privacy)", () => {
    expect(fs.readFileSync("docs/privacy.md", "utf8")).toBe(privacyDoc());
  });

  it("the records of processing name only operations, settings and files that exist", () => {
    expect(privacyProblems()).toEqual([]);
  });
});
