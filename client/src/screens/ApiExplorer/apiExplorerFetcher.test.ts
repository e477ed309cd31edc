import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../auth/session", () => ({ getAccessToken: async () => "staff-token" }));

import { createExplorerFetcher } from "./apiExplorerFetcher";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function sent(): { url: string; headers: Record<string, string>; body: Record<string, unknown> } {
  const [url, init] = fetchMock.mock.calls[0];
  return { url: String(url), headers: init?.headers as Record<string, string>, body: JSON.parse(String(init?.body)) };
}

describe("API-Explorer fetcher", () => {
  it("[R-API002] posts the full document with the session's bearer token and the CSRF header, never a persisted id", async () => {
    fetchMock.mockResolvedValue(Response.json({ data: { viewer: { email: "staff@demo.test" } } }));
    const answer = await createExplorerFetcher("/graphql")({ query: "{ viewer { email } }", variables: { a: 1 }, operationName: null });
    expect(answer).toEqual({ data: { viewer: { email: "staff@demo.test" } } });
    const request = sent();
    expect(request.url).toBe("/graphql");
    expect(request.headers.authorization).toBe("Bearer staff-token");
    expect(request.headers["x-graphql-csrf"]).toBe("1");
    expect(request.body).toEqual({ query: "{ viewer { email } }", variables: { a: 1 } });
    expect(request.body).not.toHaveProperty("documentId");
  });

  it("sends headers from GraphiQL's header editor, but they cannot replace the token", async () => {
    fetchMock.mockResolvedValue(Response.json({ data: {} }));
    await createExplorerFetcher("/graphql")({ query: "{ __typename }" }, { headers: { authorization: "Bearer other", "x-trace": 7 } });
    expect(sent().headers.authorization).toBe("Bearer staff-token");
    expect(sent().headers["x-trace"]).toBe("7");
  });

  it("shows GraphQL errors as they are and turns a non-JSON answer into an error GraphiQL can show", async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ errors: [{ message: "FORBIDDEN" }] }, { status: 403 }));
    expect(await createExplorerFetcher("/graphql")({ query: "{ __schema { types { name } } }" })).toEqual({ errors: [{ message: "FORBIDDEN" }] });
    fetchMock.mockResolvedValueOnce(new Response("Bad Gateway", { status: 502, headers: { "content-type": "text/plain" } }));
    expect(await createExplorerFetcher("/graphql")({ query: "{ __typename }" })).toEqual({ errors: [{ message: "HTTP 502: Bad Gateway" }] });
  });
});
