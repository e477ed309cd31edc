// The columns the competition overview can be sorted by, for both doors: GraphQL's
// `competitionRegistrations(orderBy:)` and the /v1 list's `sort` parameter (graphql/orderBy.ts).
import type { SortableList } from "../../graphql/orderBy.ts";

/**
 * Each column its sort keys (STATUS: active, cancelledAt NULL, first when ascending); ties by the
 * group's name (German collation), id. POINTS is a result column (`results`): only callers who see
 * every result sort by it; the mark (Prädikat) column sorts by it too. Pieces sort by their stored
 * key (`songsCompleteKey`), which every write works out with the rule the column shows
 * (competition/rules.ts competitionOverviewKeys).
 */
export const COMPETITION_OVERVIEW_ORDER = {
  model: "CompetitionRegistration",
  columns: {
    NAME: { description: "The group's name (German order).", key: (d) => ({ name: d }) },
    CLUB: { description: "The club's name (German order).", key: (d) => ({ association: { name: d } }) },
    TYPE: { description: "The competition type (Wertungsspielart), in the order T, K, U, G, M, B.", key: (d) => ({ type: d }) },
    CAST: { description: "The cast (Besetzung), in the order the registration form lists them.", key: (d) => ({ cast: d }) },
    LEVEL: {
      description: "The level column: the category (1..6) of the types with one first, then the age group (IA..VI) of types B and G.",
      key: (d) => [{ category: d }, { ageGroup: d }],
    },
    DOCUMENTS: { description: "Whether the documents are complete: incomplete ones first (ascending).", key: (d) => ({ documentsComplete: d }) },
    SONGS: {
      description: "Pieces (Stücke) complete, as many as the type asks for: incomplete before complete (ascending).",
      key: (d) => ({ songsCompleteKey: d }),
    },
    POINTS: {
      description:
        "The points (and with them the mark the jury gives for them), registrations without points last (ascending; first descending). Only for callers who see every result of the event (registration and results staff of its district); others get VALIDATION.",
      key: (d) => ({ points: d }),
      results: true,
    },
    CREATED_AT: { description: "When the registration was created.", key: (d) => ({ createdAt: d }) },
    STATUS: {
      description: "Active before cancelled (ascending); cancelled ones by cancellation time, newest first.",
      key: (d) => ({ cancelledAt: d === "asc" ? "desc" : "asc" }),
    },
    ID: { description: "The registration's numeric id (databaseId).", key: (d) => ({ id: d }) },
  },
  defaults: [{ name: "asc" }, { id: "asc" }],
} satisfies SortableList<string>;
