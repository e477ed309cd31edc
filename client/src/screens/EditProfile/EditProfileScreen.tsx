import { Suspense } from "react";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { EditProfileContent } from "./EditProfileContent";

/**
 * "Mein Account bearbeiten" (R-PR001..R-PR014): the signed-in user's own profile, password,
 * assigned clubs and account deletion. A failed load shows "Benutzer kann nicht geladen werden: …".
 */
export function EditProfileScreen() {
  return (
    <Page title={routeTitle(findRoute("editProfile"))} narrow>
      <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.user.load" error={error} />}>
        <Suspense fallback={<PageLoading />}>
          <EditProfileContent />
        </Suspense>
      </ErrorBoundary>
    </Page>
  );
}
