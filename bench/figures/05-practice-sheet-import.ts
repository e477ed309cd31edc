// Figure 5: the practice-sheet import of 300 files in one upload (median and p95 of 5 runs).

import { unzipSync } from "fflate";
import pg from "pg";
import { fillPracticeSheet, multipart } from "../../tests/fixtures/workbooks.ts";
import { FILE_RUNS, type Figure, fileMet, fileRuns, ms, now, type Server, summary } from "../lib.ts";

/**
 * Figure 5: the practice-sheet import of 300 files in one upload. A practice location of event 1
 * gets 300 registrations; the script downloads their blank sheets (zip), fills each as an examiner
 * would (points into the named cell), and uploads all 300 in one multipart request, three times.
 */
export async function figure5(server: Server, token: string, databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const { rows } = await c.query(
    `INSERT INTO "EventLocation" (name, type, "eventId", street, city, start, "end", "dexamTypes", instruments, "publishResults", "updatedAt")
     SELECT 'Praxis 300', type, "eventId", street, city, start, "end", "dexamTypes", instruments, false, now()
       FROM "EventLocation" WHERE "eventId" = 1 AND type = 'DEXAM_PRACTICE' LIMIT 1 RETURNING id`,
  );
  const location = rows[0].id as number;
  await c.query(
    `UPDATE "DexamRegistration" SET "practiceLocationId" = $1
      WHERE id IN (SELECT id FROM "DexamRegistration" WHERE "eventId" = 1 AND "cancelledAt" IS NULL ORDER BY id LIMIT 300)`,
    [location],
  );
  await c.end();
  const auth = { authorization: `Bearer ${token}` };
  const blank = await fetch(`${server.url}/v1/export/location/${location}/dexam/blank_practice_sheets`, { headers: auth });
  if (!blank.ok) return { status: blank.status, note: "blank sheets not available" };
  const entries = Object.entries(unzipSync(new Uint8Array(await blank.arrayBuffer())));
  const files = await Promise.all(entries.map(async ([name, data], i) => ({ name, data: await fillPracticeSheet(data, 20 + (i % 20)) })));
  const body = multipart("files", files);
  const runs = [];
  for (let i = 0; i < FILE_RUNS; i++) {
    const t0 = now();
    const res = await fetch(`${server.url}/v1/registration/dexam/location/${location}/practice_sheets`, {
      method: "POST",
      headers: { ...auth, "content-type": body.contentType },
      body: new Uint8Array(body.payload),
    });
    const text = await res.text();
    runs.push(res.ok ? { seconds: ms((now() - t0) / 1000), status: res.status } : { status: res.status, error: text.slice(0, 200) });
  }
  return { files: files.length, bytes: body.payload.length, ...summary(runs) };
}

export const figure: Figure = {
  id: 5,
  title: "practice-sheet import (300 files)",
  on: "postgres",
  async run(bench, results) {
    results.practiceSheetImport = await figure5(bench.server, bench.staff, bench.databaseUrl);
  },
  rows: (r) => [
    [`5 practice-sheet import, ${r.practiceSheetImport?.files ?? 300} files`, fileRuns(r.practiceSheetImport), "<= 10 s", fileMet(r.practiceSheetImport, 10)],
  ],
};
