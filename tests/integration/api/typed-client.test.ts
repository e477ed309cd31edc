// The guide's typed client (docs/api.md "A typed client"): graphql-codegen's
// client preset generates typed documents from schema.graphql and the documents of
// docs/examples/typed-client/main.ts (its codegen.ts, into a temporary folder, no network), tsc
// type-checks the program against them, and the program runs against a test server with the token
// of the guide's API client and prints the guide's event.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { generate } from "@graphql-codegen/cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import config from "../../../docs/examples/typed-client/codegen.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { guideApiClient, guideEvent, markdownBlocks } from "../../support/guide.ts";
import { createWorld } from "../../support/principals.ts";

const EXAMPLE = path.resolve("docs/examples/typed-client");
// inside the repository, so the generated code and the program find node_modules (graphql, @types/node)
const OUT = path.resolve(".tmp", `typed-client-${crypto.randomBytes(4).toString("hex")}`);
const run = promisify(execFile);

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ listen: true });
  const world = await createWorld(app.db.prisma);
  ({ token } = await guideApiClient(app, await app.token(world.subjects.admin)));
  await guideEvent(app, world);
});
afterAll(async () => {
  await app.stop();
  fs.rmSync(OUT, { recursive: true, force: true });
});

/** tsc on the copied example; its exit code and output */
async function typeCheck(): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(path.resolve("node_modules/.bin/tsc"), ["-p", path.join(OUT, "tsconfig.json")]);
    return { code: 0, output: stdout };
  } catch (e) {
    const { code, stdout } = e as { code: number; stdout: string };
    return { code, output: stdout };
  }
}

describe("docs/examples/typed-client", () => {
  it("codegen writes typed documents from its config, tsc accepts the program, and it prints the guide's event as the guide's API client", async () => {
    fs.mkdirSync(OUT, { recursive: true });
    for (const file of ["main.ts", "tsconfig.json"]) fs.copyFileSync(path.join(EXAMPLE, file), path.join(OUT, file));
    // the example's own configuration, only the output folder moved
    const output = (config.generates as Record<string, object>)["gql/"];
    expect(output).toBeDefined();
    const written = await generate({ ...config, cwd: EXAMPLE, silent: true, generates: { [`${OUT}/gql/`]: output } }, true);
    expect(written.map((f: { filename: string }) => path.relative(OUT, f.filename)).sort()).toEqual(["gql/gql.ts", "gql/graphql.ts", "gql/index.ts"]);
    // the answer types the program reads, generated from the schema
    expect(fs.readFileSync(path.join(OUT, "gql/graphql.ts"), "utf8")).toContain("export type TypedClientRegistrationsQuery =");

    const checked = await typeCheck();
    expect(checked, checked.output).toMatchObject({ code: 0 });

    const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), [path.join(OUT, "main.ts")], {
      env: { ...process.env, API: app.baseUrl, TOKEN: token },
    });
    expect(stderr).toBe("");
    // what docs/api.md says it prints
    const printed = fs.readFileSync("docs/api.md", "utf8").split("\n### A typed client")[1]?.split("```text\n")[1]?.split("```")[0];
    expect(printed).toContain("Ergebnis Beispiel, Anna: Theorie 87.5");
    expect(stdout).toBe(printed);

    // the types are the schema's: a field the document does not select is a compile error
    const main = fs.readFileSync(path.join(OUT, "main.ts"), "utf8");
    fs.writeFileSync(path.join(OUT, "main.ts"), main.replace("r.association.name", "r.association.id"));
    const wrong = await typeCheck();
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toMatch(/main\.ts\(\d+,\d+\): error TS2339: Property 'id' does not exist/);
  });

  it("every TypeScript excerpt docs/api.md shows is the example's code, word for word", () => {
    const sources = ["main.ts", "codegen.ts"].map((f) => fs.readFileSync(path.join(EXAMPLE, f), "utf8"));
    const excerpts = markdownBlocks("docs/api.md", "ts");
    expect(excerpts.length).toBeGreaterThanOrEqual(2);
    for (const excerpt of excerpts)
      expect(
        sources.some((s) => s.includes(excerpt)),
        excerpt,
      ).toBe(true);
  });
});
