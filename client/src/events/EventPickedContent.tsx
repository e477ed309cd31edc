import { type ReactNode, Suspense, useMemo, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { LoadFailure } from "../components/LoadFailure";
import { Notice } from "../components/Notice";
import { PageLoading } from "../components/PageLoading";
import { SelectField } from "../components/SelectField";
import { Toolbar } from "../components/Toolbar";
import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";
import type { EventPickedContentQuery } from "./__generated__/EventPickedContentQuery.graphql";
import { useChosenEvent } from "./useChosenEvent";

export interface PickedEvent {
  id: string;
  databaseId: number;
  name: string;
  formType: string;
}

/**
 * The body of a screen that works on one event of the active district association (Zeitplan,
 * Rechnungen): the event picker (the URL's `event`, the session's, else the next upcoming one), a
 * notice while none is chosen or the district has none, and the chosen event's part (`children`,
 * given the picker to place in its toolbar and the viewer's roles) behind its own error boundary
 * (`loadFailed`) and loading state; `after` follows whatever event is chosen.
 */
export function EventPickedContent({
  districtAssociationId,
  loadFailed,
  children,
  after,
}: {
  districtAssociationId: number;
  loadFailed: MessageKey;
  children: (event: PickedEvent, picker: ReactNode, roles: readonly string[]) => ReactNode;
  after?: (roles: readonly string[]) => ReactNode;
}) {
  const data = useLazyLoadQuery<EventPickedContentQuery>(
    graphql`
      query EventPickedContentQuery($districtAssociationId: Int!) {
        viewer {
          roles
        }
        events(districtAssociationId: $districtAssociationId, first: 100) {
          edges {
            node {
              id
              databaseId
              name
              formType
              start
              end
            }
          }
        }
      }
    `,
    { districtAssociationId },
    { fetchPolicy: "store-and-network" },
  );
  const [, startTransition] = useTransition();
  const events = useMemo(() => data.events.edges.map((edge) => edge.node), [data.events.edges]);
  const { event, choose } = useChosenEvent(events);
  const options = useMemo(() => events.map((candidate) => ({ value: candidate.id, label: candidate.name })), [events]);
  const roles = data.viewer.roles;
  const picker = <SelectField label={t("event.picker")} options={options} value={event?.id ?? null} onChange={(id) => startTransition(() => choose(id))} />;
  return (
    <>
      {event ? (
        <ErrorBoundary key={event.id} fallback={(error) => <LoadFailure prefix={loadFailed} error={error} />}>
          <Suspense
            fallback={
              <>
                <Toolbar>{picker}</Toolbar>
                <PageLoading />
              </>
            }
          >
            {children(event, picker, roles)}
          </Suspense>
        </ErrorBoundary>
      ) : (
        <>
          <Toolbar>{picker}</Toolbar>
          <Notice>{events.length === 0 ? t("event.none") : t("event.pickFirst")}</Notice>
        </>
      )}
      {after?.(roles)}
    </>
  );
}
