import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("../auth/session", () => ({ getAccessToken: async () => "token-7" }));

import { requestActivity } from "./activity";
import { ApiError } from "./apiError";
import { loadConfig } from "./config";
import { FakeRequest } from "./fakeRequest";
import { API_TIMEOUT_MS } from "./request";
import { type UploadRequest, upload, uploadTimeoutMs } from "./upload";

const PREFIX = "Praxisprüfungsblätter konnten nicht hochgeladen werden";
const PATH = "/registration/dexam/location/{id}/practice_sheets";

function start(files: File[], onProgress?: (fraction: number) => void, extra: { timeoutMs?: number; signal?: AbortSignal } = {}) {
  const fake = new FakeRequest();
  const done = upload(PATH, files, "files", PREFIX, onProgress, { params: { id: 4 }, createRequest: () => fake as unknown as UploadRequest, ...extra });
  return { fake, done };
}

beforeAll(async () => {
  await loadConfig((async () => new Response(JSON.stringify({ apiBase: "/v1", oidc: { authority: "https://idp", client_id: "c" } }))) as typeof fetch);
});

afterEach(() => {
  expect(requestActivity.getCount()).toBe(0);
});

describe("upload", () => {
  it("[R-RE009][R-API002] posts every file under the repeated field with the bearer token and reports progress", async () => {
    const progress: number[] = [];
    const { fake, done } = start([new File(["one"], "Praxisbogen_R1_L4_A_B.xlsx"), new File(["two"], "Praxisbogen_R2_L4_C_D.xlsx")], (f) => progress.push(f));
    await vi.waitFor(() => expect(fake.body).toBeDefined());
    expect(requestActivity.getCount()).toBe(1);
    expect(fake.opened).toEqual(["POST", "/v1/registration/dexam/location/4/practice_sheets"]);
    expect(fake.headers).toMatchObject({ authorization: "Bearer token-7", accept: "application/json" });
    expect((fake.body!.getAll("files") as File[]).map((file) => file.name)).toEqual(["Praxisbogen_R1_L4_A_B.xlsx", "Praxisbogen_R2_L4_C_D.xlsx"]);
    fake.upload.onprogress?.({ lengthComputable: false, loaded: 3, total: 0 });
    fake.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    fake.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 4 });
    fake.answer(200, { uploaded: 2, results: [] });
    await expect(done).resolves.toEqual({ uploaded: 2, results: [] });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it("decision: an upload waits 30 s for the answer plus the sending time at 100 KiB/s", async () => {
    expect(uploadTimeoutMs(0)).toBe(API_TIMEOUT_MS);
    expect(uploadTimeoutMs(20 * 1024)).toBe(API_TIMEOUT_MS + 200);
    expect(uploadTimeoutMs(5 * 1024 * 1024)).toBe(API_TIMEOUT_MS + 51_200);
    expect(uploadTimeoutMs(50 * 1024 * 1024)).toBe(API_TIMEOUT_MS + 512_000);
    const big = new File([new Uint8Array(1024 * 1024)], "a.xlsx");
    const { fake, done } = start([big, big]);
    await vi.waitFor(() => expect(fake.body).toBeDefined());
    expect(fake.timeout).toBe(API_TIMEOUT_MS + 20_480);
    fake.ontimeout?.();
    await expect(done).rejects.toThrow(`${PREFIX}: unknown error`);
  });

  it("an explicit timeout wins", async () => {
    const { fake, done } = start([new File(["x"], "a.xlsx")], undefined, { timeoutMs: 5000 });
    await vi.waitFor(() => expect(fake.body).toBeDefined());
    expect(fake.timeout).toBe(5000);
    fake.answer(204, undefined);
    await expect(done).resolves.toBeUndefined();
  });

  it("[R-ER002][R-ER017] a rejected upload carries the prefix, the server's message and the per-file messages", async () => {
    const { fake, done } = start([new File(["x"], "a.xlsx")]);
    await vi.waitFor(() => expect(fake.body).toBeDefined());
    fake.answer(400, { error: { code: "VALIDATION", message: "Keine Praxisbögen übernommen: „a.xlsx“: kaputt", fields: { "files.0": "„a.xlsx“: kaputt" } } });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`${PREFIX}: Keine Praxisbögen übernommen: „a.xlsx“: kaputt`);
    expect((error as ApiError).fields).toEqual({ "files.0": "„a.xlsx“: kaputt" });
    expect((error as ApiError).status).toBe(400);
  });

  it("[R-ER003] network failures and aborts end in '{prefix}: unknown error'", async () => {
    const first = start([new File(["x"], "a.xlsx")]);
    await vi.waitFor(() => expect(first.fake.body).toBeDefined());
    first.fake.onerror?.();
    await expect(first.done).rejects.toThrow(`${PREFIX}: unknown error`);

    const controller = new AbortController();
    const second = start([new File(["x"], "a.xlsx")], undefined, { signal: controller.signal });
    await vi.waitFor(() => expect(second.fake.body).toBeDefined());
    controller.abort();
    expect(second.fake.aborted).toBe(true);
    await expect(second.done).rejects.toThrow(`${PREFIX}: unknown error`);
  });
});
