// The German e-invoice (docs/decisions.md "Invoices"): an issued invoice as EN 16931 CII XML and as
// ZUGFeRD / Factur-X PDF/A-3 (the printed PDF with the XML embedded), both made by the kept library
// @e-invoice-eu/core from its internal (UBL-shaped) invoice data, which `invoiceData` builds from
// the invoice as stored. Profile EN 16931 ("urn:cen.eu:en16931:2017"), checked in the suite against
// the CII schema and the official EN 16931 rules (tests/fixtures/en16931-cii).
import { type Invoice as EInvoice, FormatFactoryService, invoiceSchema } from "@e-invoice-eu/core";
import { Ajv2019, type ValidateFunction } from "ajv/dist/2019.js";

/** The seller as copied into an invoice at issuing (InvoiceSeller). */
export type SellerSnapshot = {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  email: string;
  phone: string | null;
  taxNumber: string | null;
  vatId: string | null;
  /** Vereinsregister entry (BT-30) */
  registrationId: string | null;
  exemptionNote: string | null;
  vatRateBasisPoints: number;
  iban: string;
  bic: string | null;
  bankName: string | null;
  creditorId: string | null;
};

/** The buyer (the club) as copied into an invoice at issuing. */
export type BuyerSnapshot = {
  name: string;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string;
  email: string | null;
  buyerReference: string | null;
  /** a SEPA mandate at issuing: the invoice is paid by direct debit (payment means 59) */
  mandate: { reference: string; iban: string } | null;
};

export type InvoiceDocument = {
  kind: "INVOICE" | "CANCELLATION" | "CREDIT_NOTE";
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  dueDate: string;
  /** the day of the service (Leistungsdatum) */
  serviceDate: string;
  eventName: string;
  /** the number and date of the invoice a cancellation or credit note corrects */
  corrects: { number: string; issueDate: string } | null;
  seller: SellerSnapshot;
  buyer: BuyerSnapshot;
  lines: { position: number; item: string; description: string; quantity: number; unitCents: number; netCents: number }[];
  netCents: number;
  vatCents: number;
  totalCents: number;
};

/** UNTDID 1001 document type codes: commercial invoice, corrected invoice (cancellation), credit note. */
const TYPE_CODE = { INVOICE: "380", CANCELLATION: "384", CREDIT_NOTE: "381" } as const;
export const KIND_LABEL = { INVOICE: "Rechnung", CANCELLATION: "Stornorechnung", CREDIT_NOTE: "Gutschrift" } as const;

const eur = (cents: number) => (cents / 100).toFixed(2);

/**
 * The library's invoice data of one issued invoice (pure). A cancellation carries the original's
 * lines with negative quantities; a credit note (381) positive amounts, as EN 16931 wants.
 */
export function invoiceData(doc: InvoiceDocument): EInvoice {
  const { seller, buyer } = doc;
  const exempt = seller.exemptionNote != null;
  const category = exempt ? "E" : "S";
  const percent = exempt ? "0" : (seller.vatRateBasisPoints / 100).toFixed(2);
  const taxCategory = { "cbc:ID": category, "cbc:Percent": percent, "cac:TaxScheme": { "cbc:ID": "VAT" } };
  const sellerTax = [
    ...(seller.vatId ? [{ "cbc:CompanyID": seller.vatId, "cac:TaxScheme": { "cbc:ID": "VAT" } }] : []),
    ...(seller.taxNumber ? [{ "cbc:CompanyID": seller.taxNumber, "cac:TaxScheme": { "cbc:ID": "FC" } }] : []),
  ];
  const notes = [`${KIND_LABEL[doc.kind]} ${doc.number} – ${doc.eventName}`];
  if (doc.corrects) notes.push(`${doc.kind === "CANCELLATION" ? "Storno" : "Gutschrift"} zur Rechnung ${doc.corrects.number} vom ${doc.corrects.issueDate}`);
  if (exempt) notes.push(seller.exemptionNote as string);
  const paymentMeans =
    buyer.mandate && doc.kind === "INVOICE"
      ? {
          "cbc:PaymentMeansCode": "59",
          "cbc:PaymentID": doc.number,
          "cac:PaymentMandate": { "cbc:ID": buyer.mandate.reference, "cac:PayerFinancialAccount": { "cbc:ID": buyer.mandate.iban } },
        }
      : {
          "cbc:PaymentMeansCode": "58",
          "cbc:PaymentID": doc.number,
          "cac:PayeeFinancialAccount": {
            "cbc:ID": seller.iban,
            "cbc:Name": seller.name,
            ...(seller.bic ? { "cac:FinancialInstitutionBranch": { "cbc:ID": seller.bic } } : {}),
          },
        };
  const address = (a: { street: string | null; postcode: string | null; city: string | null; country: string }) => ({
    ...(a.street ? { "cbc:StreetName": a.street } : {}),
    ...(a.city ? { "cbc:CityName": a.city } : {}),
    ...(a.postcode ? { "cbc:PostalZone": a.postcode } : {}),
    "cac:Country": { "cbc:IdentificationCode": a.country },
  });
  const sign = doc.kind === "CANCELLATION" ? -1 : 1;
  const data = {
    "ubl:Invoice": {
      "cbc:CustomizationID": "urn:cen.eu:en16931:2017",
      "cbc:ID": doc.number,
      "cbc:IssueDate": doc.issueDate,
      ...(doc.totalCents > 0 || doc.kind === "INVOICE" ? { "cbc:DueDate": doc.dueDate } : {}),
      "cbc:InvoiceTypeCode": TYPE_CODE[doc.kind],
      "cbc:Note": notes,
      "cbc:DocumentCurrencyCode": "EUR",
      ...(buyer.buyerReference ? { "cbc:BuyerReference": buyer.buyerReference } : {}),
      ...(doc.corrects
        ? { "cac:BillingReference": [{ "cac:InvoiceDocumentReference": { "cbc:ID": doc.corrects.number, "cbc:IssueDate": doc.corrects.issueDate } }] }
        : {}),
      "cac:AccountingSupplierParty": {
        "cac:Party": {
          "cbc:EndpointID": seller.email,
          "cbc:EndpointID@schemeID": "EM",
          ...(seller.creditorId ? { "cac:PartyIdentification": [{ "cbc:ID": seller.creditorId, "cbc:ID@schemeID": "SEPA" }] } : {}),
          "cac:PostalAddress": address(seller),
          ...(sellerTax.length ? { "cac:PartyTaxScheme": sellerTax } : {}),
          "cac:PartyLegalEntity": { "cbc:RegistrationName": seller.name, ...(seller.registrationId ? { "cbc:CompanyID": seller.registrationId } : {}) },
          "cac:Contact": { "cbc:Name": seller.name, ...(seller.phone ? { "cbc:Telephone": seller.phone } : {}), "cbc:ElectronicMail": seller.email },
        },
      },
      "cac:AccountingCustomerParty": {
        "cac:Party": {
          ...(buyer.email ? { "cbc:EndpointID": buyer.email, "cbc:EndpointID@schemeID": "EM" } : {}),
          "cac:PostalAddress": address(buyer),
          "cac:PartyLegalEntity": { "cbc:RegistrationName": buyer.name },
        },
      },
      "cac:Delivery": { "cbc:ActualDeliveryDate": doc.serviceDate },
      "cac:PaymentMeans": [paymentMeans],
      "cac:PaymentTerms": {
        "cbc:Note": doc.kind === "INVOICE" ? `Zahlbar bis ${doc.dueDate} ohne Abzug.` : "Der Betrag wird erstattet oder verrechnet.",
      },
      "cac:TaxTotal": [
        {
          "cbc:TaxAmount": eur(doc.vatCents),
          "cbc:TaxAmount@currencyID": "EUR",
          "cac:TaxSubtotal": [
            {
              "cbc:TaxableAmount": eur(doc.netCents),
              "cbc:TaxableAmount@currencyID": "EUR",
              "cbc:TaxAmount": eur(doc.vatCents),
              "cbc:TaxAmount@currencyID": "EUR",
              "cac:TaxCategory": {
                ...taxCategory,
                ...(exempt ? { "cbc:TaxExemptionReason": seller.exemptionNote } : {}),
              },
            },
          ],
        },
      ],
      "cac:LegalMonetaryTotal": {
        "cbc:LineExtensionAmount": eur(doc.netCents),
        "cbc:LineExtensionAmount@currencyID": "EUR",
        "cbc:TaxExclusiveAmount": eur(doc.netCents),
        "cbc:TaxExclusiveAmount@currencyID": "EUR",
        "cbc:TaxInclusiveAmount": eur(doc.totalCents),
        "cbc:TaxInclusiveAmount@currencyID": "EUR",
        "cbc:PayableAmount": eur(doc.totalCents),
        "cbc:PayableAmount@currencyID": "EUR",
      },
      "cac:InvoiceLine": doc.lines.map((l) => ({
        "cbc:ID": String(l.position),
        "cbc:InvoicedQuantity": String(sign * l.quantity),
        "cbc:InvoicedQuantity@unitCode": "C62",
        "cbc:LineExtensionAmount": eur(l.netCents),
        "cbc:LineExtensionAmount@currencyID": "EUR",
        "cac:Item": { "cbc:Name": l.description, "cac:SellersItemIdentification": { "cbc:ID": l.item }, "cac:ClassifiedTaxCategory": taxCategory },
        "cac:Price": { "cbc:PriceAmount": eur(l.unitCents), "cbc:PriceAmount@currencyID": "EUR" },
      })),
    },
  };
  return data as unknown as EInvoice;
}

// The library's InvoiceService compiles its JSON schema of the invoice data on every call (about a
// second each, too slow for issuing hundreds of invoices): this runs the same steps (its format
// service, the schema patched for the format, defaults, generate) with the schema compiled once per
// format. What fails names the library's findings.
const factory = new FormatFactoryService();
const validators = new Map<string, ValidateFunction>();
const silent = { log() {}, warn() {}, error() {} };

async function generate(doc: InvoiceDocument, options: { format: string; pdf?: { buffer: Uint8Array; filename: string; mimetype: string } }) {
  const format = factory.normalizeFormat(options.format);
  const formatter = factory.createFormatService(format, silent);
  let validate = validators.get(format);
  if (!validate) {
    const schema = structuredClone(invoiceSchema);
    formatter.patchSchema(schema);
    validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
    validators.set(format, validate);
  }
  const invoice = structuredClone(invoiceData(doc));
  if (!validate(invoice)) throw new Error(`E-Rechnung ${doc.number}: ${JSON.stringify(validate.errors)}`);
  formatter.fillInvoiceDefaults(invoice);
  return formatter.generate(invoice, { lang: "de-de", noWarnings: true, ...options, format });
}

/** The EN 16931 CII XML of an invoice. */
export async function ciiXml(doc: InvoiceDocument): Promise<string> {
  const out = await generate(doc, { format: "CII" });
  return typeof out === "string" ? out : Buffer.from(out).toString("utf8");
}

/**
 * The ZUGFeRD / Factur-X PDF (profile EN 16931): `pdf` (the printed invoice) turned PDF/A-3 by the
 * library, with the XML as the associated file factur-x.xml and the Factur-X XMP metadata.
 */
export async function facturX(doc: InvoiceDocument, pdf: Uint8Array): Promise<Uint8Array> {
  const out = await generate(doc, {
    format: "Factur-X-EN16931",
    pdf: { buffer: pdf, filename: `${doc.number}.pdf`, mimetype: "application/pdf" },
  });
  return typeof out === "string" ? Buffer.from(out) : out;
}
