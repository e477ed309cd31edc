// Generates docs/authorization.md from the permission table (server/src/shared/permissions.ts) and
// its doors (server/src/auth/permissions.ts).
import fs from "node:fs";
import { DOORS, type Doors, type Operation, PERMISSIONS, type Permission } from "../server/src/auth/permissions.ts";

const TENANCY: Record<Permission["tenancy"], string> = {
  none: "all rows",
  self: "own user only",
  ownDistrict: "own district association (admin: all)",
  ownClubsOrDistrict: "own clubs; staff: own district association (admin: all)",
  registrantOrDistrict: "the registering account; staff: own district association (admin: all)",
  publishedOrDistrict: "published rows; staff: also the own district association's (admin: all)",
};

/** The rows column: the tenancy, with the roles that act on the whole district where the table names them. */
export const rowsOf = (p: Permission) =>
  p.tenancy === "ownClubsOrDistrict" && p.districtRoles?.length
    ? `own clubs; ${p.districtRoles.join(", ")}: own district association (admin: all)`
    : p.tenancy === "registrantOrDistrict" && p.districtRoles?.length
      ? `the account that registered; ${p.districtRoles.join(", ")}: own district association (admin: all)`
      : p.tenancy === "publishedOrDistrict" && p.districtRoles?.length
        ? `published rows; ${p.districtRoles.join(", ")}: also the own district association's (admin: all)`
        : TENANCY[p.tenancy];

/** The who column: every signed-in user, or the roles. */
export const whoOf = (p: Permission) => (p.access === "signedIn" ? "every signed-in user" : p.access.join(", "));

export function authorizationDoc(): string {
  const rows = (Object.entries(PERMISSIONS) as [Operation, Permission][]).map(([op, p]) => {
    const d: Doors = DOORS[op];
    return `| \`${op}\` | ${whoOf(p)} | ${rowsOf(p)} | ${d.graphql.map((g) => `\`${g}\``).join("<br>")} | ${d.rest.map((r) => `\`${r}\``).join("<br>")} | ${d.description} |`;
  });
  return `# Authorization

Generated from \`server/src/shared/permissions.ts\` (roles, tenancy) and \`server/src/auth/permissions.ts\` (doors) by \`npm run docs:authorization\`; a test fails when
this file is stale. \`admin\` passes every role check. Blocked users get 403 everywhere; requests
without a valid token get 401. An object of another tenant answers "not found" (404, or \`null\`
from \`node(id:)\`), never "forbidden". The test \`tests/integration/auth/authorization.test.ts\` runs
every row for single-role principals in two districts, club members and anonymous callers.

| operation | who | rows | GraphQL | /v1 | what |
|---|---|---|---|---|---|
${rows.join("\n")}
`;
}

if (process.argv[1]?.endsWith("docs-authorization.ts")) {
  fs.mkdirSync("docs", { recursive: true });
  fs.writeFileSync("docs/authorization.md", authorizationDoc());
  console.log("docs/authorization.md written");
}
