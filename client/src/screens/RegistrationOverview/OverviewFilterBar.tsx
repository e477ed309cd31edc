import { DEXAM_TYPE_LABELS, INSTRUMENT_LABELS } from "@shared/labels";
import { Suspense, useEffect, useMemo } from "react";
import { graphql, useFragment, useLazyLoadQuery } from "react-relay";
import { useAssociationOptions } from "../../associations/useAssociationOptions";
import { Button } from "../../components/Button";
import { DateField } from "../../components/DateField";
import { SelectField, type SelectOption } from "../../components/SelectField";
import { t } from "../../i18n/translate";
import type { OverviewFilterBar_options$key } from "./__generated__/OverviewFilterBar_options.graphql";
import type { OverviewFilterBarClubsQuery } from "./__generated__/OverviewFilterBarClubsQuery.graphql";
import type { OverviewFilterBarQuery } from "./__generated__/OverviewFilterBarQuery.graphql";
import styles from "./OverviewFilterBar.module.css";
import { type FilterParam, type OverviewFilters, type OverviewKind, STATUS_LABELS, statusOptions } from "./overviewFilters";

const ALL = "";
const INSTRUMENTS = Object.entries(INSTRUMENT_LABELS).map(([value, label]) => ({ value, label }));
const COURSES = Object.entries(DEXAM_TYPE_LABELS).map(([value, label]) => ({ value, label }));

interface FilterBarProps {
  eventId: string;
  kind: OverviewKind;
  districtAssociationId: number;
  /** the viewer sees every registration of the district (registration staff): the club filter offers the district's clubs */
  districtClubs: boolean;
  viewerSeesAllResults: boolean;
  filters: OverviewFilters;
  /** `replace`: no history entry (a correction, not the viewer's choice) */
  onChange: (name: FilterParam, value: string | null, replace?: boolean) => void;
  onClear: () => void;
}

/**
 * What the filters offer: the viewer's own clubs and the event's locations. The overview's queries
 * (the route's and the first page's) spread it, so the filter bar adds no request of its own.
 */
const FILTER_OPTIONS = graphql`
  fragment OverviewFilterBar_options on Query @argumentDefinitions(eventId: { type: "ID!" }) {
    viewer {
      associations {
        id
        name
      }
    }
    node(id: $eventId) {
      ... on Event {
        locations {
          id
          name
        }
      }
    }
  }
`;

/**
 * The overview's filters beside the search (a group "Filter"): D-exams' instrument and course, the
 * event's locations, the clubs (registration staff: the district's, everyone else: the own ones),
 * the status (the kind's, overviewFilters.ts statusOptions) and "Angelegt ab/bis"; "Filter
 * zurücksetzen" while one is set. Every choice is a URL parameter (useOverviewFilters).
 */
export function OverviewFilterBar(props: FilterBarProps) {
  return (
    <Suspense fallback={null}>
      <FilterFields {...props} />
    </Suspense>
  );
}

function FilterFields({ eventId, kind, districtAssociationId, districtClubs, viewerSeesAllResults, filters, onChange, onClear }: FilterBarProps) {
  const query = useLazyLoadQuery<OverviewFilterBarQuery>(
    graphql`
      query OverviewFilterBarQuery($eventId: ID!) {
        ...OverviewFilterBar_options @arguments(eventId: $eventId)
      }
    `,
    { eventId },
    // never a request of its own: the overview's queries (the route's, the first page's) bring the
    // options with the page, and the bar fills in when they are in the store
    { fetchPolicy: "store-only" },
  );
  const data = useFragment<OverviewFilterBar_options$key>(FILTER_OPTIONS, query);
  const locations = useMemo(() => (data.node?.locations ?? []).map((l) => ({ value: l.id, label: l.name })), [data.node]);
  const loaded = data.node?.locations !== undefined;
  // a location belongs to one event: chosen for another event (the event picker keeps the URL's
  // filters), it would list nothing, so it is dropped without a history entry
  const staleLocation = loaded && !!filters.location && !locations.some((l) => l.value === filters.location);
  useEffect(() => {
    if (staleLocation) onChange("location", null, true);
  }, [staleLocation, onChange]);
  const ownClubs = useMemo(() => (data.viewer?.associations ?? []).map((c) => ({ value: c.id, label: c.name })), [data.viewer]);
  const statuses = useMemo(
    () => statusOptions(kind, viewerSeesAllResults).map((status) => ({ value: status, label: t(STATUS_LABELS[status]) })),
    [kind, viewerSeesAllResults],
  );
  const select = (name: FilterParam, label: string, options: readonly SelectOption[]) => (
    <FilterSelect key={name} label={label} options={options} value={filters[name] ?? null} onChange={(value) => onChange(name, value)} />
  );
  const anySet = Object.keys(filters).length > 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of filters, not a form's fieldset
    <div className={styles.bar} role="group" aria-label={t("overview.filter.label")}>
      {kind === "dexam" && select("instrument", t("overview.filter.instrument"), INSTRUMENTS)}
      {kind === "dexam" && select("course", t("overview.filter.course"), COURSES)}
      {select("location", t("overview.filter.location"), locations)}
      {districtClubs ? (
        <Suspense fallback={select("club", t("overview.filter.club"), ownClubs)}>
          <DistrictClubFilter districtAssociationId={districtAssociationId} value={filters.club ?? null} onChange={(value) => onChange("club", value)} />
        </Suspense>
      ) : (
        select("club", t("overview.filter.club"), ownClubs)
      )}
      {select("status", t("overview.filter.status"), statuses)}
      <DateField label={t("overview.filter.from")} value={filters.from ?? ""} onChange={(value) => onChange("from", value || null)} />
      <DateField label={t("overview.filter.to")} value={filters.to ?? ""} onChange={(value) => onChange("to", value || null)} />
      {anySet && (
        <Button variant="secondary" onClick={onClear}>
          {t("overview.filter.clear")}
        </Button>
      )}
    </div>
  );
}

/** One choice of a filter, "Alle" first (no filter). */
function FilterSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const all = useMemo(() => [{ value: ALL, label: t("overview.filter.all") }, ...options], [options]);
  return <SelectField label={label} options={all} value={value ?? ALL} onChange={(chosen) => onChange(chosen || null)} />;
}

/** The club filter of registration staff: every club of the district. */
function DistrictClubFilter({
  districtAssociationId,
  value,
  onChange,
}: {
  districtAssociationId: number;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const data = useLazyLoadQuery<OverviewFilterBarClubsQuery>(
    graphql`
      query OverviewFilterBarClubsQuery($districtAssociationId: Int!) {
        ...useAssociationOptions_query @arguments(districtAssociationId: $districtAssociationId)
      }
    `,
    { districtAssociationId },
    { fetchPolicy: "store-or-network" },
  );
  const options = useAssociationOptions(data, "id");
  return <FilterSelect label={t("overview.filter.club")} options={options} value={value} onChange={onChange} />;
}
