import { type ReactNode, Suspense, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { LoadFailure } from "../components/LoadFailure";
import { PageLoading } from "../components/PageLoading";
import { Toolbar } from "../components/Toolbar";
import type { MessageKey } from "../i18n/de";
import type { EventPickedContentQuery } from "./__generated__/EventPickedContentQuery.graphql";
import { type ChooserEvent, EventPicker, NoEventNotice, useEventChooser } from "./useEventChooser";

/**
 * The body of a screen that works on one event of the active district association and needs
 * nothing else of the list (Zeitplan, Rechnungen): the district's events (the shared chooser
 * fragment), the picker (the URL's `event`, the session's, else the next upcoming one), a notice
 * while none is chosen or the district has none, and the chosen event's part (`children`, given
 * the picker to place in its toolbar and the viewer's roles) behind its own error boundary
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
  children: (event: ChooserEvent, picker: ReactNode, roles: readonly string[]) => ReactNode;
  after?: (roles: readonly string[]) => ReactNode;
}) {
  const data = useLazyLoadQuery<EventPickedContentQuery>(
    graphql`
      query EventPickedContentQuery($districtAssociationId: Int!) {
        viewer {
          roles
        }
        ...useEventChooser_events @arguments(districtAssociationId: $districtAssociationId)
      }
    `,
    { districtAssociationId },
    { fetchPolicy: "store-and-network" },
  );
  const [, startTransition] = useTransition();
  const chooser = useEventChooser(data);
  const { event } = chooser;
  const roles = data.viewer.roles;
  const picker = <EventPicker chooser={chooser} onChange={(id) => startTransition(() => chooser.choose(id))} />;
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
          <NoEventNotice chooser={chooser} />
        </>
      )}
      {after?.(roles)}
    </>
  );
}
