import { Environment, type FetchFunction, Network, RecordSource, Store } from "relay-runtime";
import { requestActivity } from "../http/activity";
import { authorizationHeader, fetchWithTimeout, readBody } from "../http/request";
import { checkGraphQLResponse } from "./graphQLResponse";

/** Relay network: POST to the configured GraphQL path with the bearer token and the CSRF header; persisted operations go by id. */
function createFetchFunction(graphqlPath: string): FetchFunction {
  return (operation, variables) =>
    requestActivity.track(async () => {
      const response = await fetchWithTimeout(graphqlPath, {
        method: "POST",
        headers: {
          accept: "application/graphql-response+json, application/json",
          "content-type": "application/json",
          // Yoga's CSRF prevention accepts only requests that carry this header.
          "x-graphql-csrf": "1",
          ...(await authorizationHeader()),
        },
        // relay-compiler persists every operation (relay.config.json persistConfig): send its id only
        body: JSON.stringify(
          operation.id
            ? { documentId: operation.id, operationName: operation.name, variables }
            : { query: operation.text, operationName: operation.name, variables },
        ),
      });
      return checkGraphQLResponse(response.status, await readBody(response));
    });
}

export function createRelayEnvironment(graphqlPath: string): Environment {
  return new Environment({
    network: Network.create(createFetchFunction(graphqlPath)),
    store: new Store(new RecordSource()),
  });
}
