// R-EN042: the notification types are success, error and information; each keeps its type through
// the queue and has its own colour in the snackbar's style sheet (R-SH066).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createSnackbarQueue, type SnackbarType } from "./snackbarQueue";

const TYPES: SnackbarType[] = ["success", "error", "information"];
const css = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "Snackbar.module.css"), "utf8");
const snackbar = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "Snackbar.tsx"), "utf8");

describe("notification types", () => {
  it("[R-EN042] success, error and information pass the queue unchanged", () => {
    const queue = createSnackbarQueue(5000, { setTimeout: () => 0, clearTimeout: () => {} });
    const seen: string[] = [];
    for (const type of TYPES) {
      queue.push({ type, text: type });
      seen.push(queue.current()?.type ?? "none");
    }
    expect(seen).toEqual(TYPES);
  });

  it("[R-EN042] each type has its own colour class; the snackbar picks the class by type and announces errors as alerts", () => {
    const colours = TYPES.map((type) => new RegExp(`\\.${type}\\s*\\{[^}]*background:\\s*var\\((--[\\w-]+)\\)`).exec(css)?.[1]);
    expect(colours).toEqual(["--color-success", "--color-error", "--color-primary"]);
    expect(snackbar).toContain("styles[message.type]");
    expect(snackbar).toContain('role={message.type === "error" ? "alert" : "status"}');
  });
});
