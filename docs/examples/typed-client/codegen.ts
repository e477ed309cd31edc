// graphql-codegen's configuration for the typed client (docs/api.md, "A typed client").
// Run in this folder: npx graphql-codegen --config codegen.ts
// It reads the schema (this repository's schema.graphql; against a running server use
// { [`${process.env.API}/graphql`]: { headers: { Authorization: `Bearer ${process.env.TOKEN}` } } })
// and the documents in main.ts, and writes gql/: a typed document per operation, the types of
// its result and variables, and the graphql() function main.ts calls.
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "../../../schema.graphql",
  documents: ["main.ts"],
  ignoreNoDocuments: false,
  generates: {
    "gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        // documents as strings with their types (TypedDocumentString): fetch needs no GraphQL library
        documentMode: "string",
        // enums as unions of their values ("DEXAM" | "COMPETITION" | ...)
        enumsAsTypes: true,
        useTypeImports: true,
        // Date is "yyyy-mm-dd", DateTime an ISO 8601 instant: both arrive as strings
        scalars: { Date: "string", DateTime: "string" },
        strictScalars: true,
      },
    },
  },
};

export default config;
