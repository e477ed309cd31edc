// Imports every domain's GraphQL file and builds the schema. Nothing else lives here.
import { lexicographicSortSchema } from "graphql";
import "../domains/associations/graphql.ts";
import "../domains/dexam/graphql.ts";
import "../domains/competition/graphql.ts";
import "../domains/districts/graphql.ts";
import "../domains/events/graphql.ts";
import "../domains/locations/graphql.ts";
import "../domains/results/graphql.ts";
import "../domains/statistics/graphql.ts";
import "../domains/users/graphql.ts";
import { builder } from "./builder.ts";

export const schema = lexicographicSortSchema(builder.toSchema());
