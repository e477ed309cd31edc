import { type ReactNode, Suspense } from "react";
import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";
import { useAppState } from "../state/AppStateContext";
import { ErrorBoundary } from "./ErrorBoundary";
import { LoadFailure } from "./LoadFailure";
import { Notice } from "./Notice";
import { Page } from "./Page";
import { PageLoading } from "./PageLoading";

/**
 * A screen of the ACTIVE district association of the drawer's selector: its heading (and intro),
 * "Kein Kreisverband ausgewählt" without one, else the content for that district; another district
 * mounts the content afresh. While the content loads, the page's spinner; a failed load, the
 * `loadError` text with the server's message.
 */
export function DistrictPage({
  title,
  intro,
  loadError,
  children,
}: {
  title: string;
  intro?: ReactNode;
  loadError: MessageKey;
  children: (districtAssociationId: number) => ReactNode;
}) {
  const districtAssociationId = useAppState().state.activeDistrictAssociationId;
  return (
    <Page title={title}>
      {intro}
      {districtAssociationId === null ? (
        <Notice>{t("district.noneSelected")}</Notice>
      ) : (
        <ErrorBoundary key={districtAssociationId} fallback={(error) => <LoadFailure prefix={loadError} error={error} />}>
          <Suspense fallback={<PageLoading />}>{children(districtAssociationId)}</Suspense>
        </ErrorBoundary>
      )}
    </Page>
  );
}
