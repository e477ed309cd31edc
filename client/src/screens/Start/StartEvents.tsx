import { useEffect, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { classNames } from "../../components/classNames";
import { Notice } from "../../components/Notice";
import { todayInBerlin } from "../../events/eventDates";
import { t } from "../../i18n/translate";
import type { StartEventsQuery } from "./__generated__/StartEventsQuery.graphql";
import { EventCard } from "./EventCard";
import { preloadRegistrationDialogs, useNewRegistrationDialog } from "./NewRegistrationDialog";
import styles from "./StartScreen.module.css";
import { orderStartEvents } from "./startCards";

/**
 * The cards of the current events (from today onward, R-ST004) of one or all district
 * associations: open ones first, those past their deadline below them, toned down.
 */
export function StartEvents({
  districtAssociationId,
  loading,
  clubCount,
  viewer,
  profileComplete,
}: {
  districtAssociationId: number | null;
  loading: boolean;
  clubCount: number;
  /** roles and district: registration_manage registers for the clubs of its district (decision R-ST021) */
  viewer: { roles: readonly string[]; districtAssociationId: number };
  profileComplete: boolean;
}) {
  const [from] = useState(() => todayInBerlin());
  const data = useLazyLoadQuery<StartEventsQuery>(
    graphql`
      query StartEventsQuery($districtAssociationId: Int, $from: Date!) {
        events(districtAssociationId: $districtAssociationId, from: $from, first: 100) {
          edges {
            node {
              id
              deadlinePassed
              ...EventCard_event
            }
          }
        }
      }
    `,
    { districtAssociationId, from },
    { fetchPolicy: "store-and-network" },
  );
  const registration = useNewRegistrationDialog();
  const events = orderStartEvents(data.events.edges.map((edge) => edge.node));
  const hasEvents = events.length > 0;
  // the create dialogs' code is fetched while the page is idle, only where there is something to register for
  useEffect(() => (hasEvents ? preloadRegistrationDialogs() : undefined), [hasEvents]);
  if (!hasEvents) return <Notice>{t("start.noEvents")}</Notice>;
  return (
    <>
      <ul className={classNames(styles.cards, loading && styles.loading)} aria-busy={loading || undefined}>
        {events.map((event) => (
          <li key={event.id}>
            <EventCard
              event={event}
              clubCount={clubCount}
              viewer={viewer}
              profileComplete={profileComplete}
              onPrepare={registration.prepare}
              onRegister={registration.open}
              opening={registration.openingEventId === event.id}
            />
          </li>
        ))}
      </ul>
      {registration.dialog}
    </>
  );
}
