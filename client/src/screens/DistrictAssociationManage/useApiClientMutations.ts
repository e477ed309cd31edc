import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useApiClientMutationsCreateMutation } from "./__generated__/useApiClientMutationsCreateMutation.graphql";
import type { useApiClientMutationsRevokeMutation } from "./__generated__/useApiClientMutationsRevokeMutation.graphql";

/** Creates an API client; the answer carries the secret once. */
export function useCreateApiClient() {
  return useFeedbackMutation<useApiClientMutationsCreateMutation>(
    graphql`
      mutation useApiClientMutationsCreateMutation($input: CreateApiClientInput!) {
        createApiClient(input: $input) {
          clientSecret
          client {
            databaseId
            clientId
            name
          }
        }
      }
    `,
    { success: "apiClients.created", failure: "apiClients.createFailed" },
  );
}

/** Revokes an API client: "API-Zugang widerrufen". */
export function useRevokeApiClient() {
  return useFeedbackMutation<useApiClientMutationsRevokeMutation>(
    graphql`
      mutation useApiClientMutationsRevokeMutation($id: Int!) {
        revokeApiClient(id: $id) {
          databaseId
          revokedAt
        }
      }
    `,
    { success: "apiClients.revoked", failure: "apiClients.revokeFailed" },
  );
}
