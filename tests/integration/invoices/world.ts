// Fixtures of the invoice tests: a district's seller data, an event past its deadline with a fee
// table, and live and cancelled registrations of clubs.
import type { PrismaClient } from "../../../server/src/generated/prisma/client.ts";
import { startTestApp } from "../../support/app.ts";
import { createWorld } from "../../support/principals.ts";

export const SELLER = {
  name: "Kreisverband Eins e. V.",
  street: "Hauptstraße 1",
  postcode: "12345",
  city: "Musterstadt",
  country: "DE",
  email: "kasse@kv-eins.example",
  taxNumber: "123/456/78901",
  registrationId: "VR 1234, Amtsgericht Musterstadt",
  exemptionNote: "Umsatzsteuerfrei nach § 4 Nr. 22 Buchst. a UStG",
  iban: "DE02120300000000202051",
  bic: "BYLADEM1001",
  creditorId: "DE98ZZZ09999999999",
};

/** A D-exam event of the district whose registration deadline has passed, with fees (cents). */
export async function pastDexamEvent(prisma: PrismaClient, districtAssociationId: number, name = "D-Prüfungen Herbst") {
  const now = Date.now();
  const e = await prisma.event.create({
    data: {
      name,
      districtAssociationId,
      formType: "DEXAM",
      registrationDeadline: new Date(now - 2 * 86_400_000),
      startPublishing: new Date(now - 30 * 86_400_000),
      finishPublishing: new Date(now + 30 * 86_400_000),
      start: new Date(now + 7 * 86_400_000),
      privacyPolicy: "p",
      fees: {
        create: [
          { item: "dexam:D1:theory", amountCents: 1500 },
          { item: "dexam:D1:practice", amountCents: 2550 },
          { item: "dexam:D2:theory", amountCents: 2000 },
        ],
      },
      feeSchedule: { create: { lateFrom: new Date(now - 10 * 86_400_000), lateFeeCents: 1000 } },
    },
  });
  return e.id;
}

let seq = 0;
/** A D-exam registration of the club (created now: after the late date of pastDexamEvent). */
export async function dexamRegistration(
  prisma: PrismaClient,
  eventId: number,
  associationId: number,
  over: { type?: "D1" | "D2" | "D3"; cancelled?: boolean; partialResultType?: "THEORY" | "PRACTICE"; createdAt?: Date } = {},
) {
  const r = await prisma.dexamRegistration.create({
    data: {
      eventId,
      associationId,
      firstname: "Kim",
      lastname: `Muster${++seq}`,
      birthdate: new Date("2012-01-01"),
      gender: "F",
      instrument: "CLARINET",
      type: over.type ?? "D1",
      partialResultType: over.partialResultType ?? null,
      cancelledAt: over.cancelled ? new Date() : null,
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
    },
  });
  return r.id;
}

/**
 * A test app with the principals' world and district 1's seller data set through GraphQL by
 * invoice_manage: the app, the world, a token per principal name and invoice_manage's.
 */
export async function sellerWorld() {
  const app = await startTestApp();
  const world = await createWorld(app.db.prisma);
  const t: Record<string, string> = {};
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const manage = t["role:invoice_manage"] as string;
  const res = await app.gql("mutation($input: InvoiceSellerInput!) { setInvoiceSeller(input: $input) { name } }", { input: SELLER }, manage);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { app, world, t, manage };
}
