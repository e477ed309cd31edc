/**
 * The columns the server sorts the overview tables by (column key → the connection's orderBy field;
 * docs/decisions.md "Sortable columns, both doors"): only their headers are buttons. The result
 * columns sort only for viewers who see every result of the event (Event.viewerSeesAllResults): the
 * server refuses a sort by results to anyone else.
 */

/** The D-exam overview's sortable columns. */
export const DEXAM_ORDER_FIELDS = {
  id: "ID",
  firstname: "FIRSTNAME",
  lastname: "LASTNAME",
  association: "CLUB",
  instrument: "INSTRUMENT",
  course: "COURSE",
  songs: "SONGS",
} as const;

/** The same with the result columns (points and grade). */
export const DEXAM_ORDER_FIELDS_WITH_RESULTS = { ...DEXAM_ORDER_FIELDS, theory: "THEORY_POINTS", practice: "PRACTICE_POINTS", grade: "GRADE" } as const;

/** The competition overview's sortable columns (pieces do not sort). */
export const COMPETITION_ORDER_FIELDS = {
  id: "ID",
  name: "NAME",
  association: "CLUB",
  type: "TYPE",
  cast: "CAST",
  level: "LEVEL",
  documents: "DOCUMENTS",
  songs: "SONGS",
} as const;

/** The same with the points: Punkte and Prädikat (the mark the jury gives for the points) both sort by them. */
export const COMPETITION_ORDER_FIELDS_WITH_RESULTS = { ...COMPETITION_ORDER_FIELDS, points: "POINTS", mark: "POINTS" } as const;

/** The columns the server sorts the D-exam overview by for this viewer. */
export const dexamOrderFields = (viewerSeesAllResults: boolean) => (viewerSeesAllResults ? DEXAM_ORDER_FIELDS_WITH_RESULTS : DEXAM_ORDER_FIELDS);

/** The columns the server sorts the competition overview by for this viewer. */
export const competitionOrderFields = (viewerSeesAllResults: boolean) =>
  viewerSeesAllResults ? COMPETITION_ORDER_FIELDS_WITH_RESULTS : COMPETITION_ORDER_FIELDS;
