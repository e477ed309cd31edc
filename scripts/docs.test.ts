import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { authorizationDoc } from "./docs-authorization.ts";

describe("generated docs", () => {
  it("[R-RP019] docs/authorization.md is generated from the permission table (npm run docs:authorization)", () => {
    expect(fs.readFileSync("docs/authorization.md", "utf8")).toBe(authorizationDoc());
  });
});
