import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { authorizationDoc } from "./docs-authorization.ts";
import { privacyDoc, privacyProblems, unlistedRetentionSettings } from "./docs-privacy.ts";

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

  it("a new setting of config.ts that reads like a retention period must be listed in the records", () => {
    const source = "count(env.UPLOAD_RETENTION_DAYS); count(env.MAIL_RETRY_SECONDS); count(env.MAIL_GIVE_UP_HOURS); env.PORT";
    expect(unlistedRetentionSettings(source)).toEqual([
      "UPLOAD_RETENTION_DAYS reads like a retention period: list it in server/src/shared/privacy.ts",
      "MAIL_GIVE_UP_HOURS reads like a retention period: list it in server/src/shared/privacy.ts",
    ]);
  });
});
