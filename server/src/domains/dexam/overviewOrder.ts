// The columns the D-exam overview can be sorted by, for both doors: GraphQL's
// `dexamRegistrations(orderBy:)` and the /v1 list's `sort` parameter (graphql/orderBy.ts).
import type { Direction } from "../../graphql/cursor.ts";
import type { SortableList } from "../../graphql/orderBy.ts";

const flip = (d: Direction): Direction => (d === "asc" ? "desc" : "asc");

/**
 * Each column one sort key (STATUS: active, cancelledAt NULL, first when ascending); ties by last
 * name, first name (German collation), id. The points and the grade are result columns
 * (`results`): only callers who see every result sort by them. Pieces and grade sort by their
 * stored keys (`songsCompleteKey`, `gradeKey`), which every write works out with the rule the
 * columns show (dexam/rules.ts overviewKeys).
 */
export const DEXAM_OVERVIEW_ORDER = {
  model: "DexamRegistration",
  columns: {
    LASTNAME: { description: "Last name (German order).", key: (d) => ({ lastname: d }) },
    FIRSTNAME: { description: "First name (German order).", key: (d) => ({ firstname: d }) },
    CLUB: { description: "The club's name (German order).", key: (d) => ({ association: { name: d } }) },
    INSTRUMENT: {
      description: "The instrument, in score order (as the registration form lists them: flutes first, percussion last).",
      key: (d) => ({ instrument: d }),
    },
    COURSE: { description: "The course (D1, D2, D3).", key: (d) => ({ type: d }) },
    BIRTHDATE: { description: "Date of birth.", key: (d) => ({ birthdate: d }) },
    THEORY_POINTS: {
      description:
        "Theory points, registrations without points last (ascending; first descending). Only for callers who see every result of the event (registration and results staff of its district); others get VALIDATION.",
      key: (d) => ({ theoryPoints: d }),
      results: true,
    },
    PRACTICE_POINTS: {
      description:
        "Practice points, registrations without points last (ascending; first descending). Only for callers who see every result of the event (registration and results staff of its district); others get VALIDATION.",
      key: (d) => ({ practicePoints: d }),
      results: true,
    },
    GRADE: {
      description:
        "The grade (Note): FAILED before PASSED (ascending), registrations without a grade (results missing) last (ascending; first descending). Only for callers who see every result of the event (registration and results staff of its district); others get VALIDATION.",
      key: (d) => ({ gradeKey: d }),
      results: true,
    },
    SONGS: {
      description:
        "Pieces (Stücke) complete: incomplete before complete (ascending); a registration without a practice exam needs none and counts as complete.",
      key: (d) => ({ songsCompleteKey: d }),
    },
    CREATED_AT: { description: "When the registration was created.", key: (d) => ({ createdAt: d }) },
    STATUS: {
      description: "Active before cancelled (ascending); cancelled ones by cancellation time, newest first.",
      key: (d) => ({ cancelledAt: flip(d) }),
    },
    ID: { description: "The registration's numeric id (databaseId).", key: (d) => ({ id: d }) },
  },
  defaults: [{ lastname: "asc" }, { firstname: "asc" }, { id: "asc" }],
} satisfies SortableList<string>;
