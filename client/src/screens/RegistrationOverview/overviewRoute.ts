import { MAX_SEARCH_LENGTH } from "@shared/validation";
import { loadQuery, type PreloadedQuery } from "react-relay";
import { createOperationDescriptor, getSelector, type IEnvironment, type SingularReaderSelector } from "relay-runtime";
import { orderArgument, parseSort, SORT_PARAM } from "../../components/tableSort";
import type { useEventChooser_events$data } from "../../events/__generated__/useEventChooser_events.graphql";
import EventChooserNode from "../../events/__generated__/useEventChooser_events.graphql";
import { chooseEvent, EVENT_PARAM } from "../../events/chooseEvent";
import type { AppState } from "../../state/appState";
import OverviewContentQueryNode from "./__generated__/OverviewContentQuery.graphql";
import RegistrationOverviewScreenQueryNode, {
  type RegistrationOverviewScreenQuery,
  type RegistrationOverviewScreenQuery$variables,
} from "./__generated__/RegistrationOverviewScreenQuery.graphql";
import { filterVariables, readFilters } from "./overviewFilters";
import { competitionOrderFields, dexamOrderFields } from "./overviewOrder";

/** The URL query parameter of the overview's search. */
export const SEARCH_PARAM = "q";

/** What the overview's route knows as it is entered: the app's choices and the URL's query. */
export interface OverviewRouteContext {
  environment: IEnvironment;
  state: Pick<AppState, "activeDistrictAssociationId" | "activeEventId">;
  params: URLSearchParams;
}

/**
 * Loads the overview's first screen as its route is entered, in one query beside the screen's code
 * (as the relay-examples issue tracker's routes do): the viewer and the districts on offer, the
 * events of the active district, and the first page of the event the overview will show, with the
 * URL's search and sort. The screen reads it with usePreloadedQuery; its tables read their first
 * page from the store (RegistrationList's fetch policy) instead of asking again.
 */
export function loadRegistrationOverview(context: OverviewRouteContext): PreloadedQuery<RegistrationOverviewScreenQuery> {
  const variables = overviewVariables(context, new Date());
  // the store's copy at once only when it holds all of it: else the screen would render the part it
  // holds, and a table missing its page would ask for it on its own
  const complete = context.environment.check(createOperationDescriptor(RegistrationOverviewScreenQueryNode, variables)).status === "available";
  return loadQuery<RegistrationOverviewScreenQuery>(context.environment, RegistrationOverviewScreenQueryNode, variables, {
    fetchPolicy: complete ? "store-and-network" : "network-only",
  });
}

/**
 * The variables of the overview's query. The event the overview will show (chooseEvent: the URL's,
 * the session's, else the next upcoming one) and its kind are known only from the district's event
 * list: when the store holds it (the overview was shown before in this session, or the list was
 * fetched while idle), the first page comes with the query; otherwise the table asks for it once the
 * list is there. The URL's filters (overviewFilters.ts) come with the first page as its search does.
 */
export function overviewVariables({ environment, state, params }: OverviewRouteContext, now: Date): RegistrationOverviewScreenQuery$variables {
  const district = state.activeDistrictAssociationId;
  const variables = {
    districtAssociationId: district ?? 0,
    withDistrict: district !== null,
    eventId: "",
    search: params.get(SEARCH_PARAM)?.trim() || null,
    ...filterVariables({}),
    dexam: false,
    dexamOrderBy: null,
    competition: false,
    competitionOrderBy: null,
  };
  const events = district === null ? null : storedEvents(environment, district);
  const event = events && chooseEvent(events, params.get(EVENT_PARAM), state.activeEventId, now);
  // a search the server refuses (a link's, longer than the field takes) fails in the table, beside the toolbar that can change it
  if (!event || (variables.search?.length ?? 0) > MAX_SEARCH_LENGTH) return variables;
  const sort = params.get(SORT_PARAM);
  const kind = event.formType === "COMPETITION" ? "competition" : "dexam";
  const filters = filterVariables(readFilters(params, kind, event.viewerSeesAllResults));
  if (kind === "competition") {
    const fields = competitionOrderFields(event.viewerSeesAllResults);
    return {
      ...variables,
      ...filters,
      eventId: event.id,
      competition: true,
      competitionOrderBy: orderArgument(parseSort(sort, Object.keys(fields)), fields),
    };
  }
  const fields = dexamOrderFields(event.viewerSeesAllResults);
  return { ...variables, ...filters, eventId: event.id, dexam: true, dexamOrderBy: orderArgument(parseSort(sort, Object.keys(fields)), fields) };
}

/** The district's events as the store holds them (OverviewContent's list, useEventChooser's fragment), or null when it does not hold them all. */
function storedEvents(environment: IEnvironment, districtAssociationId: number): useEventChooser_events$data["events"]["edges"][number]["node"][] | null {
  const operation = createOperationDescriptor(OverviewContentQueryNode, { districtAssociationId });
  if (environment.check(operation).status !== "available") return null;
  const root = environment.lookup(operation.fragment);
  const selector = getSelector(EventChooserNode, root.data as never) as SingularReaderSelector | null;
  const list = selector && environment.lookup(selector);
  if (!list || list.isMissingData) return null;
  return (list.data as useEventChooser_events$data).events.edges.map((edge) => edge.node);
}
