import { graphql, useLazyLoadQuery } from "react-relay";
import { AppStateProvider } from "../state/AppStateContext";
import type { AppShellQuery } from "./__generated__/AppShellQuery.graphql";
import { ShellLayout } from "./ShellLayout";

/**
 * Loads the viewer and the district associations once; the routes render only after that, so
 * the guard always knows the viewer's roles (R-SH034: roles come from the user record via GraphQL).
 */
export function AppShell() {
  const data = useLazyLoadQuery<AppShellQuery>(
    graphql`
      query AppShellQuery {
        viewer {
          roles
          districtAssociationId
          ...DrawerUser_user
          ...ProfileBanner_user
        }
        ...DistrictAssociationSelect_query
        ...AppFooter_query
      }
    `,
    {},
  );
  return (
    <AppStateProvider ownDistrictAssociationId={data.viewer.districtAssociationId}>
      <ShellLayout user={data.viewer} query={data} roles={data.viewer.roles} />
    </AppStateProvider>
  );
}
