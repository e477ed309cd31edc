// /v1: the change feed (GET /v1/changes?after=...&limit=...), the same reader as GraphQL's changes.
import { z } from "zod";
import type { RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { ENTITY_NAMES, OPERATIONS } from "./entities.ts";
import { DEFAULT_PAGE, readChanges } from "./feed.ts";

const ChangeWire = z.object({
  cursor: z.string().meta({ description: "Die Position nach dieser Änderung" }),
  type: z.enum(ENTITY_NAMES).meta({ description: "Die Art des Objekts" }),
  id: z.int().meta({ description: "Die Nummer des Objekts (z. B. GET /v1/registration/dexam/{id})" }),
  operation: z.enum(OPERATIONS).meta({ description: "created, updated oder deleted (dann aus dem Spiegel entfernen)" }),
  version: z.int().nullable().meta({ description: "Die Version des Objekts nach der Änderung" }),
  changed_at: z.string().meta({ description: "Beginn der ändernden Transaktion (RFC 3339)" }),
});

export const ChangesWire = z.object({
  changes: z.array(ChangeWire),
  cursor: z.string().meta({ description: "Hier setzt der nächste Abruf an (after=…), auch wenn die Seite leer ist" }),
  has_more: z.boolean().meta({ description: "true: weitere Änderungen liegen schon bereit; false: der Stand ist aktuell, später wieder fragen" }),
});

const ChangesQuery = w.query({
  // after: the cursor of the last answer (none: from the beginning); limit: 1..MAX_PAGE
  after: w.queryText(),
  limit: w.queryId(),
});

export function changeRoutes(r: RestRouter) {
  r.get(
    "/v1/changes",
    {
      tag: "Änderungen",
      summary: "Änderungsprotokoll lesen",
      description:
        "Anlagen, Änderungen und Löschungen von Vereinen, Benutzern, Veranstaltungen, Orten, Anmeldungen (mit Ergebnissen), Zeitplan-Einträgen und Rechnungen in der Reihenfolge ihrer Bestätigung, jede nur für Aufrufer, die das Objekt lesen dürfen. Ohne after beginnt es von vorn; danach den cursor der Antwort übergeben. Ein cursor älter als die Aufbewahrung (CHANGE_RETENTION_DAYS, Vorgabe 30 Tage) ist INVALID_CURSOR: dann von vorn lesen.",
      query: ChangesQuery,
      response: ChangesWire,
      example: { query: { limit: "50" } },
    },
    async (ctx, req) => {
      const q = w.readQuery(ChangesQuery, req.query);
      const page = await readChanges(ctx, { after: q.after ?? null, first: q.limit ?? DEFAULT_PAGE });
      return {
        changes: page.entries.map((c) => ({
          cursor: c.cursor,
          type: c.entity as (typeof ENTITY_NAMES)[number],
          id: c.rowId,
          operation: c.operation,
          version: c.version,
          changed_at: c.at.toISOString(),
        })),
        cursor: page.cursor,
        has_more: page.hasMore,
      } satisfies z.infer<typeof ChangesWire>;
    },
  );
}
