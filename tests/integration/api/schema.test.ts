import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { printedSchema } from "../../../scripts/print-schema.ts";

describe("schema.graphql", () => {
  it("the committed schema.graphql is the schema the code prints (run npm run schema:print)", () => {
    expect(fs.readFileSync("schema.graphql", "utf8")).toBe(printedSchema());
  });
});
