import { requestActivity } from "./activity";
import { errorText } from "./apiError";
import { apiUrl, authorizationHeader, type CallOptions, errorFromResponse, fetchWithTimeout, readBody } from "./request";
import { assertRequired } from "./requiredParams";

export interface ApiFetchOptions extends CallOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** JSON body (R-API004). */
  body?: unknown;
  /** Body fields that must be present before the call is made (R-API005), dotted for nested ones. */
  requiredBody?: readonly string[];
}

/**
 * One /v1 call (spec §7): checks the required parameters, sends the bearer token and a JSON body,
 * times out after 30 s, counts for the spinner overlay and answers the parsed JSON (undefined for
 * an empty answer). Failures throw an ApiError whose message is the text to show.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const url = apiUrl(path, options);
  if (options.requiredBody) assertRequired(options.body, options.requiredBody);
  return requestActivity.track(async () => {
    let authorization: { authorization: string };
    try {
      authorization = await authorizationHeader();
    } catch (error) {
      if (!options.errorPrefix) throw error;
      throw new Error(errorText(options.errorPrefix, error), { cause: error });
    }
    const hasBody = options.body !== undefined;
    const response = await fetchWithTimeout(
      url,
      {
        method: options.method ?? "GET",
        headers: {
          accept: "application/json",
          ...authorization,
          ...(hasBody ? { "content-type": "application/json" } : {}),
        },
        body: hasBody ? JSON.stringify(options.body) : undefined,
      },
      options,
    );
    if (!response.ok) throw await errorFromResponse(response, options.errorPrefix);
    return (await readBody(response)) as T;
  });
}
