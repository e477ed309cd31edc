import { type ReactNode, Suspense, useMemo, useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { PageLoading } from "../../components/PageLoading";
import { SearchField } from "../../components/SearchField";
import { Toolbar } from "../../components/Toolbar";
import { useQueryParam } from "../../components/useQueryParam";
import { chosenNode, EventPicker, NoEventNotice, useEventChooser } from "../../events/useEventChooser";
import { useAppState } from "../../state/AppStateContext";
import type { ResultManageContentQuery } from "./__generated__/ResultManageContentQuery.graphql";
import { ClubPicker } from "./ClubPicker";
import { CompetitionResults } from "./CompetitionResults";
import { DexamResults } from "./DexamResults";
import { LocationPicker } from "./LocationPicker";
import { pickedLocation, resultLocationOptions } from "./locations";
import styles from "./ResultManage.module.css";

/** The filters every results view shows in its toolbar: club (by numeric id) and search text. */
export interface ResultFilters {
  associationId: number | null;
  search: string;
  onClub: (associationId: number | null) => void;
  onSearch: (text: string) => void;
}

type ResultLocation = ResultManageContentQuery["response"]["events"]["edges"][number]["node"]["locations"][number];
const NO_LOCATIONS: readonly ResultLocation[] = [];

/**
 * The event picker (useEventChooser: the URL's event, else the next upcoming one), for D-exam events the location picker (the
 * active location), then the D-exam or the competition view of the chosen event with the club
 * picker and the search (R-RE002). Changing event or location keeps the old table, dimmed, until
 * the new rows are there.
 */
export function ResultManageContent({ districtAssociationId }: { districtAssociationId: number }) {
  const data = useLazyLoadQuery<ResultManageContentQuery>(
    graphql`
      query ResultManageContentQuery($districtAssociationId: Int!) {
        viewer {
          roles
        }
        ...useEventChooser_events @arguments(districtAssociationId: $districtAssociationId)
        events(districtAssociationId: $districtAssociationId, first: 100) {
          edges {
            node {
              id
              locations {
                id
                databaseId
                name
                type
                viewerCanUploadPracticeSheets
                practiceSheetsAvailable
              }
            }
          }
        }
      }
    `,
    { districtAssociationId },
    { fetchPolicy: "store-and-network" },
  );
  const { state, dispatch } = useAppState();
  const [pending, startTransition] = useTransition();
  const chooser = useEventChooser(data);
  const { event } = chooser;
  const locations = chosenNode(data.events.edges, event)?.locations ?? NO_LOCATIONS;
  const dexam = event !== null && event.formType !== "COMPETITION";
  const locationOptions = useMemo(() => resultLocationOptions(locations), [locations]);
  const location = dexam ? pickedLocation(locations, state.activeLocationId) : null;

  // club and search belong to the event they were chosen for; another event starts unfiltered
  const [club, setClub] = useState<{ eventId: string | null; associationId: number | null }>({ eventId: null, associationId: null });
  // the search is the URL's `q`, like the table's sort: a link or a reload keeps both
  const [search, setSearch] = useQueryParam("q");
  const filters: ResultFilters = {
    associationId: club.eventId === event?.id ? club.associationId : null,
    search,
    onClub: (associationId) => setClub({ eventId: event?.id ?? null, associationId }),
    onSearch: setSearch,
  };

  const pickers: ReactNode = (
    <>
      <EventPicker className={styles.picker} chooser={chooser} onChange={(id) => startTransition(() => chooser.choose(id))} />
      {dexam && (
        <LocationPicker
          options={locationOptions}
          value={location?.id ?? null}
          onChange={(id) => startTransition(() => dispatch({ type: "selectLocation", id }))}
        />
      )}
    </>
  );
  // while the rows of a newly chosen event load for the first time
  const loading = (
    <>
      <Toolbar>
        {pickers}
        <ClubPicker options={[]} value={null} onChange={() => {}} disabled />
        <SearchField value={search} onSearch={setSearch} />
      </Toolbar>
      <PageLoading />
    </>
  );

  if (!event) {
    return (
      <>
        <Toolbar>{pickers}</Toolbar>
        <NoEventNotice chooser={chooser} />
      </>
    );
  }
  return dexam ? (
    <ErrorBoundary key={event.id} fallback={(error) => <LoadFailure prefix="error.dexamRegistrations.load" error={error} />}>
      <Suspense fallback={loading}>
        <DexamResults
          event={event}
          location={location}
          hasLocations={locationOptions.length > 0}
          roles={data.viewer.roles}
          pickers={pickers}
          filters={filters}
          pending={pending}
        />
      </Suspense>
    </ErrorBoundary>
  ) : (
    <ErrorBoundary key={event.id} fallback={(error) => <LoadFailure prefix="error.competitionRegistrations.load" error={error} />}>
      <Suspense fallback={loading}>
        <CompetitionResults event={event} roles={data.viewer.roles} pickers={pickers} filters={filters} pending={pending} />
      </Suspense>
    </ErrorBoundary>
  );
}
