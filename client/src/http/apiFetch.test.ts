import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const token = vi.hoisted(() => ({ value: "token-1" as string | null }));
vi.mock("../auth/session", () => ({
  getAccessToken: async () => {
    if (!token.value) throw new Error("User is not authenticated");
    return token.value;
  },
}));

import { requestActivity } from "./activity";
import { ApiError } from "./apiError";
import { apiFetch } from "./apiFetch";
import { loadConfig } from "./config";
import { fetchDownload } from "./download";
import { FakeRequest } from "./fakeRequest";
import { MissingParameterError } from "./requiredParams";
import { type UploadRequest, upload } from "./upload";

const fetchMock = vi.fn<typeof fetch>();

/** Like fetch against a server that never answers: settles only when the request is aborted. */
function fetchUntilAborted(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const signal = init?.signal;
    if (signal?.aborted) reject(new DOMException("aborted", "AbortError"));
    signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

beforeAll(async () => {
  await loadConfig((async () => json({ apiBase: "/v1", oidc: { authority: "https://idp", client_id: "c" } })) as typeof fetch);
});

beforeEach(() => {
  token.value = "token-1";
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("apiFetch", () => {
  it("[R-API001][R-API002][R-API004] calls the configured API base with the bearer token and a JSON body", async () => {
    fetchMock.mockResolvedValueOnce(json({ id: 5 }));
    const result = await apiFetch("/association", { method: "POST", body: { name: "MV", district_association_id: 1 } });
    expect(result).toEqual({ id: 5 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/v1/association");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({ authorization: "Bearer token-1", "content-type": "application/json" });
    expect(init?.body).toBe('{"name":"MV","district_association_id":1}');
  });

  it("[R-API001] fills path parameters and the query", async () => {
    fetchMock.mockResolvedValueOnce(json([])).mockResolvedValueOnce(new Response(null, { status: 204 }));
    await apiFetch("/associations", { query: { search: "Blas", districtId: 2 } });
    await expect(apiFetch("/association/{id}", { params: { id: 7 } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/v1/associations?search=Blas&districtId=2", "/v1/association/7"]);
  });

  it("[R-API005] checks required path and body parameters before calling", async () => {
    await expect(apiFetch("/association/{id}", { method: "DELETE", params: {} })).rejects.toThrow(MissingParameterError);
    await expect(apiFetch("/association", { method: "POST", body: { name: "MV" }, requiredBody: ["name", "district_association_id"] })).rejects.toThrow(
      "district_association_id",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('[R-AU020] fails with "User is not authenticated" without a token', async () => {
    token.value = null;
    await expect(apiFetch("/events")).rejects.toThrow("User is not authenticated");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(requestActivity.getCount()).toBe(0);
  });

  it('[R-ER002] shows "{German text}: {server message}" for an HTTP error', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: "CONFLICT", message: "Der Verein hat Anmeldungen" } }, 409));
    const failure = apiFetch("/association/{id}", { method: "DELETE", params: { id: 3 }, errorPrefix: "Verein kann nicht gelöscht werden" });
    await expect(failure).rejects.toThrow("Verein kann nicht gelöscht werden: Der Verein hat Anmeldungen");
    await expect(failure).rejects.toMatchObject({ kind: "http", status: 409, code: "CONFLICT" });
  });

  it('[R-ER003][R-AU027] a network failure shows "unknown error"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const failure = apiFetch("/events", { errorPrefix: "Veranstaltungen können nicht geladen werden" });
    await expect(failure).rejects.toThrow("Veranstaltungen können nicht geladen werden: unknown error");
    await expect(failure).rejects.toMatchObject({ kind: "network" });
  });

  it("[R-API003][R-BC001][R-AU027] times out after 30000 ms", async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(fetchUntilAborted);
    const failure = apiFetch("/events").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(requestActivity.getCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await failure;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe("timeout");
    expect(requestActivity.getCount()).toBe(0);
  });

  it("[R-AU027] a request aborted by the caller is its own kind", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(fetchUntilAborted);
    const failure = apiFetch("/events", { signal: controller.signal });
    controller.abort();
    await expect(failure).rejects.toMatchObject({ kind: "aborted" });
  });
});

describe("download", () => {
  const prefix = "Liste für Urkundendruck kann nicht heruntergeladen werden";

  it("[R-API032] reads the file name from Content-Disposition", async () => {
    fetchMock.mockResolvedValueOnce(new Response("xlsx-bytes", { headers: { "content-disposition": "attachment; filename*=UTF-8''Urkunden%20D1.xlsx" } }));
    const file = await fetchDownload("/export/event/{id}/dexam/certificate_list", prefix, { params: { id: 4 } });
    expect(file.fileName).toBe("Urkunden D1.xlsx");
    expect(await file.blob.text()).toBe("xlsx-bytes");
    expect(fetchMock.mock.calls[0][0]).toBe("/v1/export/event/4/dexam/certificate_list");
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ authorization: "Bearer token-1" });
  });

  it('[R-API032] falls back to the file name "error"', async () => {
    fetchMock.mockResolvedValueOnce(new Response("bytes"));
    expect((await fetchDownload("/export/event/1/overview", prefix)).fileName).toBe("error");
  });

  it('[R-ER019][R-ER027] a failed download shows "{prefix}: {message}" and clears the loading flag', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: "NOT_FOUND", message: "Veranstaltung nicht gefunden" } }, 404));
    await expect(fetchDownload("/export/event/1/overview", prefix)).rejects.toThrow(`${prefix}: Veranstaltung nicht gefunden`);
    expect(requestActivity.getCount()).toBe(0);
  });

  it('[R-ER019][R-ER027] a download that fails without HTTP answer shows "{prefix}: unknown error"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(fetchDownload("/export/event/1/overview", prefix)).rejects.toThrow(`${prefix}: unknown error`);
    token.value = null;
    await expect(fetchDownload("/export/event/1/overview", prefix)).rejects.toThrow(`${prefix}: unknown error`);
    expect(requestActivity.getCount()).toBe(0);
  });
});

describe("upload", () => {
  it("[R-API002][R-API003] posts the files under the field name with progress", async () => {
    const fake = new FakeRequest();
    const progress: number[] = [];
    const files = [new File(["a"], "a.xlsx"), new File(["b"], "b.xlsx")];
    const done = upload(
      "/registration/dexam/location/{id}/practice_sheets",
      files,
      "files",
      "Praxisprüfungsblätter konnten nicht hochgeladen werden",
      (f) => progress.push(f),
      {
        params: { id: 9 },
        createRequest: () => fake as unknown as UploadRequest,
      },
    );
    await vi.waitFor(() => expect(fake.body).toBeDefined());
    expect(fake.opened).toEqual(["POST", "/v1/registration/dexam/location/9/practice_sheets"]);
    expect(fake.headers.authorization).toBe("Bearer token-1");
    expect(fake.timeout).toBe(30_000);
    expect(fake.body?.getAll("files")).toHaveLength(2);
    fake.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    fake.status = 200;
    fake.responseText = '{"imported":2}';
    fake.onload?.();
    await expect(done).resolves.toEqual({ imported: 2 });
    expect(progress).toEqual([0.5, 1]);
    expect(requestActivity.getCount()).toBe(0);
  });

  it("[R-ER002][R-ER017] an upload rejected by the server shows the German prefix and the server message", async () => {
    const fake = new FakeRequest();
    const prefix = "Praxisprüfungsblätter konnten nicht hochgeladen werden";
    const done = upload("/registration/dexam/location/{id}/practice_sheets", [new File(["a"], "a.xlsx")], "files", prefix, undefined, {
      params: { id: 9 },
      createRequest: () => fake as unknown as UploadRequest,
    });
    await vi.waitFor(() => expect(fake.body).toBeDefined());
    fake.status = 400;
    fake.responseText = '{"error":{"code":"WRONG_LOCATION","message":"Bogen gehört zu einem anderen Ort"}}';
    fake.onload?.();
    await expect(done).rejects.toThrow(`${prefix}: Bogen gehört zu einem anderen Ort`);
    expect(requestActivity.getCount()).toBe(0);
  });
});
