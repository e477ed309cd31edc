import { Suspense } from "react";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { AssociationUserEditContent } from "./AssociationUserEditContent";

/**
 * "Mein Verein bearbeiten" (R-MC001..R-MC008): the user's own clubs only (R-MC007; the server
 * answers with the viewer's clubs and checks membership on save). A failed load shows
 * "Vereine können nicht geladen werden: …".
 */
export function AssociationUserEditScreen() {
  return (
    <Page title={routeTitle(findRoute("associationUserEdit"))} narrow>
      <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.associations.load" error={error} />}>
        <Suspense fallback={<PageLoading />}>
          <AssociationUserEditContent />
        </Suspense>
      </ErrorBoundary>
    </Page>
  );
}
