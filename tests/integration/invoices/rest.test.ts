// Invoices through /v1 and the treasurer's exports on a real database: the list in pages (limit,
// cursor, Link, updatedSince), one invoice, its PDF and XML, the open items; who sees what (invoice
// staff their district's, a club's accounts their club's); the exports of open items and invoices as
// CSV (semicolons, UTF-8 BOM, German dates and amounts) and .xlsx, read back, the .xlsx opened by
// LibreOffice (headless, as the other spreadsheet tests); GraphQL's download gives the same file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { berlinDay } from "../../../server/src/shared/time.ts";
import type { TestApp } from "../../support/app.ts";
import { gid } from "../../support/fixtures.ts";
import { soffice } from "../../support/libreoffice.ts";
import type { World } from "../../support/principals.ts";
import { dexamRegistration, pastDexamEvent, sellerWorld } from "./world.ts";

let app: TestApp;
let world: World;
let t: Record<string, string> = {};
let manage: string;
let event: number;
/** invoice id per club name; the cancellation of the cancelled club's */
const inv: Record<string, number> = {};
let cancellation: number;
const today = berlinDay(new Date());
const german = (d: string) => d.split("-").reverse().join(".");

async function ok<T = any>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await app.gql(query, variables, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as T;
}

/** The rows of our CSV: BOM, CRLF, semicolons, quotes doubled inside quoted fields. */
function readCsv(raw: Buffer): string[][] {
  const text = raw.toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text.endsWith("\r\n")).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ";") row.push(field), (field = "");
    else if (c === "\r" && text[i + 1] === "\n") row.push(field), rows.push(row), (row = []), (field = ""), i++;
    else field += c;
  }
  return rows;
}
const asObjects = (rows: string[][]) => rows.slice(1).map((r) => Object.fromEntries(rows[0].map((h, i) => [h, r[i]])));

beforeAll(async () => {
  ({ app, world, t, manage } = await sellerWorld());
  event = await pastDexamEvent(app.db.prisma, world.district1, "D-Prüfungen Export");
  await app.db.prisma.association.update({ where: { id: world.club1 }, data: { name: 'MV "Eins"; Süd' } });
  const clubs: Record<string, number> = { eins: world.club1 };
  for (const name of ["MV Bezahlt", "=MV Storniert"])
    clubs[name] = (await app.db.prisma.association.create({ data: { name, districtAssociationId: world.district1 } })).id;
  for (const c of Object.values(clubs)) await dexamRegistration(app.db.prisma, event, c);
  const issued = await ok("mutation($e: ID!) { issueInvoices(event: $e) { databaseId clubName } }", { e: gid("Event", event) }, manage);
  for (const i of issued.issueInvoices) inv[i.clubName] = i.databaseId;
  await ok("mutation($id: ID!, $d: String!) { markInvoicePaid(id: $id, paidOn: $d) { status } }", { id: gid("Invoice", inv["MV Bezahlt"]), d: today }, manage);
  cancellation = (await ok("mutation($id: ID!) { cancelInvoice(id: $id) { databaseId } }", { id: gid("Invoice", inv["=MV Storniert"]) }, manage)).cancelInvoice
    .databaseId;
}, 120_000);
afterAll(() => app.stop());

describe("GET /v1/invoices", () => {
  it("pages newest first with limit, cursor and Link; updatedSince names the issuing time", async () => {
    const first = await app.rest("GET", "/v1/invoices?limit=3", manage);
    expect(first.status).toBe(200);
    expect(first.body.map((i: { id: number }) => i.id)).toEqual([cancellation, inv["=MV Storniert"], inv["MV Bezahlt"]]);
    const link = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)?.[1] as string;
    expect(link).toContain("limit=3");
    const next = await app.rest("GET", link.replace(/^https?:\/\/[^/]+/, ""), manage);
    expect(next.body.map((i: { id: number }) => i.id)).toEqual([inv['MV "Eins"; Süd']]);
    expect(next.headers.link).toBeUndefined();
    expect(first.body[0]).toMatchObject({ kind: "CANCELLATION", kind_label: "Stornorechnung", corrects_id: inv["=MV Storniert"], total_cents: -5050 });
    expect(next.body[0]).toMatchObject({ club_name: 'MV "Eins"; Süd', event_id: event, issue_date: today, total_cents: 5050 });
    expect(next.body[0].lines[0]).toMatchObject({ position: 1, item: "dexam:D1:theory", unit_cents: 1500 });
    expect((await app.rest("GET", `/v1/invoices?updatedSince=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, manage)).body).toEqual([]);
    expect((await app.rest("GET", `/v1/invoices?eventId=${event}&associationId=${world.club1}`, manage)).body).toHaveLength(1);
    expect((await app.rest("GET", "/v1/invoices?format=csv", manage)).status).toBe(400);
  });

  it("a club's account sees its club's only, the other district nothing, a stranger 401", async () => {
    const mine = await app.rest("GET", "/v1/invoices", t.member);
    expect(mine.body.map((i: { id: number }) => i.id)).toEqual([inv['MV "Eins"; Süd']]);
    expect((await app.rest("GET", "/v1/invoices", t.staff2)).body).toEqual([]);
    expect((await app.rest("GET", "/v1/invoices", t["role:invoice_read"])).body).toHaveLength(4);
    expect((await app.rest("GET", "/v1/invoices")).status).toBe(401);
  });
});

describe("one invoice and its documents", () => {
  it("reads it, its PDF (Factur-X) and its XML; another club's is not found", async () => {
    const id = inv['MV "Eins"; Süd'];
    const one = await app.rest("GET", `/v1/invoice/${id}`, t.member);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, number: expect.stringMatching(/^\d{4}-\d{5}$/), due_date: expect.any(String) });
    const pdf = await app.rest("GET", `/v1/invoice/${id}/pdf`, t.member);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.raw.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.raw.toString("latin1")).toContain("factur-x.xml");
    const xml = await app.rest("GET", `/v1/invoice/${id}/xml`, t.member);
    expect(xml.headers["content-type"]).toContain("application/xml");
    expect(xml.headers["content-disposition"]).toContain(`Rechnung_${one.body.number}.xml`);
    expect(xml.raw.toString("utf8")).toContain("CrossIndustryInvoice");
    for (const path of ["", "/pdf", "/xml"]) {
      expect((await app.rest("GET", `/v1/invoice/${inv["MV Bezahlt"]}${path}`, t.member)).status, path).toBe(404);
      expect((await app.rest("GET", `/v1/invoice/${id}${path}`, t.staff2)).status, path).toBe(404);
    }
  });
});

describe("open items", () => {
  it("the open ones by default, all with all=true; a club's account its club's", async () => {
    const open = await app.rest("GET", "/v1/invoices/open_items", manage);
    expect(open.body.map((i: { invoice_id: number }) => i.invoice_id)).toEqual([inv['MV "Eins"; Süd']]);
    expect(open.body[0]).toMatchObject({ status: "OPEN", open_cents: 5050, paid_cents: 0, reminder_level: 0, reminder_label: null });
    const all = await app.rest("GET", "/v1/invoices/open_items?all=true", manage);
    const byId = Object.fromEntries(all.body.map((i: { invoice_id: number }) => [i.invoice_id, i]));
    expect(byId[inv["MV Bezahlt"]]).toMatchObject({ status: "PAID", paid_cents: 5050, last_paid_on: today });
    expect(byId[inv["=MV Storniert"]]).toMatchObject({ due_cents: 0, open_cents: 0 });
    expect((await app.rest("GET", "/v1/invoices/open_items?all=true", t.member)).body).toHaveLength(1);
    expect((await app.rest("GET", "/v1/invoices/open_items?all=ja", manage)).status).toBe(400);
  });
});

describe("exports", () => {
  it("open items as CSV: BOM, semicolons, German dates and amounts, quoted names, a formula's lead defused", async () => {
    const res = await app.rest("GET", "/v1/export/invoices/open_items?format=csv&all=true", manage);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain(`Offene_Posten_alle_${today}.csv`);
    expect(res.raw.toString("utf8")).toContain('"MV ""Eins""; Süd"');
    const rows = readCsv(res.raw);
    expect(rows[0].slice(0, 9)).toEqual([
      "Rechnungsnummer",
      "Verein",
      "Veranstaltung",
      "Rechnungsdatum",
      "Fällig am",
      "Rechnungsbetrag",
      "Gefordert",
      "Bezahlt",
      "Offen",
    ]);
    const items = Object.fromEntries(asObjects(rows).map((r) => [r.Verein, r]));
    expect(items['MV "Eins"; Süd']).toMatchObject({ Rechnungsdatum: german(today), Rechnungsbetrag: "50,50", Offen: "50,50", Status: "offen", Mahnstufe: "" });
    expect(items["MV Bezahlt"]).toMatchObject({ Bezahlt: "50,50", Offen: "0,00", Status: "bezahlt", "Zuletzt bezahlt am": german(today) });
    expect(items["'=MV Storniert"]).toMatchObject({ Gefordert: "0,00" });
    // the hyphenated spelling answers the same; a club's account exports its own only
    const alias = await app.rest("GET", "/v1/export/invoices/open-items?format=csv&all=true", manage);
    expect(alias.raw.equals(res.raw)).toBe(true);
    expect(readCsv((await app.rest("GET", "/v1/export/invoices/open_items?format=csv&all=true", t.member)).raw)).toHaveLength(2);
  });

  it("invoices as CSV: the journal oldest first with kind, the invoice a cancellation cancels and whether cancelled", async () => {
    const res = await app.rest("GET", "/v1/export/invoices?format=csv", manage);
    const rows = asObjects(readCsv(res.raw));
    expect(rows.map((r) => r.Art)).toEqual(["Rechnung", "Rechnung", "Rechnung", "Stornorechnung"]);
    const cancelled = rows.find((r) => r.Verein === "'=MV Storniert" && r.Art === "Rechnung");
    expect(cancelled).toMatchObject({ Storniert: "ja", Brutto: "50,50", Umsatzsteuer: "0,00", Leistungsdatum: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/) });
    expect(rows[3]).toMatchObject({ "Zu Rechnung": cancelled?.Rechnungsnummer, Brutto: "-50,50", Storniert: "", "Fällig am": "" });
  });

  it("the .xlsx holds the same rows as date and amount cells; LibreOffice opens it; GraphQL downloads the same files", async () => {
    const res = await app.rest("GET", "/v1/export/invoices/open_items?format=xlsx&all=true", manage);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(["Offene Posten", "Angaben"]);
    const sheet = wb.worksheets[0];
    expect(sheet.rowCount).toBe(4);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const eins = (sheet.getRow(2).values as unknown[]).slice(1);
    const row = Object.fromEntries(header.map((h, i) => [h as string, eins[i]]));
    const first = Object.fromEntries(
      [2, 3, 4].map((n) => {
        const v = (sheet.getRow(n).values as unknown[]).slice(1);
        return [v[1] as string, Object.fromEntries(header.map((h, i) => [h as string, v[i]]))];
      }),
    );
    expect(first['MV "Eins"; Süd']).toMatchObject({ Rechnungsbetrag: 50.5, Offen: 50.5, Status: "offen" });
    expect(row.Rechnungsdatum).toBeInstanceOf(Date);
    expect((row.Rechnungsdatum as Date).toISOString().slice(0, 10)).toBe(today);

    // LibreOffice reads it: its CSV of the sheet has the same rows and numbers
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "anmeldesystem-invoices-"));
    const file = path.join(dir, "offene-posten.xlsx");
    fs.writeFileSync(file, res.raw);
    soffice("csv:Text - txt - csv (StarCalc):59,34,76,1", [file], dir, dir);
    // LibreOffice quotes every text field
    const lo = fs.readFileSync(path.join(dir, "offene-posten.csv"), "utf8").trim().replaceAll('""', "'").replaceAll('"', "").split(/\r?\n/);
    expect(lo).toHaveLength(4);
    expect(lo[0].split(";").slice(0, 3)).toEqual(["Rechnungsnummer", "Verein", "Veranstaltung"]);
    expect(lo.find((l) => l.includes("MV Bezahlt"))).toContain(german(today));
    fs.rmSync(dir, { recursive: true, force: true });

    const csv = await app.rest("GET", "/v1/export/invoices?format=csv", manage);
    const viaGraphql = await ok("query { invoicesExport(format: CSV) { fileName mimeType base64 } }", {}, manage);
    expect(viaGraphql.invoicesExport).toMatchObject({ fileName: `Rechnungen_alle_${today}.csv`, mimeType: "text/csv; charset=utf-8" });
    expect(Buffer.from(viaGraphql.invoicesExport.base64, "base64").equals(csv.raw)).toBe(true);
    const xlsx = await ok(
      "query($a: ID) { openItemsExport(format: XLSX, association: $a) { fileName base64 } }",
      { a: gid("Association", world.club1) },
      t.member,
    );
    expect(xlsx.openItemsExport.fileName).toBe(`Offene_Posten_Verein_${world.club1}_${today}.xlsx`);
    expect(Buffer.from(xlsx.openItemsExport.base64, "base64").subarray(0, 2).toString()).toBe("PK");
  });
});
