// Imports every domain's GraphQL file, builds the schema and names its Node types to the global
// id parser (graphql/ids.ts). Nothing else lives here.
import { isObjectType, lexicographicSortSchema } from "graphql";
import "../domains/apiclients/graphql.ts";
import "../domains/associations/graphql.ts";
import "../domains/audit/graphql.ts";
import "../domains/changes/graphql.ts";
import "../domains/dexam/graphql.ts";
import "../domains/competition/graphql.ts";
import "../domains/districts/graphql.ts";
import "../domains/events/graphql.ts";
import "../domains/healthaccess/graphql.ts";
import "../domains/invoices/graphql.ts";
import "../domains/locations/graphql.ts";
import "../domains/messages/graphql.ts";
import "../domains/results/graphql.ts";
import "../domains/statistics/graphql.ts";
import "../domains/timetable/graphql.ts";
import "../domains/users/graphql.ts";
import "../domains/webhooks/graphql.ts";
import { builder } from "./builder.ts";
import { registerGlobalIdTypes } from "./ids.ts";

export const schema = lexicographicSortSchema(builder.toSchema());

// the types a global id may name (graphql/ids.ts): the Node types, which node(id:) loads
registerGlobalIdTypes(
  Object.values(schema.getTypeMap())
    .filter((type) => isObjectType(type) && type.getInterfaces().some((i) => i.name === "Node"))
    .map((type) => type.name),
);
