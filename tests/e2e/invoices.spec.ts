// Fees and invoices (docs/decisions.md "Invoices") in the browser: staff enter the seller data, set
// an event's fees and issue its invoices; the club's account finds the invoice on "Mein Verein
// bearbeiten" and downloads its PDF; staff read a bank statement (camt.053, built here after the
// samples in tests/fixtures/camt/) that pays it and see it "bezahlt". The demo's past autumn exams
// (two D1 candidates of Musikverein Musterstadt) are billed.
import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNotice, graphql, openScreen, signIn } from "./support.ts";

const EVENT = "D-Prüfungen Herbst Vorjahr";
const CLUB = "Musikverein Musterstadt";

/** A day's statement (camt.053.001.08) with one credit transfer naming the invoice number, as a German bank writes it. */
function camt053(invoiceNumber: string, amountCents: number, bookedOn: string): string {
  const amount = (amountCents / 100).toFixed(2);
  const ref = `E2E${Date.now()}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>053D${ref}</MsgId><CreDtTm>${bookedOn}T06:12:41.0+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${ref}</Id>
      <CreDtTm>${bookedOn}T06:12:41.0+01:00</CreDtTm>
      <Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <NtryRef>1</NtryRef>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${bookedOn}</Dt></BookgDt>
        <ValDt><Dt>${bookedOn}</Dt></ValDt>
        <AcctSvcrRef>${ref}001</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>NTRF+166+00900</Cd><Issr>DK</Issr></Prtry></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <Amt Ccy="EUR">${amount}</Amt>
            <CdtDbtInd>CRDT</CdtDbtInd>
            <RltdPties><Dbtr><Pty><Nm>${CLUB} e.V.</Nm></Pty></Dbtr></RltdPties>
            <RmtInf><Ustrd>Rechnung ${invoiceNumber}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

async function fill(scope: ReturnType<Page["getByRole"]>, label: string, value: string) {
  await scope.getByRole("textbox", { name: label, exact: true }).fill(value);
}

test("staff set fees and issue an event's invoices, the club downloads its invoice, a bank statement pays it", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, "staff@demo.test");
  const { events } = await graphql<{ events: { edges: { node: { databaseId: number; name: string } }[] } }>(
    page,
    "{ events(first: 100) { edges { node { databaseId name } } } }",
  );
  const autumn = events.edges.map((edge) => edge.node).find((event) => event.name === EVENT);
  if (!autumn) throw new Error("demo event missing");
  await openScreen(page, `/invoices?event=${autumn.databaseId}`, "Rechnungen");
  await expect(page.getByRole("combobox", { name: "Veranstaltung", exact: true })).toContainText(EVENT);

  // the seller (Rechnungssteller) of the district: a non-profit association with its exemption note
  await page.getByRole("button", { name: "Rechnungssteller" }).click();
  const seller = page.getByRole("dialog", { name: "Rechnungssteller" });
  await fill(seller, "Name", "Kreisverband Musterstadt e. V.");
  await fill(seller, "Straße und Hausnummer", "Hauptstraße 1");
  await fill(seller, "PLZ", "70173");
  await fill(seller, "Ort", "Musterstadt");
  await fill(seller, "E-Mail", "kasse@kv-musterstadt.example");
  await fill(seller, "Vereinsregistereintrag", "VR 1234, Amtsgericht Stuttgart");
  await fill(seller, "Hinweis auf die Steuerbefreiung", "Steuerfrei nach § 4 Nr. 22 a UStG");
  await fill(seller, "IBAN", "DE02120300000000202051");
  await seller.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Rechnungssteller gespeichert");

  // the fees: D1 theory 15 €, practice 20 €
  await page.getByRole("button", { name: "Gebühren bearbeiten" }).click();
  const fees = page.getByRole("dialog", { name: "Gebühren bearbeiten" });
  const d1 = fees.getByRole("group", { name: "D1", exact: true });
  await d1.getByRole("textbox", { name: "Theorie", exact: true }).fill("15");
  await d1.getByRole("textbox", { name: "Praxis", exact: true }).fill("20,00");
  await fees.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Gebühren gespeichert");
  await expect(page.getByRole("list", { name: "Gebühren" })).toContainText("D-Prüfung D1 – Theorie: 15,00 €");

  // the demo bills last autumn already (the club's invoice paid): cancelled, so the club is billed anew
  const demo = await graphql<{ invoices: { id: string; kind: string; cancelled: boolean; clubName: string }[] }>(
    page,
    "{ invoices { id kind cancelled clubName } }",
  );
  for (const inForce of demo.invoices.filter((i) => i.clubName === CLUB && i.kind === "INVOICE" && !i.cancelled))
    await graphql(page, "mutation ($id: ID!) { cancelInvoice(id: $id) { id } }", { id: inForce.id });
  await page.reload();

  // issuing asks first, then names how many invoices were written
  await page.getByRole("button", { name: "Rechnungen erstellen" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Ausgestellte Rechnungen können nicht mehr geändert");
  await confirm.getByRole("button", { name: "Rechnungen erstellen" }).click();
  await expectNotice(page, "1 Rechnung(en) erstellt");
  const { invoices } = await graphql<{ invoices: { number: string; totalCents: number; clubName: string; kind: string; cancelled: boolean }[] }>(
    page,
    "query ($event: ID) { invoices(event: $event) { number totalCents clubName kind cancelled } }",
    { event: null },
  );
  const invoice = invoices.find((candidate) => candidate.clubName === CLUB && candidate.kind === "INVOICE" && !candidate.cancelled);
  if (!invoice) throw new Error("invoice missing");
  const row = page.getByRole("table", { name: "Rechnungen der Veranstaltung" }).getByRole("row", { name: new RegExp(`^${invoice.number} `) });
  await expect(row).toContainText(CLUB);
  await expect(row).toContainText("70,00 €");
  await expect(row).toContainText("offen");

  // the club's account: its invoice on "Mein Verein bearbeiten", the PDF downloaded
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const memberContext = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const member = await memberContext.newPage();
  await signIn(member, "member@demo.test");
  await openScreen(member, "/association/edit", "Mein Verein bearbeiten");
  const clubInvoices = member.getByRole("table", { name: "Rechnungen des Vereins" });
  await expect(clubInvoices.getByRole("row", { name: new RegExp(invoice.number) })).toContainText(EVENT);
  const download = member.waitForEvent("download");
  await member.getByRole("button", { name: `PDF der Rechnung ${invoice.number} herunterladen` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Rechnung-.+\.pdf$/);
  expect(
    fs
      .readFileSync((await file.path()) as string)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await memberContext.close();

  // the bank statement pays it: read in, matched, and the invoice shows "bezahlt"
  const today = new Date().toISOString().slice(0, 10);
  const statement = testInfo.outputPath("camt053.xml");
  fs.writeFileSync(statement, camt053(invoice.number, invoice.totalCents, today));
  await page.getByRole("button", { name: "Kontoauszug einlesen" }).click();
  const upload = page.getByRole("dialog", { name: "Kontoauszug einlesen" });
  await upload.locator('input[type="file"]').setInputFiles(statement);
  await expect(upload).toContainText("camt053.xml");
  await upload.getByRole("button", { name: "Einlesen" }).click();
  await expectNotice(page, "Kontoauszug eingelesen");
  const result = page.getByRole("dialog", { name: "Kontoauszug eingelesen" });
  await expect(result.getByRole("status")).toHaveText("camt.053: 1 Gutschrift(en) gelesen, 1 einer Rechnung zugeordnet, 0 nicht zugeordnet.");
  await expect(result.getByRole("row", { name: new RegExp(invoice.number) })).toBeVisible();
  await result.getByRole("button", { name: "Schließen" }).first().click();
  await expect(result).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Rechnungen" })).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: "Rechnungen der Veranstaltung" })
      .getByRole("row", { name: new RegExp(invoice.number) })
      .getByRole("cell")
      .nth(3),
  ).toHaveText(/^bezahlt/);

  // a wrong invoice is cancelled (after a question) by a cancellation invoice and billed anew
  const table = page.getByRole("table", { name: "Rechnungen der Veranstaltung" });
  await page.getByRole("button", { name: `Aktionen für ${invoice.number}` }).click();
  await page.getByRole("menuitem", { name: "Stornieren", exact: true }).click();
  const cancel = page.getByRole("alertdialog");
  await expect(cancel).toContainText(`Möchten Sie die Rechnung ${invoice.number} wirklich stornieren?`);
  await cancel.getByRole("button", { name: "Stornieren" }).click();
  await expectNotice(page, "Rechnung storniert");
  await expect(
    table
      .getByRole("row", { name: new RegExp(`^${invoice.number} `) })
      .getByRole("cell")
      .nth(3),
  ).toHaveText("storniert");
  await expect(
    table
      .getByRole("row", { name: new RegExp(`zu ${invoice.number}`) })
      .getByRole("cell")
      .nth(3),
  ).toHaveText("Stornorechnung");
  await page.getByRole("button", { name: "Rechnungen erstellen" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Rechnungen erstellen" }).click();
  await expectNotice(page, "1 Rechnung(en) erstellt");
  const open = table.getByRole("row").filter({ hasText: "offen" }).filter({ hasText: CLUB });
  await expect(open).toHaveCount(1);
  const second = ((await open.getByRole("cell").first().textContent()) ?? "").trim();

  // paid by hand on a day, then part of it credited
  await page.getByRole("button", { name: `Aktionen für ${second}` }).click();
  await page.getByRole("menuitem", { name: "Als bezahlt markieren", exact: true }).click();
  const paid = page.getByRole("dialog", { name: "Als bezahlt markieren" });
  await expect(paid.getByRole("textbox", { name: "Bezahlt am", exact: true })).not.toHaveValue("");
  await paid.getByRole("button", { name: "Als bezahlt speichern" }).click();
  await expectNotice(page, "Rechnung als bezahlt markiert");
  await expect(
    table
      .getByRole("row", { name: new RegExp(`^${second} `) })
      .getByRole("cell")
      .nth(3),
  ).toHaveText(/^bezahlt/);
  await page.getByRole("button", { name: `Aktionen für ${second}` }).click();
  await page.getByRole("menuitem", { name: "Gutschrift erstellen", exact: true }).click();
  const credit = page.getByRole("dialog", { name: "Gutschrift erstellen" });
  await fill(credit, "Grund der Gutschrift", "Ein Prüfling ist nicht angetreten");
  await fill(credit, "Gutgeschriebene Leistung", "D-Prüfung D1 – Praxis");
  await fill(credit, "Betrag (netto)", "20");
  await credit.getByRole("button", { name: "Gutschrift erstellen" }).click();
  await expectNotice(page, "Gutschrift erstellt");
  await expect(table.getByRole("row", { name: new RegExp(`zu ${second}`) })).toContainText("Gutschrift");
});

test("staff record a club's billing address and SEPA mandate; the IBAN is shown masked afterwards", async ({ page }) => {
  const club = "Jugendblasorchester Nord";
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/association/manage", "Vereinsverwaltung");
  await page.getByRole("button", { name: `Aktionen für ${club}` }).click();
  await page.getByRole("menuitem", { name: "Rechnungsdaten", exact: true }).click();
  let dialog = page.getByRole("dialog", { name: "Rechnungsdaten" });
  await expect(dialog).toContainText("Kein Mandat hinterlegt.");
  await fill(dialog, "Straße und Hausnummer", "Nordring 7");
  await fill(dialog, "PLZ", "70199");
  await fill(dialog, "Ort", "Musterstadt");
  // a typed mandate needs its reference, date and holder: the browser says so before sending
  await fill(dialog, "IBAN des Vereins", "DE12 5001 0517 0648 4898 90");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByRole("textbox", { name: "Mandatsreferenz", exact: true })).toHaveAccessibleDescription("Dieses Feld ist ein Pflichtfeld");
  await fill(dialog, "Mandatsreferenz", "JBO-NORD-1");
  await fill(dialog, "Datum der Unterschrift", "15.01.2026");
  await fill(dialog, "Kontoinhaber", club);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Rechnungsdaten gespeichert");
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: `Aktionen für ${club}` }).click();
  await page.getByRole("menuitem", { name: "Rechnungsdaten", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Rechnungsdaten" });
  await expect(dialog).toContainText("Mandat JBO-NORD-1 vom 15.01.2026, IBAN •••• 9890");
  await expect(dialog.getByRole("textbox", { name: "Straße und Hausnummer", exact: true })).toHaveValue("Nordring 7");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
