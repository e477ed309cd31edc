import { ApiError, errorText } from "../http/apiError";
import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";

/**
 * The snackbar text of a failed query or mutation: "{German text of spec §8}: {server message}",
 * or "{text}: unknown error" when there was no GraphQL/HTTP answer (R-ER001..R-ER003).
 */
export function failureText(prefix: MessageKey, error: unknown): string {
  return errorText(t(prefix), error);
}

/** The German message per input field the server sent (`extensions.fields`), shown under the fields. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? { ...error.fields } : {};
}
