// Figure 14: invoicing 500 clubs (docs/decisions.md "Invoices"): 500 clubs of district 1 with two
// live D-exam registrations each at an event past its deadline, the district's seller and the
// event's fees set (written here with SQL, outside the measurement); a treasurer (invoice_manage)
// issues the invoices in one GraphQL issueInvoices through the real path (load the registrations,
// compute the fees, lock the counter, 500 invoices with gapless numbers, their EN 16931 XML and lines,
// audit entries, one transaction). The clubs have no invoice e-mail, so no 500 PDFs are made in the
// background while the open items are read. Then GET /v1/invoices/open_items?eventId= (the 500 open
// items of the event) REQUESTS times, one after the other.
import pg from "pg";
import { type Figure, gid, gqlPost, ms, now, REQUESTS, stats } from "../lib.ts";

const CLUBS = 500;
/** the budgets of issue "Fees and invoices to clubs" */
const ISSUE_BUDGET_MS = 10_000;
const OPEN_ITEMS_P95_MS = 40;

async function prepare(databaseUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on("error", () => undefined);
  await c.connect();
  try {
    await c.query(
      `INSERT INTO "User" (subject, firstname, lastname, email, roles, "districtAssociationId", "updatedAt")
       VALUES ('bench-treasurer', 'Kasse', 'Wart', 'kasse@bench.example', ARRAY['invoice_manage']::"Role"[], 1, now()) ON CONFLICT DO NOTHING`,
    );
    await c.query(
      `INSERT INTO "InvoiceSeller" ("districtAssociationId", name, street, postcode, city, email, "taxNumber", "exemptionNote", iban, "updatedAt")
       VALUES (1, 'Kreisverband 1 e. V.', 'Hauptstraße 1', '70173', 'Musterstadt', 'kasse@kv1.example', '99/815/08151',
               'Umsatzsteuerfrei nach § 4 Nr. 22 Buchst. a UStG', 'DE02120300000000202051', now()) ON CONFLICT DO NOTHING`,
    );
    const event = (
      await c.query<{ id: number }>(
        `INSERT INTO "Event" (name, "districtAssociationId", "formType", "editPhase", "registrationDeadline", "startPublishing", "finishPublishing", start, "end", "privacyPolicy", "cancellationConditions", "updatedAt")
         VALUES ('Rechnungslauf', 1, 'DEXAM', 'NONE', now() - interval '1 day', now() - interval '60 days', now() + interval '60 days',
                 now() + interval '7 days', now() + interval '8 days', 'Datenschutz', 'Storno kostet', now()) RETURNING id`,
      )
    ).rows[0].id;
    await c.query(
      `INSERT INTO "EventFee" ("eventId", item, "amountCents")
       SELECT $1, item, cents FROM (VALUES ('dexam:D1:theory', 1500), ('dexam:D1:practice', 2500), ('dexam:D2:theory', 2000),
                                          ('dexam:D2:practice', 3000), ('dexam:D3:theory', 2500), ('dexam:D3:practice', 3500)) f(item, cents)`,
      [event],
    );
    const clubs = (
      await c.query<{ id: number }>(
        `INSERT INTO "Association" (name, "districtAssociationId", "updatedAt") SELECT 'Rechnungsverein ' || i, 1, now() FROM generate_series(1, ${CLUBS}) i RETURNING id`,
      )
    ).rows.map((r) => r.id);
    await c.query(
      `INSERT INTO "DexamRegistration" ("eventId", firstname, lastname, birthdate, gender, "associationId", instrument, type, songs,
              "gdprAccepted", "cancellationAccepted", "songsCompleteKey", "updatedAt", "createdAt")
       SELECT $1, 'Kandidat' || i, 'Familie' || i, DATE '2011-01-01' + (i % 1500), 'F', club, 'CLARINET',
              (ARRAY['D1','D2','D3']::"DexamType"[])[1 + i % 3], '[]'::jsonb, true, true, false, now() - interval '10 days', now() - interval '10 days'
       FROM unnest($2::int[]) WITH ORDINALITY AS c(club, n) CROSS JOIN generate_series(1, 2) i`,
      [event, clubs],
    );
    return event;
  } finally {
    await c.end();
  }
}

export const figure: Figure = {
  id: 14,
  title: "invoicing 500 clubs, open items",
  on: "postgres",
  async run(bench, results) {
    const event = await prepare(bench.databaseUrl);
    const token = await bench.tokenFor("bench-treasurer");
    const t0 = now();
    const issued = await gqlPost(bench.server.url, token, "mutation($e: ID!) { issueInvoices(event: $e) { number } }", { e: gid("Event", event) });
    const issueMs = now() - t0;
    const times: number[] = [];
    let items = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const s = now();
      const res = await fetch(`${bench.server.url}/v1/invoices/open_items?eventId=${event}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as unknown[];
      times.push(now() - s);
      if (!res.ok) throw new Error(`open items: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      items = body.length;
    }
    results.invoices = { invoices: issued.issueInvoices.length, issueMs: ms(issueMs), openItems: stats(times), items };
  },
  rows: (r) => {
    const x = r.invoices;
    if (!x) return [["14 invoices", "-", `<= ${ISSUE_BUDGET_MS} ms`, false]];
    return [
      [
        `14 invoices: issue ${x.invoices} invoices of ${CLUBS} clubs in one issueInvoices`,
        `${ms(x.issueMs)} ms`,
        `<= ${ISSUE_BUDGET_MS} ms`,
        x.issueMs <= ISSUE_BUDGET_MS && x.invoices === CLUBS,
      ],
      [
        `14 invoices: open items of the event (${x.items} rows), p95 (median)`,
        `${ms(x.openItems.p95)} ms (${ms(x.openItems.median)} ms)`,
        `<= ${OPEN_ITEMS_P95_MS} ms`,
        x.openItems.p95 <= OPEN_ITEMS_P95_MS && x.items === CLUBS,
      ],
    ];
  },
};
