import { useCallback } from "react";
import { type GraphQLTaggedNode, type UseMutationConfig, useMutation } from "react-relay";
import type { MutationParameters } from "relay-runtime";
import { assertRequired } from "../http/requiredParams";
import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";
import { notify } from "../shell/snackbarQueue";
import { failureText, fieldErrorsOf } from "./mutationFeedback";

export type MutationResult<TResponse> = { ok: true; response: TResponse } | { ok: false; fieldErrors: Record<string, string> };

export interface FeedbackMessages {
  /** Snackbar text after success (spec §8 "Success notices"); none for actions that leave the page. */
  success?: MessageKey;
  /** German prefix of the error snackbar (spec §8), followed by the server's message. */
  failure: MessageKey;
}

export interface RunOptions<TMutation extends MutationParameters> {
  /** Variables that must be present before anything is sent (dotted names), e.g. "input.districtAssociationId". */
  required?: readonly string[];
  updater?: UseMutationConfig<TMutation>["updater"];
}

/**
 * A Relay mutation with the application's answers (spec §7 "Answers"): success -> success snackbar;
 * failure -> error snackbar "{German text}: {server message}" and the server's field messages for
 * the form. The spinner follows the request through the network layer's activity counter. The
 * named hooks (useDeleteAssociation, ...) wrap this with their mutation and texts.
 */
export function useFeedbackMutation<TMutation extends MutationParameters>(mutation: GraphQLTaggedNode, messages: FeedbackMessages) {
  const [commit, inFlight] = useMutation<TMutation>(mutation);
  const { success, failure } = messages;
  const run = useCallback(
    (variables: TMutation["variables"], options: RunOptions<TMutation> = {}) =>
      new Promise<MutationResult<TMutation["response"]>>((resolve) => {
        try {
          assertRequired(variables, options.required ?? []);
        } catch (error) {
          notify({ type: "error", text: `${t(failure)}: ${error instanceof Error ? error.message : String(error)}` });
          resolve({ ok: false, fieldErrors: {} });
          return;
        }
        commit({
          variables,
          updater: options.updater,
          onCompleted: (response) => {
            if (success) notify({ type: "success", text: t(success) });
            resolve({ ok: true, response });
          },
          onError: (error) => {
            notify({ type: "error", text: failureText(failure, error) });
            resolve({ ok: false, fieldErrors: fieldErrorsOf(error) });
          },
        });
      }),
    [commit, success, failure],
  );
  return [run, inFlight] as const;
}
