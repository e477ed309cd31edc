// The mail of an issued invoice to the club's invoice e-mail (mail/outbox.ts): written in the
// issuing transaction; its files (the Factur-X PDF and the XML) are made when it goes out.
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { enqueueAddressMail } from "../../mail/outbox.ts";
import type { Attachment } from "../../mail/transport.ts";
import { berlinDay } from "../../shared/time.ts";
import { type BuyerSnapshot, KIND_LABEL } from "./einvoice.ts";
import { euro, germanDate, invoicePdf } from "./pdf.ts";
import { documentOf } from "./service.ts";

type Tx = Prisma.TransactionClient;
type Issued = {
  id: number;
  kind: keyof typeof KIND_LABEL;
  number: string;
  eventName: string;
  totalCents: number;
  dueDate: Date;
  districtAssociationId: number;
  buyer: Prisma.JsonValue;
};

/** Writes the mail of each invoice whose club has an invoice e-mail; answers how many. */
export async function mailInvoices(tx: Tx, invoices: readonly Issued[]): Promise<number> {
  let n = 0;
  // one read for the districts of all these invoices (an issuing run is one district's)
  const districtIds = [...new Set(invoices.map((i) => i.districtAssociationId))];
  const districts = new Map(
    (await tx.districtAssociation.findMany({ where: { id: { in: districtIds } }, select: { id: true, name: true, impressLink: true, gdprLink: true } })).map(
      (d) => [d.id, d],
    ),
  );
  for (const i of invoices) {
    const buyer = i.buyer as BuyerSnapshot;
    if (!buyer.email) continue;
    const d = districts.get(i.districtAssociationId);
    await enqueueAddressMail(
      tx,
      buyer.email,
      "invoice",
      {
        label: KIND_LABEL[i.kind],
        number: i.number,
        club: buyer.name,
        event: i.eventName,
        total: euro(i.totalCents),
        due: i.kind === "INVOICE" ? germanDate(i.dueDate.toISOString().slice(0, 10)) : null,
        mandate: i.kind === "INVOICE" ? (buyer.mandate?.reference ?? null) : null,
        ...(d ? { district: { name: d.name, imprint: d.impressLink, privacy: d.gdprLink } } : {}),
      },
      i.id,
    );
    n++;
  }
  return n;
}

/** The files of an invoice's mail: the ZUGFeRD / Factur-X PDF and the XML as issued. */
export async function invoiceAttachments(prisma: PrismaClient, invoiceId: number, now: Date): Promise<Attachment[]> {
  const i = await prisma.invoice.findUnique({
    where: { id: invoiceId },
    include: { lines: { orderBy: { position: "asc" } }, corrects: { select: { number: true, issueDate: true } } },
  });
  if (!i) return [];
  const pdf = await invoicePdf(documentOf(i), berlinDay(now));
  const name = `${KIND_LABEL[i.kind]}_${i.number}`;
  return [
    { filename: `${name}.pdf`, content: Buffer.from(pdf), contentType: "application/pdf" },
    { filename: `${name}.xml`, content: Buffer.from(i.xml, "utf8"), contentType: "application/xml" },
  ];
}
