import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDeleteViewerMutation } from "./__generated__/useDeleteViewerMutation.graphql";

/** Deletes the own account (R-PR010); the caller signs out right after, so no success notice. */
export function useDeleteViewer() {
  return useFeedbackMutation<useDeleteViewerMutation>(
    graphql`
      mutation useDeleteViewerMutation {
        deleteViewer
      }
    `,
    { failure: "error.user.delete" },
  );
}
