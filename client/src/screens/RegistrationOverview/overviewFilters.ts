import { DEXAM_TYPE_LABELS, INSTRUMENT_LABELS } from "@shared/labels";
import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";
import type { MessageKey } from "../../i18n/de";
import type { RegistrationListFilter } from "./__generated__/DexamOverviewQuery.graphql";

/**
 * The overview's filters beside the search (issue 40): instrument and course (D-exams), location,
 * club, status and "created between". They live in the URL's query like the search `q` and the
 * sort, one parameter each, so a filtered overview is a link; each change is a new history entry,
 * so the back button takes the last filter back. The server applies them (GraphQL `location`,
 * `association` and `filter`: RegistrationListFilter); a value the kind does not have is ignored
 * here, so a link of a D-exam event's filter opens a competition event unfiltered instead of failing.
 */

/** The URL parameters of the filters, in the order the filter bar shows them. */
export const FILTER_PARAMS = ["instrument", "course", "location", "club", "status", "from", "to"] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];
export type OverviewFilters = Partial<Record<FilterParam, string>>;
export type OverviewKind = "dexam" | "competition";

/** The statuses of the server's RegistrationStatus, each with its label. */
export const STATUS_LABELS = {
  LIVE: "overview.filter.status.live",
  CANCELLED: "overview.filter.status.cancelled",
  DOCUMENTS_INCOMPLETE: "overview.filter.status.documentsIncomplete",
  NOT_VERIFIED: "overview.filter.status.notVerified",
  RESULT_ENTERED: "overview.filter.status.resultEntered",
  RESULT_PUBLISHED: "overview.filter.status.resultPublished",
} as const satisfies Record<string, MessageKey>;
export type FilterStatus = keyof typeof STATUS_LABELS;

/**
 * The statuses a kind's overview filters by: documents incomplete only competitions, an unverified
 * partial result only D-exams; "result entered" only for viewers who see every result (the server
 * refuses it to anyone else: it would tell hidden points).
 */
export function statusOptions(kind: OverviewKind, viewerSeesAllResults: boolean): FilterStatus[] {
  return [
    "LIVE",
    "CANCELLED",
    kind === "competition" ? "DOCUMENTS_INCOMPLETE" : "NOT_VERIFIED",
    ...(viewerSeesAllResults ? (["RESULT_ENTERED"] as const) : []),
    "RESULT_PUBLISHED",
  ];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a URL value is one the kind's filter takes (ids are the server's to check: a stranger's lists nothing). */
function valid(name: FilterParam, value: string, kind: OverviewKind, viewerSeesAllResults: boolean): boolean {
  switch (name) {
    case "instrument":
      return kind === "dexam" && Object.hasOwn(INSTRUMENT_LABELS, value);
    case "course":
      return kind === "dexam" && Object.hasOwn(DEXAM_TYPE_LABELS, value);
    case "status":
      return (statusOptions(kind, viewerSeesAllResults) as string[]).includes(value);
    case "from":
    case "to":
      return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
    default:
      return value.length > 0;
  }
}

/** The filters the URL names that the kind's overview takes (anything else is left out). */
export function readFilters(params: URLSearchParams, kind: OverviewKind, viewerSeesAllResults: boolean): OverviewFilters {
  const filters: OverviewFilters = {};
  for (const name of FILTER_PARAMS) {
    const value = params.get(name);
    if (value && valid(name, value, kind, viewerSeesAllResults)) filters[name] = value;
  }
  // a period that ends before it begins would be refused: its end is left out
  if (filters.from && filters.to && filters.to < filters.from) delete filters.to;
  return filters;
}

/** The GraphQL variables of the filters: `location`, `association` (global ids) and `filter` (null without one). */
export function filterVariables(filters: OverviewFilters) {
  const filter = {
    instrument: filters.instrument ?? null,
    course: filters.course ?? null,
    status: filters.status ?? null,
    createdFrom: filters.from ?? null,
    createdTo: filters.to ?? null,
  };
  return {
    location: filters.location ?? null,
    association: filters.club ?? null,
    filter: Object.values(filter).some((v) => v !== null) ? (filter as RegistrationListFilter) : null,
  };
}
export type FilterVariables = ReturnType<typeof filterVariables>;

/** No filter: the whole list (as far as the viewer sees it). */
export const NO_FILTERS: FilterVariables = filterVariables({});

/** The URL's query with one filter set (empty: removed); the other parameters stay. */
export function withFilter(params: URLSearchParams, name: FilterParam, value: string | null): URLSearchParams {
  const updated = new URLSearchParams(params);
  if (value) updated.set(name, value);
  else updated.delete(name);
  return updated;
}

/** The URL's query without any filter (the search, the event and the sort stay). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const updated = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) updated.delete(name);
  return updated;
}

/**
 * The filters of the URL for the kind's overview, and their setters: each choice a new history
 * entry; `replace` for a correction the viewer did not make (a location of another event dropped).
 */
export function useOverviewFilters(kind: OverviewKind, viewerSeesAllResults: boolean) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, kind, viewerSeesAllResults);
  const set = useCallback(
    (name: FilterParam, value: string | null, replace = false) => setParams((current) => withFilter(current, name, value), { replace }),
    [setParams],
  );
  const clear = useCallback(() => setParams((current) => withoutFilters(current)), [setParams]);
  return { filters, set, clear };
}
