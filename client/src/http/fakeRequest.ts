// Test support for the upload tests (upload.test.ts, apiFetch.test.ts).

type ProgressHandler = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** An XMLHttpRequest stand-in: records what is sent; the test plays the server's part. */
export class FakeRequest {
  status = 0;
  responseText = "";
  timeout = 0;
  headers: Record<string, string> = {};
  opened: [string, string] | undefined;
  body: FormData | undefined;
  aborted = false;
  upload = { onprogress: null as ProgressHandler | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getResponseHeader() {
    return null;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? "" : JSON.stringify(body);
    this.onload?.();
  }
}
