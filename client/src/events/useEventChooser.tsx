import { useMemo } from "react";
import { graphql, useFragment } from "react-relay";
import { Notice } from "../components/Notice";
import { SelectField, type SelectOption } from "../components/SelectField";
import { t } from "../i18n/translate";
import type { useEventChooser_events$data, useEventChooser_events$key } from "./__generated__/useEventChooser_events.graphql";
import { useChosenEvent } from "./useChosenEvent";

/** An event of the district's list the pickers offer (the fragment's fields). */
export type ChooserEvent = useEventChooser_events$data["events"]["edges"][number]["node"];

/**
 * The events of a district association the screens choose one of (overview, results, timetable,
 * locations): one list, one query shape, so every screen's picker reads the same store records.
 * A screen spreads it into its query and adds what it needs of the events beside it.
 */
export const EVENT_CHOOSER_FRAGMENT = graphql`
  fragment useEventChooser_events on Query @argumentDefinitions(districtAssociationId: { type: "Int!" }) {
    events(districtAssociationId: $districtAssociationId, first: 100) {
      edges {
        node {
          id
          databaseId
          name
          formType
          start
          end
          viewerSeesAllResults
        }
      }
    }
  }
`;

export interface EventChooser {
  events: readonly ChooserEvent[];
  /** the chosen event, null without events (or, kept in the session only, before one is chosen) */
  event: ChooserEvent | null;
  choose: (id: string | null) => void;
  /** a choice is under way (the URL's transition) */
  choosing: boolean;
  /** the picker's options: each event by its name */
  options: readonly SelectOption[];
}

/**
 * The district's events and the chosen one. By default the choice is the URL's `event` parameter
 * (useChosenEvent: the URL's, the session's, else the next upcoming one); `inUrl: false` keeps it
 * in the session only (the app state's active event; none until one is chosen).
 */
export function useEventChooser(query: useEventChooser_events$key, { inUrl = true }: { inUrl?: boolean } = {}): EventChooser {
  const { events: list } = useFragment(EVENT_CHOOSER_FRAGMENT, query);
  const events = useMemo(() => list.edges.map((edge) => edge.node), [list.edges]);
  const options = useMemo(() => events.map((candidate) => ({ value: candidate.id, label: candidate.name })), [events]);
  return { events, options, ...useChosenEvent(events, inUrl) };
}

/** The event picker of a screen's toolbar, on the chooser's options. */
export function EventPicker({
  chooser,
  onChange = chooser.choose,
  label = t("event.picker"),
  className,
}: {
  chooser: EventChooser;
  onChange?: (id: string | null) => void;
  label?: string;
  className?: string;
}) {
  return <SelectField className={className} label={label} options={chooser.options} value={chooser.event?.id ?? null} onChange={onChange} />;
}

/** The node of a screen's own selection of the district's events that is the chosen event (what the screen adds to the list). */
export function chosenNode<N extends { readonly id: string }>(edges: readonly { readonly node: N }[], event: { readonly id: string } | null): N | null {
  return (event && edges.find((edge) => edge.node.id === event.id)?.node) ?? null;
}

/** What a screen shows instead of the chosen event's data: that there are no events, or that one is to be chosen. */
export function NoEventNotice({ chooser, none = t("event.none"), pick = t("event.pickFirst") }: { chooser: EventChooser; none?: string; pick?: string }) {
  return <Notice>{chooser.events.length === 0 ? none : pick}</Notice>;
}
