// without SMTP_URL a production server printed every mail (children's names,
// clubs, addresses, password and invitation links) to stdout, between the JSON log lines.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configuredOutbox, NO_SMTP_WARNING } from "./transport.ts";

const MAIL = {
  to: "eltern.beispiel@verein.example",
  subject: "Einladung zum Anmeldesystem",
  text: "Hallo Anna Beispiel (MV Eins), Passwort setzen: https://anmeldung.example.org/oidc/invite/geheim-123",
};

/** everything written to stdout (directly or through console.log/info) while `run` runs */
async function stdoutOf(run: () => Promise<void>): Promise<string> {
  let out = "";
  const spies = [
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      out += String(chunk);
      return true;
    }),
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      out += `${args.join(" ")}\n`;
    }),
    vi.spyOn(console, "info").mockImplementation((...args: unknown[]) => {
      out += `${args.join(" ")}\n`;
    }),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return out;
}

describe("the outbox without SMTP_URL", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it("in production: one start-up warning; mails are kept in the outbox and OUTBOX_FILE, nothing of them on stdout", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "anm-outbox-"));
    dirs.push(dir);
    const file = path.join(dir, "outbox.jsonl");
    const warnings: string[] = [];
    let outbox: ReturnType<typeof configuredOutbox> | undefined;
    const out = await stdoutOf(async () => {
      outbox = configuredOutbox({ production: true, file, warn: (l) => warnings.push(l) });
      await outbox.deliver(MAIL);
      outbox.send("admin", "Identity Provider: Sperren", "Sperren für eltern.beispiel@verein.example bitte im Identity Provider erledigen.");
    });
    expect(out).toBe("");
    expect(warnings).toEqual([NO_SMTP_WARNING]);
    expect(outbox?.sent.map((m) => m.to)).toEqual([MAIL.to, "admin"]);
    expect(JSON.parse(fs.readFileSync(file, "utf8").split("\n")[0])).toEqual(MAIL);
  });

  it("outside production the mail is printed for the developer ([Postausgang]), without a warning", async () => {
    const warnings: string[] = [];
    const out = await stdoutOf(async () => {
      await configuredOutbox({ production: false, warn: (l) => warnings.push(l) }).deliver(MAIL);
    });
    expect(out).toContain(`[Postausgang] an ${MAIL.to}`);
    expect(warnings).toEqual([]);
  });

  it("with SMTP_URL nothing is printed and nothing warned, also outside production", async () => {
    const warnings: string[] = [];
    const out = await stdoutOf(async () => {
      configuredOutbox({ smtpUrl: "smtp://127.0.0.1:1", production: false, warn: (l) => warnings.push(l) });
    });
    expect(out).toBe("");
    expect(warnings).toEqual([]);
  });
});
