// The D-exam overview's page and total past Prisma's query interpretation (issue 9). Reading the
// 100 rows of a page with their relations through Prisma cost about a fifth of the overview's
// CPU: Prisma builds each relation as a JSON object in SQL, parses it per row and maps every value
// twice. Here one hand-written statement joins the same relations and its rows are shaped exactly
// as Prisma shapes them (same keys, Decimal, Date, bytes), so the GraphQL types read them unchanged.
// Only the page shapes written here take this way (overviewPageShape); any other selection reads
// through Prisma with dexamWhere, which must select the same rows:
// tests/integration/overview-page.test.ts compares both, row by row, for every role and filter.
import { isDeepStrictEqual } from "node:util";
import { authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { likeLiteral, searchedId, searchTerm } from "../../db/search.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { isInt4 } from "../../shared/validation.ts";
import type { ServiceCtx } from "../context.ts";
import { type RegistrationFilter, readableScope } from "../registrations/access.ts";

/**
 * What a registration row always loads besides its columns: the relations the results, the row
 * menu and the row rule look at (event, the locations' publishing, whether it was taken over), and
 * its club (the overview shows it on every row; read from the row, not through Pothos' relation
 * loading, which cost a lookup per row).
 */
export const ROW_INCLUDE = {
  event: { select: { districtAssociationId: true, editPhase: true, formType: true } },
  theoryLocation: { select: { publishResults: true } },
  practiceLocation: { select: { publishResults: true } },
  takenOverBy: { select: { id: true } },
  association: true,
} as const;

/**
 * How the statement reaches each relation of ROW_INCLUDE, and which of its columns it reads (those
 * ROW_INCLUDE selects; every column for `true`). The club is joined for the search as well.
 */
const ROW_JOINS: Record<keyof typeof ROW_INCLUDE, { alias: string; join: string; allColumns?: readonly string[] }> = {
  event: { alias: "e", join: `JOIN "Event" e ON e.id = r."eventId"` },
  theoryLocation: { alias: "t", join: `LEFT JOIN "EventLocation" t ON t.id = r."theoryLocationId"` },
  practiceLocation: { alias: "p", join: `LEFT JOIN "EventLocation" p ON p.id = r."practiceLocationId"` },
  takenOverBy: { alias: "n", join: `LEFT JOIN "DexamRegistration" n ON n."takenOverFromId" = r.id` },
  association: { alias: "a", join: `JOIN "Association" a ON a.id = r."associationId"`, allColumns: Object.values(Prisma.AssociationScalarFieldEnum) },
};

/** Each relation of a row: its name, the alias of its join and the columns it reads. */
const RELATIONS = (Object.keys(ROW_INCLUDE) as (keyof typeof ROW_INCLUDE)[]).map((name) => {
  const include: { select: Record<string, true> } | true = ROW_INCLUDE[name];
  const { alias, allColumns } = ROW_JOINS[name];
  return { name, alias, columns: include === true ? (allColumns ?? []) : Object.keys(include.select) };
});
const REGISTRATION_COLUMNS = Object.values(Prisma.DexamRegistrationScalarFieldEnum);

/** A page as Pothos' prismaConnection asks for it (its `query`). */
export type PageQuery = {
  include?: Record<string, unknown>;
  select?: unknown;
  take?: number;
  skip?: number;
  cursor?: { id?: unknown };
};

/**
 * The page can be read here: forward (first/after), the relations exactly ROW_INCLUDE (the type's
 * own), no select. Anything else (another relation, a backward page) reads through Prisma.
 */
export function overviewPageShape(query: PageQuery): { take: number; skip: number; cursor: number | null } | null {
  if (query.select !== undefined || typeof query.take !== "number" || query.take <= 0) return null;
  if (!isDeepStrictEqual(query.include, ROW_INCLUDE)) return null;
  const cursor = query.cursor?.id;
  if (cursor !== undefined && typeof cursor !== "number") return null;
  return { take: query.take, skip: query.skip ?? 0, cursor: cursor ?? null };
}

/**
 * The WHERE of the overview for this caller and filter (the same rows as dexamWhere), its values
 * appended to `values`; and the joins it reads (the event `e`, the club `a`).
 */
function whereSql(p: Principal, filter: RegistrationFilter, values: unknown[]): { where: string; joins: string[] } {
  const $ = (v: unknown) => `$${values.push(v)}`;
  const and = [`r."eventId" = ${$(filter.eventId)}`];
  const joins: string[] = [];
  const scope = readableScope(p);
  if (scope) {
    const clubs = `r."associationId" = ANY(${$(scope.clubs)}::int[])`;
    if (scope.district !== undefined) joins.push(ROW_JOINS.event.join);
    and.push(scope.district === undefined ? clubs : `(e."districtAssociationId" = ${$(scope.district)} OR ${clubs})`);
  }
  if (filter.locationId) {
    const l = $(filter.locationId);
    and.push(`(r."theoryLocationId" = ${l} OR r."practiceLocationId" = ${l} OR r."preparationLocationId" = ${l})`);
  }
  if (filter.associationId) and.push(`r."associationId" = ${$(filter.associationId)}`);
  if (filter.updatedSince) and.push(`r."updatedAt" >= ${$(filter.updatedSince)}`);
  const search = searchTerm(filter.search);
  if (search) {
    // as Prisma's `contains` with mode insensitive sends containsText's pattern (db/search.ts)
    const s = $(likeLiteral(search));
    const like = (column: string) => `${column} ILIKE ('%' || ${s} || '%')`;
    const id = searchedId(search);
    joins.push(ROW_JOINS.association.join);
    and.push(`(${[like("r.firstname"), like("r.lastname"), like("a.name"), ...(id === null ? [] : [`r.id = ${$(id)}`])].join(" OR ")})`);
  }
  return { where: and.join(" AND "), joins };
}

/** The page reads from every relation it shapes (the count only from those its WHERE reads). */
const PAGE_FROM = `FROM "DexamRegistration" r ${Object.values(ROW_JOINS)
  .map((j) => j.join)
  .join(" ")}`;

/** The overview's total for this caller and filter (what dexamRegistration.count over dexamWhere answers). */
export async function countOverview(ctx: ServiceCtx, filter: RegistrationFilter): Promise<number> {
  const p = authorize(ctx.principal, "dexam.list");
  if (!isInt4(filter.eventId)) return 0;
  const values: unknown[] = [];
  const { where, joins } = whereSql(p, filter, values);
  const rows = await ctx.services.sql<{ count: number }>(`SELECT count(*)::int AS count FROM "DexamRegistration" r ${joins.join(" ")} WHERE ${where}`, values);
  return rows[0].count;
}

/** A registration as Prisma answers it with ROW_INCLUDE (the columns of `omit` absent, as with Prisma's omit). */
export type OverviewRow = Prisma.DexamRegistrationGetPayload<{ include: typeof ROW_INCLUDE }>;

/** pg hands bytea over as a Buffer; Prisma as a plain Uint8Array. */
const prismaValue = (v: unknown) => (Buffer.isBuffer(v) ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength) : v);

/**
 * The function that shapes a row of the page's statement (its values in the select list's order:
 * `columns`, then per relation its id and its columns) as Prisma's object. Written as one object
 * literal per column set and compiled once: an object built key by key from a list of names ends
 * up in V8's slow dictionary mode past a dozen keys, and every field of the overview then reads
 * from it that way. The names are Prisma's own column names. At most 64 column sets are kept (the
 * set follows the request's selection).
 */
const shapers = new Map<string, (row: unknown[]) => OverviewRow>();
function shaperFor(columns: readonly string[]): (row: unknown[]) => OverviewRow {
  const cacheKey = columns.join(",");
  let shape = shapers.get(cacheKey);
  if (!shape) {
    const q = JSON.stringify;
    let i = 0;
    const props = columns.map((c) => `${q(c)}: v(row[${i++}])`);
    for (const rel of RELATIONS) {
      const present = i++;
      props.push(`${q(rel.name)}: row[${present}] === null ? null : { ${rel.columns.map((c) => `${q(c)}: v(row[${i++}])`).join(", ")} }`);
    }
    shape = new Function("v", `return (row) => ({ ${props.join(", ")} });`)(prismaValue) as (row: unknown[]) => OverviewRow;
    if (shapers.size >= 64) shapers.clear();
    shapers.set(cacheKey, shape);
  }
  return shape;
}

/**
 * One page of the overview (the rows Prisma's findMany over dexamWhere, ordered by last name,
 * first name and id, with `shape`'s cursor, skip and take, answers), each registration shaped as
 * Prisma returns it with ROW_INCLUDE: the columns of `omit` left out.
 */
export async function readOverviewPage(
  ctx: ServiceCtx,
  filter: RegistrationFilter,
  shape: NonNullable<ReturnType<typeof overviewPageShape>>,
  omit: Prisma.DexamRegistrationOmit,
): Promise<OverviewRow[]> {
  const p = authorize(ctx.principal, "dexam.list");
  // a cursor or event outside the id range names no registration (as a cursor whose row is gone)
  if (!isInt4(filter.eventId) || (shape.cursor !== null && !isInt4(shape.cursor))) return [];
  const columns = REGISTRATION_COLUMNS.filter((c) => !omit[c as keyof Prisma.DexamRegistrationOmit]);
  const select = [
    ...columns.map((c) => `r."${c}"`),
    // a relation's own id says whether the row has it (the optional ones are LEFT JOINed)
    ...RELATIONS.flatMap((rel) => [`${rel.alias}.id AS "${rel.name}"`, ...rel.columns.map((c) => `${rel.alias}."${c}" AS "${rel.name}.${c}"`)]),
  ];
  const values: unknown[] = [];
  let { where } = whereSql(p, filter, values);
  // Prisma's cursor: from the cursor's row on (in the page's order), then `skip`; the cursor's row
  // must be one of the list (graphql/cursor.ts): else the subquery is empty and so is the page
  if (shape.cursor !== null)
    where += ` AND (r.lastname, r.firstname, r.id) >= (SELECT r.lastname, r.firstname, r.id ${PAGE_FROM} WHERE ${where} AND r.id = $${values.push(shape.cursor)})`;
  const rows = await ctx.services.sql<unknown[]>(
    `SELECT ${select.join(", ")} ${PAGE_FROM} WHERE ${where} ORDER BY r.lastname, r.firstname, r.id LIMIT $${values.push(shape.take)} OFFSET $${values.push(shape.skip)}`,
    values,
    { rows: "array" },
  );
  return rows.map(shaperFor(columns));
}
