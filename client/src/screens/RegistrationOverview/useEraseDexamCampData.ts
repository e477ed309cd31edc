import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useEraseDexamCampDataMutation } from "./__generated__/useEraseDexamCampDataMutation.graphql";

/**
 * Erases only the camp data of a camp registration after the camp (registration_manage, erasure on
 * request): "Angaben zur Freizeit gelöscht", or "Angaben zur Freizeit können nicht gelöscht werden:
 * {server message}". The answer updates the row (its camp data and menu).
 */
export function useEraseDexamCampData() {
  return useFeedbackMutation<useEraseDexamCampDataMutation>(
    graphql`
      mutation useEraseDexamCampDataMutation($id: ID!) {
        eraseDexamCampData(id: $id) {
          id
          version
          viewerCan {
            eraseCampData
            downloadConsentForm
          }
        }
      }
    `,
    { success: "overview.success.eraseCampData", failure: "error.eraseCampData" },
  );
}
