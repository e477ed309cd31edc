import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUpdateViewerMutation } from "./__generated__/useUpdateViewerMutation.graphql";

/**
 * Saves the own profile (R-PR003): "Profil gespeichert". The answer carries the fields of the
 * drawer's user block and of the incomplete-profile banner, so both update in place: the banner
 * disappears once the data is complete (R-PR013). It carries the new version, so the next save is
 * based on it; a save based on an older version is refused with the server's message.
 */
export function useUpdateViewer() {
  return useFeedbackMutation<useUpdateViewerMutation>(
    graphql`
      mutation useUpdateViewerMutation($input: ProfileInput!) {
        updateViewer(input: $input) {
          id
          version
          isComplete
          ...ProfileCard_user
          ...DrawerUser_user
          ...ProfileBanner_user
        }
      }
    `,
    { success: "success.profile.update", failure: "error.user.update" },
  );
}
