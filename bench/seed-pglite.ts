// Seeds the benchmark dataset into a PGlite directory (argument 1). A process of its own: the
// schema engine's WebAssembly instance serves one database kind per process.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../server/src/db/client.ts";
import { seedStatements } from "./seed.ts";

const dir = process.argv[2];
if (!dir) throw new Error("usage: seed-pglite.ts <directory>");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(path.dirname(dir), { recursive: true });
const db = await openDatabase(`pglite:${dir}`); // applies the migrations
await db.close();
const lite = new PGlite(dir);
for (const sql of seedStatements()) await lite.exec(sql);
await lite.close();
