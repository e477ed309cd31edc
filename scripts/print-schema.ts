// Prints the GraphQL schema from the code into schema.graphql (committed; a test fails when it
// is stale). `--check` exits 1 instead of writing when the file differs.
import fs from "node:fs";
import { printSchema } from "graphql";
import { schema } from "../server/src/graphql/schema.ts";

export const printedSchema = () => `${printSchema(schema).trim()}\n`;

if (process.argv[1]?.endsWith("print-schema.ts")) {
  const next = printedSchema();
  const current = fs.existsSync("schema.graphql") ? fs.readFileSync("schema.graphql", "utf8") : "";
  if (process.argv.includes("--check")) {
    if (current !== next) {
      console.error("schema.graphql is stale: run npm run schema:print");
      process.exit(1);
    }
  } else if (current !== next) {
    fs.writeFileSync("schema.graphql", next);
    console.log("schema.graphql updated");
  }
}
