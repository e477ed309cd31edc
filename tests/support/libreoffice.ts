// LibreOffice headless for the tests that open generated files in a real spreadsheet program
// (Debian's libreoffice-calc-nogui; `npm test` installs it when missing).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const SOFFICE = ["/usr/bin/soffice", "/usr/bin/libreoffice", "/usr/lib/libreoffice/program/soffice"].find((p) => fs.existsSync(p));

/** One soffice run converting `files` to `format` into `outdir`; its own profile under `dir`, so parallel runs never share state. */
export function soffice(format: string, files: string[], outdir: string, dir: string) {
  if (!SOFFICE) throw new Error("LibreOffice (soffice) fehlt: apt-get install libreoffice-calc-nogui (npm test installs it)");
  const profile = `file://${path.join(dir, `profile-${crypto.randomBytes(4).toString("hex")}`)}`;
  const r = spawnSync(SOFFICE, [`-env:UserInstallation=${profile}`, "--headless", "--norestore", "--convert-to", format, "--outdir", outdir, ...files], {
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, HOME: dir },
  });
  if (r.status !== 0) throw new Error(`soffice failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}
