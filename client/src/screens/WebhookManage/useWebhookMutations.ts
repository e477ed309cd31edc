import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useWebhookMutationsCreateMutation } from "./__generated__/useWebhookMutationsCreateMutation.graphql";
import type { useWebhookMutationsDeleteMutation } from "./__generated__/useWebhookMutationsDeleteMutation.graphql";
import type { useWebhookMutationsRedeliverMutation } from "./__generated__/useWebhookMutationsRedeliverMutation.graphql";
import type { useWebhookMutationsRotateMutation } from "./__generated__/useWebhookMutationsRotateMutation.graphql";
import type { useWebhookMutationsUpdateMutation } from "./__generated__/useWebhookMutationsUpdateMutation.graphql";

/** Creates a webhook endpoint; the answer carries its signing secret once. */
export function useCreateWebhookEndpoint() {
  return useFeedbackMutation<useWebhookMutationsCreateMutation>(
    graphql`
      mutation useWebhookMutationsCreateMutation($input: CreateWebhookEndpointInput!) {
        createWebhookEndpoint(input: $input) {
          secret
          endpoint {
            databaseId
            url
            description
          }
        }
      }
    `,
    { success: "webhook.created", failure: "webhook.createFailed" },
  );
}

const UPDATE = graphql`
  mutation useWebhookMutationsUpdateMutation($input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(input: $input) {
      databaseId
      version
      enabled
    }
  }
`;

/** Saves an endpoint's URL, description and event types (with the version as read). */
export function useUpdateWebhookEndpoint() {
  return useFeedbackMutation<useWebhookMutationsUpdateMutation>(UPDATE, { success: "webhook.saved", failure: "webhook.saveFailed" });
}

/** "Einschalten" / "Abschalten": the same mutation with its own success texts. */
export function useSwitchWebhookEndpoint(enable: boolean) {
  return useFeedbackMutation<useWebhookMutationsUpdateMutation>(UPDATE, {
    success: enable ? "webhook.enabled" : "webhook.disabled",
    failure: "webhook.saveFailed",
  });
}

/** "Geheimnis erneuern": a new secret, answered once. */
export function useRotateWebhookSecret() {
  return useFeedbackMutation<useWebhookMutationsRotateMutation>(
    graphql`
      mutation useWebhookMutationsRotateMutation($id: Int!) {
        rotateWebhookSecret(id: $id) {
          secret
        }
      }
    `,
    { success: "webhook.rotated", failure: "webhook.rotateFailed" },
  );
}

/** Deletes an endpoint with its delivery log. */
export function useDeleteWebhookEndpoint() {
  return useFeedbackMutation<useWebhookMutationsDeleteMutation>(
    graphql`
      mutation useWebhookMutationsDeleteMutation($id: Int!) {
        deleteWebhookEndpoint(id: $id)
      }
    `,
    { success: "webhook.deleted", failure: "webhook.deleteFailed" },
  );
}

/** "Erneut senden": the logged delivery is due again (the same webhook-id). */
export function useRedeliverWebhook() {
  return useFeedbackMutation<useWebhookMutationsRedeliverMutation>(
    graphql`
      mutation useWebhookMutationsRedeliverMutation($id: Int!) {
        redeliverWebhook(id: $id) {
          databaseId
          state
          attempts
          nextAttemptAt
        }
      }
    `,
    { success: "webhook.deliveries.redelivered", failure: "webhook.deliveries.redeliverFailed" },
  );
}
