// The authorization matrix (pretix style): every operation of shared/permissions.ts, called over
// GraphQL and /v1 by single-role principals in two districts, members of clubs in both, and
// anonymous callers. The expectations below are written from the spec, independently of the
// table, so removing a role from the table fails here. A GraphQL root field or /v1 route that
// the table does not name fails too.

import fs from "node:fs";
import { type FieldDefinitionNode, type ObjectTypeDefinitionNode, parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOORS, type Operation, PERMISSIONS } from "../../../server/src/auth/permissions.ts";
import { encryptJson } from "../../../server/src/crypto/aead.ts";
import { addDays, berlinDay } from "../../../server/src/shared/time.ts";
import { fillPracticeSheet, pcJurorWorkbook, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid as globalId } from "../../support/fixtures.ts";
import { createWorld, PRINCIPAL_NAMES, type World } from "../../support/principals.ts";
import { dexamRegistration, pastDexamEvent } from "../invoices/world.ts";

let app: TestApp;
let world: World;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) tokens[name] = await app.token(sub);
});
afterAll(() => app.stop());

type Outcome = "allowed" | "denied" | "notFound";
type Result = { outcome: Outcome | "unauthenticated"; detail: unknown };
/** who: a principal name of the world, or null for an anonymous caller */
type Call = { via: string; run: (who: string | null) => Promise<Result> };

let seq = 0;

/** Fresh rows per call, so one principal's successful change never affects the next. */
const fresh = {
  club: async (districtAssociationId = world.district1) =>
    (await app.db.prisma.association.create({ data: { name: `Verein ${++seq}`, districtAssociationId } })).id,
  user: async (data: { blocked?: boolean; lastActive?: Date } = {}) =>
    (
      await app.db.prisma.user.create({
        data: { email: `u${++seq}@test.example`, firstname: "F", lastname: `L${seq}`, districtAssociationId: world.district1, ...data },
      })
    ).id,
  event: async (published = false, formType: "DEXAM" | "COMPETITION" = "DEXAM") => {
    const now = Date.now();
    const e = await app.db.prisma.event.create({
      data: {
        name: `Veranstaltung ${++seq}`,
        districtAssociationId: world.district1,
        formType,
        registrationDeadline: new Date(now + 30 * 86400_000),
        startPublishing: new Date(now + (published ? -86400_000 : 86400_000)),
        finishPublishing: new Date(now + 60 * 86400_000),
        privacyPolicy: "p",
        locations: {
          create: [
            { name: "Ort", type: formType === "DEXAM" ? "DEXAM_THEORY" : "COMPETITION", street: "S", city: "C", dexamTypes: ["D1"] },
            ...(formType === "DEXAM"
              ? [{ name: "Praxis", type: "DEXAM_PRACTICE" as const, street: "S", city: "C", dexamTypes: ["D1" as const], instruments: ["FLUTE" as const] }]
              : []),
          ],
        },
      },
      include: { locations: { orderBy: { id: "asc" } } },
    });
    return { id: e.id, locationId: e.locations[0].id, practiceLocationId: e.locations[1]?.id ?? -1 };
  },
  /** a slot in a fresh event's theory location whose rules are saved (version 1) */
  slot: async () => {
    const e = await fresh.event();
    await app.db.prisma.timetableRules.create({
      data: { locationId: e.locationId, rooms: ["Saal"], days: [{ day: "2031-02-08", start: 540, end: 720, breaks: [] }] },
    });
    const slot = await app.db.prisma.timetableSlot.create({
      data: {
        eventId: e.id,
        locationId: e.locationId,
        part: "THEORY",
        registrationId: 900_000 + ++seq,
        room: "Saal",
        day: new Date("2031-02-08"),
        startMinute: 540,
        endMinute: 630,
      },
    });
    return { slotId: slot.id, locationId: e.locationId };
  },
  district: async () =>
    (
      await app.db.prisma.districtAssociation.create({
        data: { name: `KV ${++seq}`, iamRef: `x${seq}`, gdprLink: "https://e.test/g", impressLink: "https://e.test/i" },
      })
    ).id,
};

async function tokenOf(who: string | null): Promise<string | null> {
  return who === null ? null : tokens[who];
}

function interpretGql(status: number, body: { data?: any; errors?: { extensions?: { code?: string } }[] }, pick: (d: any) => unknown): Result {
  if (status === 401) return { outcome: "unauthenticated", detail: body };
  const code = body.errors?.[0]?.extensions?.code;
  if (code === "FORBIDDEN" || code === "BLOCKED" || code === "UNAUTHENTICATED") return { outcome: "denied", detail: body };
  if (code === "NOT_FOUND" || (body.data && pick(body.data) === null)) return { outcome: "notFound", detail: body };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return { outcome: "allowed", detail: body.data };
}

/** the change history of one record */
const AUDIT = "query($id: ID!) { auditTrail(id: $id) { edges { node { action changedFields } } } }";

/** A webhook endpoint of district 1 (http: the matrix's app does not deliver). */
const freshEndpoint = async () =>
  (
    await app.db.prisma.webhookEndpoint.create({
      data: {
        districtAssociationId: world.district1,
        url: `https://hooks.example.org/${++seq}`,
        eventTypes: ["association.created"],
        secretEncrypted: new Uint8Array([1]),
      },
    })
  ).id;

/** The stored version of a record: a GraphQL update sends the version it is based on (required). */
async function versionOf(model: "association" | "dexamRegistration" | "competitionRegistration", id: number): Promise<number> {
  const row = await (app.db.prisma[model] as unknown as { findUniqueOrThrow(a: object): Promise<{ version: number }> }).findUniqueOrThrow({ where: { id } });
  return row.version;
}

function gqlCall(
  query: string,
  variables: () => Promise<Record<string, unknown>> | Record<string, unknown> = () => ({}),
  pick: (data: any) => unknown = (d) => d,
): Call {
  return {
    via: `graphql ${query.replace(/\s+/g, " ").slice(0, 70)}`,
    run: async (who) => {
      const { status, body } = await app.gql(query, await variables(), await tokenOf(who));
      return interpretGql(status, body, pick);
    },
  };
}

function restCall(method: string, url: () => Promise<string> | string, body?: () => Promise<unknown> | unknown, label = url.toString()): Call {
  return {
    via: `${method} ${label}`,
    run: async (who) => {
      const res = await app.rest(method, await url(), await tokenOf(who), await body?.());
      if (res.status === 401) return { outcome: "unauthenticated", detail: res.body };
      if (res.status === 403) return { outcome: "denied", detail: res.body };
      if (res.status === 404) return { outcome: "notFound", detail: res.body };
      if (res.status >= 400) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
      return { outcome: "allowed", detail: res.body };
    },
  };
}

/** A multipart upload; `files` builds fresh files per call (each principal uploads its own). */
function uploadCall(url: () => Promise<string> | string, field: string, files: () => Promise<{ name: string; data: Uint8Array }[]>, label: string): Call {
  return {
    via: `POST ${label} (multipart)`,
    run: async (who) => {
      const res = await upload(app, await url(), await tokenOf(who), field, await files());
      if (res.status === 401) return { outcome: "unauthenticated", detail: res.body };
      if (res.status === 403) return { outcome: "denied", detail: res.body };
      if (res.status === 404) return { outcome: "notFound", detail: res.body };
      if (res.status >= 400) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
      return { outcome: "allowed", detail: res.body };
    },
  };
}

/** The own account: each call acts as a fresh copy of the principal (same roles, district, clubs). */
function asCopyOf(call: (token: string | null) => Promise<Result>, via: string): Call {
  return {
    via,
    run: async (who) => {
      if (who === null) return call(null);
      const original = await app.db.prisma.user.findUniqueOrThrow({ where: { subject: world.subjects[who] }, include: { associations: true } });
      const copy = await app.db.prisma.user.create({
        data: {
          subject: `copy-${++seq}`,
          email: `copy${seq}@test.example`,
          firstname: "C",
          lastname: "C",
          roles: original.roles,
          blocked: original.blocked,
          districtAssociationId: original.districtAssociationId,
          associations: { create: original.associations.map((a) => ({ associationId: a.associationId })) },
        },
      });
      return call(await app.token(copy.subject as string));
    },
  };
}

let hidden: { id: number; locationId: number };
let open: { id: number; locationId: number; practiceLocationId: number };
/** a D-exam event whose practice location publishes results */
let published: { id: number; locationId: number; practiceLocationId: number };
beforeAll(async () => {
  published = await fresh.event(true);
  await app.db.prisma.eventLocation.update({ where: { id: published.practiceLocationId }, data: { publishResults: true } });
  // an unpublished event of district 1: only its staff (and admin) see it
  hidden = await fresh.event(false);
  // a published, open D-exam event of district 1, and a member with a complete profile
  open = await fresh.event(true);
  openCompetition = await fresh.event(true, "COMPETITION");
  // consent forms exist for D-exam camps only
  openCamp = await fresh.event(true);
  await app.db.prisma.event.update({ where: { id: openCamp.id }, data: { formType: "DEXAM_CAMP" } });
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
});

let openCompetition: { id: number; locationId: number };
let openCamp: { id: number; locationId: number };
const competitionOfClub1 = async () =>
  (
    await app.db.prisma.competitionRegistration.create({
      data: {
        eventId: openCompetition.id,
        name: "Ensemble",
        associationId: world.club1,
        type: "K",
        cast: "B",
        category: "CAT_3",
        conductorName: "D",
        numberOfMusicians: 30,
      },
    })
  ).id;
const competitionInput = () => ({
  name: "Blasorchester",
  associationId: world.club1,
  type: "K",
  cast: "B",
  category: "CAT_3",
  conductorName: "Dirigent",
  numberOfMusicians: 40,
  gdprAccepted: true,
});
const competitionBody = () => ({
  name: "Blasorchester",
  association_id: world.club1,
  type: "K",
  cast: "B",
  category: 3,
  conductor_name: "Dirigent",
  number_of_musicians: 40,
  gdpr_accepted: true,
});

const registrationOfClub1 = async (withConsentForm = false) =>
  (
    await app.db.prisma.dexamRegistration.create({
      data: {
        ...(withConsentForm
          ? {
              consentFormFileId: (
                await app.db.prisma.storedFile.create({
                  data: { name: "e.pdf", mimeType: "application/pdf", size: 9, sha256: "x", data: new Uint8Array(Buffer.from("%PDF-1.4\n")) },
                })
              ).id,
            }
          : {}),
        eventId: open.id,
        firstname: "K",
        lastname: "L",
        birthdate: new Date("2012-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
        theoryLocationId: open.locationId,
      },
    })
  ).id;
/**
 * A camp registration of club 1 with camp data and a consent form, registered by `registrant`
 * (default: another account of club 1, never a principal): the principal "member" is then an
 * account of the same club that did not register the child.
 */
const campRegistrationOfClub1 = async (registrant = world.userIds.target) =>
  (
    await app.db.prisma.dexamRegistration.create({
      data: {
        consentFormFileId: (
          await app.db.prisma.storedFile.create({
            data: { name: "e.pdf", mimeType: "application/pdf", size: 9, sha256: "x", data: new Uint8Array(Buffer.from("%PDF-1.4\n")) },
          })
        ).id,
        campDataEncrypted: new Uint8Array(
          encryptJson(app.services.dataKey, {
            allergies: "Nüsse",
            mealRequest: "VEGAN",
            vaccinations: [],
            emergencyContacts: [{ name: "Mama", phone: "0711" }],
          }),
        ),
        userId: registrant,
        eventId: openCamp.id,
        firstname: "C",
        lastname: "Camp",
        birthdate: new Date("2012-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
        theoryLocationId: openCamp.locationId,
      },
    })
  ).id;
/** Reads a registration's camp data: "allowed" with the values, "denied" when withheld ("Angaben zur Freizeit vorhanden"), "notFound" when the registration is not readable. */
function campDataCall(via: "graphql" | "rest"): Call {
  return {
    via: via === "graphql" ? "graphql node { camp campDataWithheld }" : "GET /v1/registration/dexam/:id (camp_extension)",
    run: async (who) => {
      const id = await campRegistrationOfClub1();
      if (via === "graphql") {
        const q = "query($id: ID!) { node(id: $id) { ... on DexamRegistration { camp { allergies } campDataWithheld } } }";
        const { status, body } = await app.gql(q, { id: globalId("DexamRegistration", id) }, await tokenOf(who));
        const r = interpretGql(status, body, (d) => d.node);
        if (r.outcome !== "allowed") return r;
        const node = (r.detail as { node: { camp: { allergies: string } | null; campDataWithheld: boolean } }).node;
        if (node.campDataWithheld && node.camp === null) return { outcome: "denied", detail: node };
        if (!node.campDataWithheld && node.camp?.allergies === "Nüsse") return { outcome: "allowed", detail: node };
        throw new Error(JSON.stringify(node));
      }
      const res = await app.rest("GET", `/v1/registration/dexam/${id}`, await tokenOf(who));
      if (res.status === 401) return { outcome: "unauthenticated", detail: res.body };
      if (res.status === 403) return { outcome: "denied", detail: res.body };
      if (res.status === 404) return { outcome: "notFound", detail: res.body };
      if (res.body.camp_data_withheld && res.body.camp_extension === null) return { outcome: "denied", detail: res.body };
      if (!res.body.camp_data_withheld && res.body.camp_extension?.allergies === "Nüsse") return { outcome: "allowed", detail: res.body };
      throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    },
  };
}
/** a cancelled registration of club 1 (D-exam or competition): deleted on an erasure request only */
const cancelledOfClub1 = async (kind: "dexam" | "competition") => {
  const id = kind === "dexam" ? await registrationOfClub1() : await competitionOfClub1();
  const data = { cancelledAt: new Date() };
  if (kind === "dexam") await app.db.prisma.dexamRegistration.update({ where: { id }, data });
  else await app.db.prisma.competitionRegistration.update({ where: { id }, data });
  return id;
};
/** a registration of club 1 in a camp that has ended, with camp data (a meal request) and a consent form */
let endedCamp: { id: number; locationId: number } | undefined;
const endedCampRegistrationOfClub1 = async () => {
  if (!endedCamp) {
    endedCamp = await fresh.event(true);
    await app.db.prisma.event.update({
      where: { id: endedCamp.id },
      data: { formType: "DEXAM_CAMP", start: new Date(Date.now() - 10 * 86400_000), end: new Date(Date.now() - 5 * 86400_000) },
    });
  }
  const id = await registrationOfClub1(true);
  await app.db.prisma.dexamRegistration.update({
    where: { id },
    data: { eventId: endedCamp.id, theoryLocationId: endedCamp.locationId, mealRequest: "VEGAN" },
  });
  return id;
};
/** A call whose refusal for some callers is a conflict (409: the club may not delete a cancelled registration): counted as denied. */
function conflictDenied(call: Call): Call {
  return {
    via: call.via,
    run: async (who) => {
      try {
        return await call.run(who);
      } catch (e) {
        if (/^409 |"CONFLICT"/.test(String((e as Error).message))) return { outcome: "denied", detail: (e as Error).message };
        throw e;
      }
    },
  };
}
/** a registration of club 1 at the open event's practice location: its blank sheet, filled with 50 points */
const filledSheetOfClub1 = async () => {
  const id = await app.db.prisma.dexamRegistration
    .create({
      data: {
        eventId: open.id,
        firstname: "P",
        lastname: "Praxis",
        birthdate: new Date("2012-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
        practiceLocationId: open.practiceLocationId,
      },
    })
    .then((r) => r.id);
  const zip = await app.rest("GET", `/v1/export/location/${open.practiceLocationId}/dexam/blank_practice_sheets`, tokens.admin);
  const [name, data] = Object.entries(unzip(zip.raw)).find(([n]) => n.startsWith(`Praxisbogen_R${id}_`))!;
  return [{ name, data: await fillPracticeSheet(data, 50) }];
};
/** a registration of club 1 with a stored practice sheet at the published practice location */
const sheetOfClub1 = async () => {
  const file = await app.db.prisma.storedFile.create({
    data: {
      name: "Praxisbogen.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      size: 2,
      sha256: "x",
      data: new Uint8Array([80, 75]),
    },
  });
  return (
    await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: published.id,
        firstname: "S",
        lastname: "Sheet",
        birthdate: new Date("2012-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
        practiceLocationId: published.practiceLocationId,
        practicePoints: 40,
        practiceSheetFileId: file.id,
      },
    })
  ).id;
};
/**
 * theory passed (30 points) at a theory location that publishes its results, practice failed: the
 * theory part can be taken over (members count published parts only)
 */
const passedTheoryOfClub1 = async () => {
  const id = await registrationOfClub1();
  const published = await app.db.prisma.eventLocation.create({
    data: { eventId: open.id, name: "Theorie veröffentlicht", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"], publishResults: true },
  });
  await app.db.prisma.dexamRegistration.update({
    where: { id },
    data: { theoryPoints: 30, practicePoints: 20, theoryLocationId: published.id, practiceLocationId: open.practiceLocationId },
  });
  return id;
};
const dexamInput = () => ({
  firstname: "Kim",
  lastname: "Lang",
  birthdate: "2012-01-01",
  gender: "F",
  associationId: world.club1,
  instrument: "FLUTE",
  type: "D1",
  theoryLocationId: open.locationId,
  gdprAccepted: true,
});
const dexamBody = () => ({
  firstname: "Kim",
  lastname: "Lang",
  birthdate: "2012-01-01",
  gender: "f",
  association_id: world.club1,
  instrument: "Flute",
  type: "D1",
  theory_location_id: open.locationId,
  gdpr_accepted: true,
});

const eventInput = {
  name: "Neu",
  editPhase: "NO_RESTRICTIONS",
  registrationDeadline: "2099-03-01",
  startPublishing: "2099-01-01T00:00:00Z",
  finishPublishing: "2099-06-01T00:00:00Z",
  privacyPolicy: "p",
};
const eventBody = {
  name: "Neu",
  form_type: "dexam",
  edit_phase: "NoRestrictions",
  registration_deadline: "2099-03-01",
  start_publishing: "2099-01-01T00:00:00Z",
  finish_publishing: "2099-06-01T00:00:00Z",
  privacy_policy: "p",
};
const locationInput = {
  name: "Ort",
  type: "DEXAM_THEORY",
  street: "S",
  city: "C",
  start: "2099-05-01T08:00:00Z",
  end: "2099-05-01T12:00:00Z",
  dexamTypes: ["D1"],
};
const locationBody = {
  name: "Ort",
  type: "DExamTheory",
  address: { street: "S", city: "C" },
  start: "2099-05-01T08:00:00Z",
  end: "2099-05-01T12:00:00Z",
  available_sub_types: ["D1"],
};

const profile = { firstname: "Vera", lastname: "Profil", phone: "+49711555", street: "Weg 1", postcode: "70173", city: "Stadt", country: "Deutschland" };
const districtInput = { name: "KV Neu", iamRef: "neu", gdprLink: "https://e.test/g", impressLink: "https://e.test/i" };

// --- invoices start
/** The seller data of district 1 (issuing needs them), written once. */
const sellerOfDistrict1 = () =>
  app.db.prisma.invoiceSeller.upsert({
    where: { districtAssociationId: world.district1 },
    create: { districtAssociationId: world.district1, ...INVOICE_SELLER },
    update: {},
  });
const INVOICE_SELLER = {
  name: "KV Eins e. V.",
  street: "Weg 1",
  postcode: "12345",
  city: "Stadt",
  country: "DE",
  email: "kasse@kv-eins.example",
  vatId: "DE123456789",
  iban: "DE02120300000000202051",
};
/** A fresh event of district 1 past its deadline with a fee and a live registration of club 1. */
const billableEventOfDistrict1 = async () => {
  await sellerOfDistrict1();
  const id = await pastDexamEvent(app.db.prisma, world.district1, `Abrechnung ${++seq}`);
  await dexamRegistration(app.db.prisma, id, world.club1);
  return id;
};
/** A fresh issued invoice of club 1. */
const invoiceOfClub1 = async () =>
  (
    await app.db.prisma.invoice.create({
      data: {
        districtAssociationId: world.district1,
        associationId: world.club1,
        number: `M-${++seq}`,
        issueDate: new Date(),
        dueDate: new Date(),
        serviceDate: new Date(),
        eventName: "E",
        seller: {
          ...INVOICE_SELLER,
          phone: null,
          taxNumber: null,
          registrationId: null,
          exemptionNote: null,
          vatRateBasisPoints: 1900,
          bic: null,
          bankName: null,
          creditorId: null,
        },
        buyer: { name: "MV Eins", street: null, postcode: null, city: null, country: "DE", email: null, buyerReference: null, mandate: null },
        netCents: 1000,
        vatCents: 190,
        totalCents: 1190,
        xml: "<x/>",
        createdBy: "matrix",
        lines: { create: [{ position: 1, item: "dexam:D1:theory", description: "T", quantity: 1, unitCents: 1000, netCents: 1000 }] },
      },
    })
  ).id;
/** An invoice of club 1 due today, club 1 with a SEPA mandate, district 1's seller with a creditor id. */
const dueDebitOfDistrict1 = async () => {
  await sellerOfDistrict1();
  await app.db.prisma.invoiceSeller.update({ where: { districtAssociationId: world.district1 }, data: { creditorId: "DE98ZZZ09999999999" } });
  const account = { iban: "DE89370400440532013000", bic: null, holder: "MV Eins" };
  const mandate = {
    reference: "MV-EINS-1",
    signedOn: new Date("2026-01-01"),
    accountEncrypted: new Uint8Array(encryptJson(app.services.dataKey, account)),
    ibanLast4: "3000",
  };
  await app.db.prisma.sepaMandate.upsert({ where: { associationId: world.club1 }, create: { associationId: world.club1, ...mandate }, update: {} });
  await invoiceOfClub1();
  return { input: { districtAssociation: globalId("DistrictAssociation", world.district1), collectionDate: tomorrow() } };
};
const tomorrow = () => addDays(berlinDay(new Date()), 1);
/** A bank statement with one credit naming no invoice (a fresh message id each time: a file is read once). */
const camtFile = () =>
  `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M${++seq}</MsgId><CreDtTm>2026-11-02T06:00:00</CreDtTm></GrpHdr><Stmt><Id>S${seq}</Id><Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-02</Dt></BookgDt><AcctSvcrRef>R${seq}</AcctSvcrRef></Ntry></Stmt></BkToCstmrStmt></Document>`;
// --- invoices end

/** How each operation is called; a row per operation of the table is required. */
const CALLS: Record<Operation, Call[]> = {
  "viewer.read": [gqlCall("{ viewer { id email } }"), restCall("GET", () => "/v1/user/0")],
  "districtAssociation.list": [
    gqlCall("{ districtAssociations { id name gdprLink } }"),
    gqlCall("{ overviewDistrictAssociations { id name } }"),
    restCall("GET", () => "/v1/districtassociations"),
  ],
  "districtAssociation.read": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on DistrictAssociation { name } } }",
      () => ({ id: globalId("DistrictAssociation", world.district1) }),
      (d) => d.node,
    ),
    restCall("GET", () => `/v1/districtassociation/${world.district1}`),
  ],
  "districtAssociation.create": [
    gqlCall("mutation($input: DistrictAssociationInput!) { createDistrictAssociation(input: $input) { id } }", () => ({ input: districtInput })),
    restCall(
      "POST",
      () => "/v1/districtassociation",
      () => ({ name: "KV", iam_ref: "r", gdpr_link: "https://e.test/g", impress_link: "https://e.test/i" }),
    ),
  ],
  "districtAssociation.update": [
    gqlCall("mutation($id: ID!, $input: UpdateDistrictAssociationInput!) { updateDistrictAssociation(id: $id, input: $input) { id } }", async () => ({
      id: globalId("DistrictAssociation", await fresh.district()),
      input: { ...districtInput, version: 1 },
    })),
    restCall(
      "PUT",
      () => "/v1/districtassociation",
      async () => ({ id: await fresh.district(), name: "KV", iam_ref: "r", gdpr_link: "https://e.test/g", impress_link: "https://e.test/i" }),
    ),
  ],
  "districtAssociation.delete": [
    gqlCall("mutation($id: ID!) { deleteDistrictAssociation(id: $id) }", async () => ({ id: globalId("DistrictAssociation", await fresh.district()) })),
    restCall("DELETE", async () => `/v1/districtassociation/${await fresh.district()}`, undefined, "/v1/districtassociation/:id"),
  ],
  "association.list": [gqlCall("{ associations(first: 5) { totalCount edges { node { name } } } }"), restCall("GET", () => "/v1/associations")],
  "association.read": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on Association { name } } }",
      () => ({ id: globalId("Association", world.club1) }),
      (d) => d.node,
    ),
    restCall("GET", () => `/v1/association/${world.club1}`),
  ],
  "association.create": [
    gqlCall("mutation($input: CreateAssociationInput!) { createAssociation(input: $input) { id } }", () => ({
      input: { name: "Neu", districtAssociationId: world.district1 },
    })),
    restCall(
      "POST",
      () => "/v1/association",
      () => ({ name: "Neu", district_association_id: world.district1 }),
    ),
  ],
  "association.update": [
    gqlCall("mutation($id: ID!, $input: AssociationInput!) { updateAssociation(id: $id, input: $input) { name } }", async () => ({
      id: globalId("Association", world.club1),
      input: { name: "MV Eins", invoiceEmail: "kasse@mv.example", version: await versionOf("association", world.club1) },
    })),
    restCall(
      "PUT",
      () => "/v1/association",
      () => ({ id: world.club1, name: "MV Eins", invoice_email: "kasse@mv.example" }),
    ),
  ],
  "association.delete": [
    gqlCall("mutation($id: ID!) { deleteAssociation(id: $id) }", async () => ({ id: globalId("Association", await fresh.club()) })),
    restCall("DELETE", async () => `/v1/association/${await fresh.club()}`, undefined, "/v1/association/:id"),
  ],
  "viewer.update": [
    asCopyOf(async (token) => {
      const { status, body } = await app.gql(
        "mutation($input: ProfileInput!) { updateViewer(input: $input) { isComplete } }",
        {
          input: { ...profile, email: `p${++seq}@test.example`, version: (await app.gql("{ viewer { version } }", {}, token)).body.data?.viewer?.version ?? 1 },
        },
        token,
      );
      return interpretGql(status, body, (d) => d);
    }, "graphql updateViewer"),
    asCopyOf(async (token) => {
      const res = await app.rest("PUT", "/v1/user", token, { id: 0, ...profile, email: `p${++seq}@test.example`, address: profile });
      return {
        outcome: res.status === 200 ? "allowed" : res.status === 401 ? "unauthenticated" : res.status === 403 ? "denied" : "notFound",
        detail: res.body,
      } as Result;
    }, "PUT /v1/user (own)"),
  ],
  "viewer.delete": [
    asCopyOf(async (token) => {
      const { status, body } = await app.gql("mutation { deleteViewer }", {}, token);
      return interpretGql(status, body, (d) => d);
    }, "graphql deleteViewer"),
    asCopyOf(async (token) => {
      const res = await app.rest("DELETE", "/v1/user/0", token);
      return {
        outcome: res.status === 204 ? "allowed" : res.status === 401 ? "unauthenticated" : res.status === 403 ? "denied" : "notFound",
        detail: res.body,
      } as Result;
    }, "DELETE /v1/user/0"),
  ],
  "user.list": [gqlCall("{ users(first: 5) { totalCount edges { node { email } } } }"), restCall("GET", () => "/v1/users")],
  "user.read": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on User { email } } }",
      () => ({ id: globalId("User", world.userIds.target) }),
      (d) => d.node,
    ),
    restCall("GET", () => `/v1/user/${world.userIds.target}`),
  ],
  "user.create": [
    gqlCall("mutation($input: CreateUserInput!) { createUser(input: $input) { id } }", () => ({
      input: { districtAssociationId: world.district1, firstname: "N", lastname: "N", email: `n${++seq}@test.example` },
    })),
    restCall(
      "POST",
      () => "/v1/user",
      () => ({ district_association_id: world.district1, firstname: "N", lastname: "N", email: `n${++seq}@test.example` }),
    ),
  ],
  "user.update": [
    gqlCall("mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { id } }", async () => ({
      id: globalId("User", await fresh.user()),
      input: { firstname: "E", lastname: "E", email: `e${++seq}@test.example`, version: 1 },
    })),
    restCall(
      "PUT",
      () => "/v1/user",
      async () => ({ id: await fresh.user(), firstname: "E", lastname: "E", email: `e${++seq}@test.example` }),
      "/v1/user (other)",
    ),
  ],
  "user.delete": [
    gqlCall("mutation($id: ID!) { deleteUser(id: $id) }", async () => ({ id: globalId("User", await fresh.user()) })),
    restCall("DELETE", async () => `/v1/user/${await fresh.user()}`, undefined, "/v1/user/:id (other)"),
  ],
  "user.setAssociations": [
    gqlCall("mutation($id: ID!, $ids: [Int!]!) { setUserAssociations(id: $id, associationIds: $ids) { id } }", async () => ({
      id: globalId("User", await fresh.user()),
      ids: [world.club1],
    })),
    restCall(
      "PUT",
      async () => `/v1/user/${await fresh.user()}/associations`,
      () => ({ association_ids: [world.club1] }),
      "/v1/user/:id/associations",
    ),
  ],
  "user.deactivate": [
    gqlCall("mutation($id: ID!) { deactivateUser(id: $id) { blocked } }", async () => ({ id: globalId("User", await fresh.user()) })),
    restCall("PUT", async () => `/v1/user/${await fresh.user()}/deactivate`, undefined, "/v1/user/:id/deactivate"),
  ],
  "user.reactivate": [
    gqlCall("mutation($id: ID!) { reactivateUser(id: $id) { blocked } }", async () => ({ id: globalId("User", await fresh.user({ blocked: true })) })),
    restCall("PUT", async () => `/v1/user/${await fresh.user({ blocked: true })}/reactivate`, undefined, "/v1/user/:id/reactivate"),
  ],
  "user.resendInvitation": [
    gqlCall("mutation($id: ID!) { resendInvitation(id: $id) { invitationPending } }", async () => ({ id: globalId("User", await fresh.user()) })),
    restCall("PUT", async () => `/v1/user/${await fresh.user()}/invite_code/resend`, undefined, "/v1/user/:id/invite_code/resend"),
  ],
  "event.list": [gqlCall("{ events(first: 5) { totalCount } }"), restCall("GET", () => "/v1/events")],
  "event.read": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on Event { name } } }",
      () => ({ id: globalId("Event", hidden.id) }),
      (d) => d.node,
    ),
    restCall("GET", () => `/v1/event/${hidden.id}`, undefined, "/v1/event/:id"),
  ],
  "event.create": [
    gqlCall("mutation($d: Int!, $input: EventInput!) { createEvent(districtAssociationId: $d, input: $input) { id } }", () => ({
      d: world.district1,
      input: { ...eventInput, formType: "DEXAM" },
    })),
    restCall(
      "POST",
      () => "/v1/event",
      () => ({ ...eventBody, district_association_id: world.district1 }),
    ),
  ],
  "event.update": [
    gqlCall("mutation($id: ID!, $input: UpdateEventInput!) { updateEvent(id: $id, input: $input) { id } }", async () => ({
      id: globalId("Event", (await fresh.event()).id),
      input: { ...eventInput, version: 1 },
    })),
    restCall(
      "PUT",
      () => "/v1/event",
      async () => ({ ...eventBody, id: (await fresh.event()).id }),
    ),
  ],
  "event.delete": [
    gqlCall("mutation($id: ID!) { deleteEvent(id: $id) }", async () => ({ id: globalId("Event", (await fresh.event()).id) })),
    restCall("DELETE", async () => `/v1/event/${(await fresh.event()).id}`, undefined, "/v1/event/:id"),
  ],
  "event.copy": [
    gqlCall("query($id: ID!) { eventCopyTargets(eventId: $id) { id } }", () => ({ id: globalId("Event", hidden.id) })),
    gqlCall("mutation($s: ID!, $t: ID!) { copyEvent(sourceId: $s, targetId: $t) { id } }", async () => ({
      s: globalId("Event", hidden.id),
      t: globalId("Event", (await fresh.event()).id),
    })),
    gqlCall("mutation($s: ID!, $d: Date!) { duplicateEvent(sourceId: $s, startDay: $d) { id } }", () => ({
      s: globalId("Event", hidden.id),
      d: "2099-01-01",
    })),
  ],
  "event.statistic": [
    gqlCall("query($id: ID!) { eventStatistic(eventId: $id) { name } }", () => ({ id: globalId("Event", hidden.id) })),
    restCall("GET", () => `/v1/event/${hidden.id}/statistic`, undefined, "/v1/event/:id/statistic"),
  ],
  "location.list": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on Event { locations { name } } } }",
      () => ({ id: globalId("Event", hidden.id) }),
      (d) => d.node,
    ),
    restCall("GET", () => `/v1/event/${hidden.id}/locations`, undefined, "/v1/event/:eventId/locations"),
  ],
  "location.read": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on EventLocation { name } } }",
      () => ({ id: globalId("EventLocation", hidden.locationId) }),
      (d) => d.node,
    ),
    restCall("GET", () => `/v1/event/location/${hidden.locationId}`, undefined, "/v1/event/location/:id"),
  ],
  "location.create": [
    gqlCall("mutation($e: ID!, $input: EventLocationInput!) { createEventLocation(eventId: $e, input: $input) { id } }", async () => ({
      e: globalId("Event", (await fresh.event()).id),
      input: locationInput,
    })),
    restCall(
      "POST",
      () => "/v1/event/location",
      async () => ({ ...locationBody, event_id: (await fresh.event()).id }),
    ),
  ],
  "location.update": [
    gqlCall("mutation($id: ID!, $input: UpdateEventLocationInput!) { updateEventLocation(id: $id, input: $input) { id } }", async () => ({
      id: globalId("EventLocation", (await fresh.event()).locationId),
      input: { ...locationInput, version: 1 },
    })),
    restCall(
      "PUT",
      () => "/v1/event/location",
      async () => ({ ...locationBody, id: (await fresh.event()).locationId }),
    ),
  ],
  "location.publishResults": [
    gqlCall("mutation($id: ID!) { publishLocationResults(id: $id, version: 1) { publishResults } }", async () => ({
      id: globalId("EventLocation", (await fresh.event()).locationId),
    })),
  ],
  "location.delete": [
    gqlCall("mutation($id: ID!) { deleteEventLocation(id: $id) }", async () => ({ id: globalId("EventLocation", (await fresh.event()).locationId) })),
    restCall("DELETE", async () => `/v1/event/location/${(await fresh.event()).locationId}`, undefined, "/v1/event/location/:id"),
  ],
  "dexam.list": [
    gqlCall("query($e: ID!) { dexamRegistrations(eventId: $e, first: 5) { totalCount } }", () => ({ e: globalId("Event", open.id) })),
    restCall("GET", () => `/v1/registrations/event/${open.id}/dexam`, undefined, "/v1/registrations/event/:eventId/dexam"),
  ],
  "dexam.read": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on DexamRegistration { lastname } } }",
      async () => ({ id: globalId("DexamRegistration", await registrationOfClub1()) }),
      (d) => d.node,
    ),
    restCall("GET", async () => `/v1/registration/dexam/${await registrationOfClub1()}`, undefined, "/v1/registration/dexam/:id"),
  ],
  "dexam.create": [
    gqlCall("mutation($e: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $e, input: $input) { id } }", () => ({
      e: globalId("Event", open.id),
      input: dexamInput(),
    })),
    restCall(
      "POST",
      () => "/v1/registration/dexam",
      () => ({ ...dexamBody(), event_id: open.id }),
    ),
  ],
  "dexam.update": [
    gqlCall("mutation($id: ID!, $input: UpdateDexamRegistrationInput!) { updateDexamRegistration(id: $id, input: $input) { id } }", async () => {
      const id = await registrationOfClub1();
      return { id: globalId("DexamRegistration", id), input: { ...dexamInput(), version: await versionOf("dexamRegistration", id) } };
    }),
    restCall(
      "PUT",
      () => "/v1/registration/dexam",
      async () => ({ ...dexamBody(), id: await registrationOfClub1() }),
      "/v1/registration/dexam (edit)",
    ),
  ],
  "dexam.cancel": [
    gqlCall("mutation($id: ID!) { cancelDexamRegistration(id: $id) { cancelledAt } }", async () => ({
      id: globalId("DexamRegistration", await registrationOfClub1()),
    })),
    restCall(
      "PUT",
      () => "/v1/registration/dexam",
      async () => ({ ...dexamBody(), id: await registrationOfClub1(), cancelled_at: new Date().toISOString() }),
      "/v1/registration/dexam (cancel)",
    ),
  ],
  "competition.list": [
    gqlCall("query($e: ID!) { competitionRegistrations(eventId: $e, first: 5) { totalCount } }", () => ({ e: globalId("Event", openCompetition.id) })),
    restCall("GET", () => `/v1/registrations/event/${openCompetition.id}/competition`, undefined, "/v1/registrations/event/:eventId/competition"),
  ],
  "competition.read": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on CompetitionRegistration { name } } }",
      async () => ({ id: globalId("CompetitionRegistration", await competitionOfClub1()) }),
      (d) => d.node,
    ),
    restCall("GET", async () => `/v1/registration/competition/${await competitionOfClub1()}`, undefined, "/v1/registration/competition/:id"),
  ],
  "competition.create": [
    gqlCall("mutation($e: ID!, $input: CompetitionRegistrationInput!) { createCompetitionRegistration(eventId: $e, input: $input) { id } }", () => ({
      e: globalId("Event", openCompetition.id),
      input: competitionInput(),
    })),
    restCall(
      "POST",
      () => "/v1/registration/competition",
      () => ({ ...competitionBody(), event_id: openCompetition.id }),
    ),
  ],
  "competition.update": [
    gqlCall("mutation($id: ID!, $input: UpdateCompetitionRegistrationInput!) { updateCompetitionRegistration(id: $id, input: $input) { id } }", async () => {
      const id = await competitionOfClub1();
      return { id: globalId("CompetitionRegistration", id), input: { ...competitionInput(), version: await versionOf("competitionRegistration", id) } };
    }),
    restCall(
      "PUT",
      () => "/v1/registration/competition",
      async () => ({ ...competitionBody(), id: await competitionOfClub1() }),
      "/v1/registration/competition (edit)",
    ),
  ],
  "competition.cancel": [
    gqlCall("mutation($id: ID!) { cancelCompetitionRegistration(id: $id) { cancelledAt } }", async () => ({
      id: globalId("CompetitionRegistration", await competitionOfClub1()),
    })),
    restCall(
      "PUT",
      () => "/v1/registration/competition",
      async () => ({ ...competitionBody(), id: await competitionOfClub1(), cancelled_at: new Date().toISOString() }),
      "/v1/registration/competition (cancel)",
    ),
  ],
  "competition.delete": [
    gqlCall("mutation($id: ID!) { deleteCompetitionRegistration(id: $id) }", async () => ({
      id: globalId("CompetitionRegistration", await competitionOfClub1()),
    })),
    restCall("DELETE", async () => `/v1/registration/competition/${await competitionOfClub1()}`, undefined, "/v1/registration/competition/:id"),
  ],
  "dexam.takeover": [
    gqlCall("mutation($id: ID!, $input: DexamTakeoverInput!) { takeOverDexamPartialResult(id: $id, input: $input) { id } }", async () => ({
      id: globalId("DexamRegistration", await passedTheoryOfClub1()),
      input: { eventId: globalId("Event", open.id), practiceLocationId: open.practiceLocationId, gdprAccepted: true },
    })),
    restCall(
      "POST",
      async () => `/v1/registration/dexam/${await passedTheoryOfClub1()}/takeover`,
      () => ({ event_id: open.id, practice_location_id: open.practiceLocationId, gdpr_accepted: true }),
      "/v1/registration/dexam/:id/takeover",
    ),
  ],
  "dexam.consentForm": ["consent_form", "consent-form"].map((seg) =>
    restCall(
      "GET",
      async () => `/v1/export/registration/dexam/${await campRegistrationOfClub1()}/${seg}`,
      undefined,
      `/v1/export/registration/dexam/:id/${seg}`,
    ),
  ),
  "dexam.campData.read": [campDataCall("graphql"), campDataCall("rest")],
  // a registration's accesses (its history); the district's log: tests/integration/healthaccess/access-log.test.ts
  "healthDataAccess.list": [
    gqlCall(
      "query($r: ID!) { healthDataAccesses(registration: $r, first: 5) { totalCount } }",
      async () => ({ r: globalId("DexamRegistration", await campRegistrationOfClub1()) }),
      (d) => d.healthDataAccesses,
    ),
  ],
  "registrations.message": [
    gqlCall("mutation($i: MessageRegistrantsInput!) { messageRegistrants(input: $i) { recipients } }", () => ({
      i: { eventId: globalId("Event", open.id), subject: "Hinweis", body: "Hallo {vorname}", dryRun: true },
    })),
  ],
  "dexam.consentForms": ["consent_forms", "consent-forms"].map((seg) =>
    restCall("GET", () => `/v1/export/event/${openCamp.id}/${seg}`, undefined, `/v1/export/event/:id/${seg}`),
  ),
  "results.list": [
    gqlCall("query($e: ID!) { dexamResults(eventId: $e) { databaseId theoryPoints } }", () => ({ e: globalId("Event", open.id) })),
    gqlCall("query($e: ID!) { competitionResults(eventId: $e) { databaseId points } }", () => ({ e: globalId("Event", openCompetition.id) })),
  ],
  "results.setTheory": [
    gqlCall("mutation($r: ID!, $l: Int!) { setDexamTheoryResult(registrationId: $r, locationId: $l, theoryPoints: 30) { theoryPoints } }", async () => ({
      r: globalId("DexamRegistration", await registrationOfClub1()),
      l: open.locationId,
    })),
    restCall(
      "PUT",
      async () => `/v1/registration/dexam/${await registrationOfClub1()}/location/${open.locationId}/theory_result`,
      () => ({ theory_points: 30 }),
      "/v1/registration/dexam/:registrationId/location/:locationId/theory_result",
    ),
  ],
  "results.delete": [
    gqlCall("mutation($r: ID!, $l: Int!) { deleteDexamResult(registrationId: $r, locationId: $l) { theoryPoints } }", async () => ({
      r: globalId("DexamRegistration", await passedTheoryOfClub1()),
      l: open.practiceLocationId,
    })),
    restCall(
      "DELETE",
      async () => `/v1/registration/dexam/${await passedTheoryOfClub1()}/location/${open.practiceLocationId}/result`,
      undefined,
      "/v1/registration/dexam/:registrationId/location/:locationId/result",
    ),
  ],
  "results.uploadPracticeSheets": [
    uploadCall(
      () => `/v1/registration/dexam/location/${open.practiceLocationId}/practice_sheets`,
      "files",
      filledSheetOfClub1,
      "/v1/registration/dexam/location/:id/practice_sheets",
    ),
  ],
  "results.uploadPcJuror": [
    uploadCall(
      () => `/v1/registration/competition/event/${openCompetition.id}/pc_juror`,
      "file",
      async () => [{ name: "pcjuror.xlsm", data: await pcJurorWorkbook(["Anmelde-ID", "Punkte", "Prädikat"], [[await competitionOfClub1(), 80, "gut"]]) }],
      "/v1/registration/competition/event/:id/pc_juror",
    ),
  ],
  "results.blankPracticeSheets": ["blank_practice_sheets", "blank-practice-sheets"].map((seg) =>
    restCall("GET", () => `/v1/export/location/${open.practiceLocationId}/dexam/${seg}`, undefined, `/v1/export/location/:id/dexam/${seg}`),
  ),
  "results.practiceSheets": ["practice_sheets", "practice-sheets"].map((seg) =>
    restCall("GET", () => `/v1/export/location/${published.practiceLocationId}/dexam/${seg}`, undefined, `/v1/export/location/:id/dexam/${seg}`),
  ),
  "results.practiceSheet": ["practice_sheet", "practice-sheet"].map((seg) =>
    restCall("GET", async () => `/v1/export/registration/dexam/${await sheetOfClub1()}/${seg}`, undefined, `/v1/export/registration/dexam/:id/${seg}`),
  ),
  "results.certificateList": ["dexam/certificate_list", "dexam-certificate-list"].map((path) =>
    restCall("GET", () => `/v1/export/event/${open.id}/${path}`, undefined, `/v1/export/event/:id/${path}`),
  ),
  "results.pcJurorImportList": ["competition/pc_juror_import", "competition-pc-juror-import"].map((path) =>
    restCall("GET", () => `/v1/export/event/${openCompetition.id}/${path}`, undefined, `/v1/export/event/:id/${path}`),
  ),
  "export.overview": [restCall("GET", () => `/v1/export/event/${open.id}/overview`, undefined, "/v1/export/event/:id/overview")],
  "audit.registration": [
    gqlCall(AUDIT, async () => ({ id: globalId("DexamRegistration", await registrationOfClub1()) })),
    gqlCall(AUDIT, async () => ({ id: globalId("CompetitionRegistration", await competitionOfClub1()) })),
  ],
  "audit.event": [gqlCall(AUDIT, () => ({ id: globalId("Event", open.id) })), gqlCall(AUDIT, () => ({ id: globalId("EventLocation", open.locationId) }))],
  "audit.user": [gqlCall(AUDIT, () => ({ id: globalId("User", world.userIds.member) }))],
  "audit.association": [gqlCall(AUDIT, () => ({ id: globalId("Association", world.club1) }))],
  "audit.districtAssociation": [gqlCall(AUDIT, () => ({ id: globalId("DistrictAssociation", world.district1) }))],
  "viewer.export": [
    restCall("GET", () => "/v1/user/0/export", undefined, "/v1/user/0/export"),
    restCall("GET", () => "/v1/user/0/export/consent_forms", undefined, "/v1/user/0/export/consent_forms"),
  ],
  "registration.deleteCancelled": [
    gqlCall("mutation($id: ID!) { deleteDexamRegistration(id: $id) }", async () => ({ id: globalId("DexamRegistration", await cancelledOfClub1("dexam")) })),
    gqlCall("mutation($id: ID!) { deleteCompetitionRegistration(id: $id) }", async () => ({
      id: globalId("CompetitionRegistration", await cancelledOfClub1("competition")),
    })),
    restCall("DELETE", async () => `/v1/registration/dexam/${await cancelledOfClub1("dexam")}`, undefined, "/v1/registration/dexam/:id (cancelled)"),
    restCall(
      "DELETE",
      async () => `/v1/registration/competition/${await cancelledOfClub1("competition")}`,
      undefined,
      "/v1/registration/competition/:id (cancelled)",
    ),
  ].map(conflictDenied),
  "dexam.eraseCampData": [
    gqlCall("mutation($id: ID!) { eraseDexamCampData(id: $id) { databaseId } }", async () => ({
      id: globalId("DexamRegistration", await endedCampRegistrationOfClub1()),
    })),
  ],
  "registration.person": [
    gqlCall('query { personRegistrations(firstname: "K", lastname: "L", birthdate: "2012-01-01") { databaseId } }'),
    restCall("GET", () => "/v1/export/person?firstname=K&lastname=L&birthdate=2012-01-01", undefined, "/v1/export/person"),
    restCall("GET", () => "/v1/export/person/xlsx?firstname=K&lastname=L&birthdate=2012-01-01", undefined, "/v1/export/person/xlsx"),
  ],
  // --- apiclients start
  // each caller's own district association (naming another is FORBIDDEN for all but admin: strict-input.test.ts)
  "apiClient.list": [gqlCall("query { apiClients { clientId } }", () => ({}))],
  "apiClient.create": [
    gqlCall("mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { clientSecret } }", () => ({
      input: { name: `Client ${++seq}`, roles: ["user_manage"] },
    })),
  ],
  "apiClient.revoke": [
    gqlCall("mutation($id: Int!) { revokeApiClient(id: $id) { revokedAt } }", async () => ({
      id: (
        await app.db.prisma.apiClient.create({
          data: { clientId: `matrix-${++seq}`, name: "M", secretHash: "x", roles: ["event_manage"], districtAssociationId: world.district1 },
        })
      ).id,
    })),
  ],
  // --- apiclients end
  // --- integrations start (the change feed and webhooks; creating an endpoint: tests/integration/webhooks)
  "change.list": [
    gqlCall("{ changes(first: 5) { edges { cursor } pageInfo { endCursor } } }"),
    restCall("GET", () => "/v1/changes?limit=5", undefined, "/v1/changes"),
  ],
  "webhook.list": [gqlCall("{ webhookEndpoints { databaseId deliveries { state } } }"), gqlCall("{ webhookEventTypes }")],
  "webhook.manage": [
    gqlCall("mutation($input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(input: $input) { version } }", async () => ({
      input: { id: await freshEndpoint(), version: 1, description: "Geändert" },
    })),
    gqlCall("mutation($id: Int!) { rotateWebhookSecret(id: $id) { secret } }", async () => ({ id: await freshEndpoint() })),
    gqlCall("mutation($id: Int!) { redeliverWebhook(id: $id) { state } }", async () => ({
      id: (await app.db.prisma.webhookDelivery.create({ data: { endpointId: await freshEndpoint(), eventType: "association.created", payload: {} } })).id,
    })),
    gqlCall("mutation($id: Int!) { deleteWebhookEndpoint(id: $id) }", async () => ({ id: await freshEndpoint() })),
  ],
  // --- integrations end
  // --- invoices start
  "invoiceFees.read": [gqlCall("query($e: ID!) { eventFees(event: $e) { lateFeeCents } }", async () => ({ e: globalId("Event", (await fresh.event()).id) }))],
  "invoiceFees.update": [
    gqlCall("mutation($input: SetEventFeesInput!) { setEventFees(input: $input) { version } }", async () => ({
      input: { event: globalId("Event", (await fresh.event()).id), fees: [{ item: "dexam:D1:theory", amountCents: 1000 }], lateFeeCents: 0 },
    })),
  ],
  // each caller's own district association
  "invoiceSeller.read": [gqlCall("query { invoiceSeller { name } }"), gqlCall("query { invoiceReminders { version } }")],
  "invoiceSeller.update": [
    gqlCall("mutation($input: InvoiceSellerInput!) { setInvoiceSeller(input: $input) { name } }", () => ({
      input: { ...INVOICE_SELLER, name: `KV ${++seq}` },
    })),
    gqlCall("mutation($input: InvoiceRemindersInput!) { setInvoiceReminders(input: $input) { version } }", () => ({ input: { days: [14, 28] } })),
  ],
  "invoiceBilling.read": [gqlCall("query($a: ID!) { clubBilling(association: $a) { billingName } }", () => ({ a: globalId("Association", world.club1) }))],
  "invoiceBilling.update": [
    gqlCall("mutation($input: ClubBillingInput!) { setClubBilling(input: $input) { billingName } }", () => ({
      input: { association: globalId("Association", world.club1), billingName: `MV Eins ${++seq}` },
    })),
  ],
  "invoice.list": [
    gqlCall("query { invoices { number } }"),
    gqlCall("query { invoicesExport(format: CSV) { fileName } }"),
    restCall("GET", () => "/v1/invoices", undefined, "/v1/invoices"),
    restCall("GET", () => "/v1/export/invoices?format=csv", undefined, "/v1/export/invoices"),
  ],
  "invoice.read": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on Invoice { number } } }",
      async () => ({ id: globalId("Invoice", await invoiceOfClub1()) }),
      (d) => d.node,
    ),
    ...["", "/pdf", "/xml"].map((doc) => restCall("GET", async () => `/v1/invoice/${await invoiceOfClub1()}${doc}`, undefined, `/v1/invoice/:id${doc}`)),
  ],
  "invoice.issue": [
    gqlCall("mutation($e: ID!) { issueInvoices(event: $e) { number } }", async () => ({ e: globalId("Event", await billableEventOfDistrict1()) })),
  ],
  "invoice.cancel": [gqlCall("mutation($id: ID!) { cancelInvoice(id: $id) { number } }", async () => ({ id: globalId("Invoice", await invoiceOfClub1()) }))],
  "invoice.credit": [
    gqlCall('mutation($id: ID!) { creditInvoice(id: $id, reason: "R", lines: [{ description: "T", quantity: 1, unitCents: 100 }]) { number } }', async () => ({
      id: globalId("Invoice", await invoiceOfClub1()),
    })),
  ],
  // each caller's own district association
  "invoiceDebit.list": [gqlCall("query { sepaDebits { messageId } }")],
  // district 1's, named
  "invoiceDebit.create": [gqlCall("mutation($input: CreateSepaDebitInput!) { createSepaDebit(input: $input) { messageId } }", dueDebitOfDistrict1)],
  "invoicePayment.import": [gqlCall("mutation($xml: String!) { importBankStatement(xml: $xml) { credits } }", () => ({ xml: camtFile() }))],
  "invoicePayment.record": [
    gqlCall("mutation($id: ID!, $d: String!) { markInvoicePaid(id: $id, paidOn: $d) { status } }", async () => ({
      id: globalId("Invoice", await invoiceOfClub1()),
      d: berlinDay(new Date()),
    })),
  ],
  "invoiceOpenItem.list": [
    gqlCall("query { openItems { number } }"),
    gqlCall("query { openItemsExport(format: XLSX) { fileName } }"),
    restCall("GET", () => "/v1/invoices/open_items", undefined, "/v1/invoices/open_items"),
    ...["open_items", "open-items"].map((path) => restCall("GET", () => `/v1/export/invoices/${path}?format=csv`, undefined, `/v1/export/invoices/${path}`)),
  ],
  // --- invoices end
  // --- timetable start
  "timetable.read": [
    gqlCall(
      "query($e: ID!) { timetable(eventId: $e) { eventId } }",
      () => ({ e: globalId("Event", open.id) }),
      (d) => d.timetable,
    ),
    restCall("GET", () => `/v1/event/${open.id}/timetable`, undefined, "/v1/event/:id/timetable"),
  ],
  "timetable.manage": [
    gqlCall("mutation($e: ID!) { planTimetable(eventId: $e) { placed } }", async () => ({ e: globalId("Event", (await fresh.event()).id) })),
    restCall(
      "POST",
      async () => `/v1/event/${(await fresh.event()).id}/timetable/plan`,
      () => ({}),
      "/v1/event/:id/timetable/plan",
    ),
    restCall(
      "PUT",
      async () => `/v1/event/location/${(await fresh.event()).locationId}/timetable/rules`,
      () => ({
        version: 0,
        days: [{ day: "2031-02-08", start: "09:00", end: "12:00", breaks: [] }],
        rooms: ["Saal"],
        practice_minutes: 20,
        theory_minutes: 90,
        theory_capacity: 10,
        warmup_minutes: 0,
        changeover_minutes: 0,
      }),
      "/v1/event/location/:id/timetable/rules",
    ),
    restCall(
      "PUT",
      async () => `/v1/timetable/slot/${(await fresh.slot()).slotId}`,
      () => ({ version: 1, locked: true }),
      "/v1/timetable/slot/:id",
    ),
  ],
  "timetable.publish": [
    gqlCall("mutation($l: ID!) { publishTimetable(locationId: $l, version: 1) }", async () => ({
      l: globalId("EventLocation", (await fresh.slot()).locationId),
    })),
    restCall(
      "POST",
      async () => `/v1/event/location/${(await fresh.slot()).locationId}/timetable/publish`,
      () => ({ version: 1 }),
      "/v1/event/location/:id/timetable/publish",
    ),
  ],
  "timetable.print": [restCall("GET", () => `/v1/export/location/${open.practiceLocationId}/timetable`, undefined, "/v1/export/location/:id/timetable")],
  "timetable.registrationSlots": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on DexamRegistration { timetableSlots { room } } } }",
      async () => ({ id: globalId("DexamRegistration", await registrationOfClub1()) }),
      (d) => d.node,
    ),
    restCall("GET", async () => `/v1/registration/dexam/${await registrationOfClub1()}/timetable`, undefined, "/v1/registration/dexam/:id/timetable"),
    restCall(
      "GET",
      async () => `/v1/registration/competition/${await competitionOfClub1()}/timetable`,
      undefined,
      "/v1/registration/competition/:id/timetable",
    ),
  ],
  // --- timetable end
  "dexam.delete": [
    gqlCall("mutation($id: ID!) { deleteDexamRegistration(id: $id) }", async () => ({ id: globalId("DexamRegistration", await registrationOfClub1()) })),
    restCall("DELETE", async () => `/v1/registration/dexam/${await registrationOfClub1()}`, undefined, "/v1/registration/dexam/:id"),
  ],
};

const ALL = PRINCIPAL_NAMES as readonly string[];
/** Every principal gets `rest`, except the listed ones. */
function outcomes(rest: Outcome, exceptions: Record<string, Outcome>): Record<string, Outcome> {
  return Object.fromEntries(ALL.map((p) => [p, exceptions[p] ?? rest]));
}
const allow = (...who: string[]) => Object.fromEntries(who.map((w) => [w, "allowed" as Outcome]));
const EVERYONE = outcomes("allowed", {});
/** staff2 holds every staff role, but in district 2: objects of district 1 are not found for them */
const MANAGE_IN_DISTRICT_1 = (role: string) => outcomes("denied", { ...allow("admin", `role:${role}`), staff2: "notFound" });

/** an unpublished event of district 1 is seen by admin and district 1's event and registration staff only */
const EVENT_STAFF_SEE = outcomes(
  "notFound",
  allow("admin", "role:registration_read", "role:registration_manage", "role:event_manage", "role:results_read", "role:results_manage"),
);

/** a registration of club 1: its members and district 1's registration_manage change it; registration_read reads only */
const REGISTRATION_CHANGE = outcomes("notFound", { ...allow("admin", "member", "role:registration_manage"), "role:registration_read": "denied" });

/** results_read/results_manage of district 1 (spec section 6: "results_*: results management and certificate list") */
const RESULTS_READ = outcomes("denied", { ...allow("admin", "role:results_read", "role:results_manage"), staff2: "notFound" });

/** Expected outcome per principal, from spec sections 2 and 6 and ARCHITECTURE "Tenancy". */
const EXPECTED: Record<Operation, Record<string, Outcome>> = {
  "viewer.read": EVERYONE,
  "districtAssociation.list": EVERYONE,
  "districtAssociation.read": EVERYONE,
  "districtAssociation.create": outcomes("denied", allow("admin")),
  "districtAssociation.update": outcomes("denied", allow("admin")),
  "districtAssociation.delete": outcomes("denied", allow("admin")),
  "association.list": outcomes(
    "denied",
    allow(
      "admin",
      "role:association_read",
      "role:association_manage",
      "role:user_read",
      "role:user_manage",
      "role:registration_read",
      "role:registration_manage",
      "staff2",
    ),
  ),
  "association.read": outcomes(
    "notFound",
    allow(
      "admin",
      "member",
      "role:association_read",
      "role:association_manage",
      "role:user_read",
      "role:user_manage",
      "role:registration_read",
      "role:registration_manage",
    ),
  ),
  "association.create": MANAGE_IN_DISTRICT_1("association_manage"),
  "association.update": outcomes("notFound", {
    ...allow("admin", "role:association_manage", "member"),
    "role:association_read": "denied",
    "role:user_read": "denied",
    "role:user_manage": "denied",
    "role:registration_read": "denied",
    "role:registration_manage": "denied",
  }),
  "association.delete": MANAGE_IN_DISTRICT_1("association_manage"),
  "viewer.update": EVERYONE,
  "viewer.delete": EVERYONE,
  "user.list": outcomes("denied", allow("admin", "role:user_read", "role:user_manage", "staff2")),
  "user.read": outcomes("notFound", allow("admin", "role:user_read", "role:user_manage")),
  "user.create": MANAGE_IN_DISTRICT_1("user_manage"),
  "user.update": MANAGE_IN_DISTRICT_1("user_manage"),
  "user.delete": MANAGE_IN_DISTRICT_1("user_manage"),
  "user.setAssociations": MANAGE_IN_DISTRICT_1("user_manage"),
  "user.deactivate": MANAGE_IN_DISTRICT_1("user_manage"),
  "user.reactivate": MANAGE_IN_DISTRICT_1("user_manage"),
  "user.resendInvitation": MANAGE_IN_DISTRICT_1("user_manage"),
  "event.list": EVERYONE,
  "event.read": EVENT_STAFF_SEE,
  "event.create": MANAGE_IN_DISTRICT_1("event_manage"),
  "event.update": MANAGE_IN_DISTRICT_1("event_manage"),
  "event.delete": MANAGE_IN_DISTRICT_1("event_manage"),
  "event.copy": MANAGE_IN_DISTRICT_1("event_manage"),
  "event.statistic": outcomes("denied", { ...allow("admin", "role:registration_read", "role:registration_manage"), staff2: "notFound" }),
  "location.list": EVENT_STAFF_SEE,
  "location.read": EVENT_STAFF_SEE,
  "location.create": MANAGE_IN_DISTRICT_1("event_manage"),
  "location.update": MANAGE_IN_DISTRICT_1("event_manage"),
  "location.publishResults": outcomes("denied", { ...allow("admin", "role:event_manage", "role:results_manage"), staff2: "notFound" }),
  "location.delete": MANAGE_IN_DISTRICT_1("event_manage"),
  "dexam.list": EVERYONE,
  "dexam.read": outcomes("notFound", allow("admin", "member", "role:registration_read", "role:registration_manage")),
  "dexam.create": outcomes("notFound", allow("admin", "member", "role:registration_manage")),
  "dexam.update": REGISTRATION_CHANGE,
  "dexam.cancel": REGISTRATION_CHANGE,
  "dexam.delete": REGISTRATION_CHANGE,
  "dexam.takeover": REGISTRATION_CHANGE,
  "competition.list": EVERYONE,
  "competition.read": outcomes("notFound", allow("admin", "member", "role:registration_read", "role:registration_manage")),
  "competition.create": outcomes("notFound", allow("admin", "member", "role:registration_manage")),
  "competition.update": REGISTRATION_CHANGE,
  "competition.cancel": REGISTRATION_CHANGE,
  "competition.delete": REGISTRATION_CHANGE,
  // health data: the account that registered (an account of club 1, not "member") and district 1's registration staff;
  // "member", another account of the club, reads the registration but not its camp data nor its consent form
  "dexam.consentForm": outcomes("notFound", { ...allow("admin", "role:registration_read", "role:registration_manage"), member: "denied" }),
  "dexam.campData.read": outcomes("notFound", { ...allow("admin", "role:registration_read", "role:registration_manage"), member: "denied" }),
  "registrations.message": outcomes("denied", { ...allow("admin", "role:registration_manage"), staff2: "notFound" }),
  "dexam.consentForms": outcomes("denied", { ...allow("admin", "role:registration_read", "role:registration_manage"), staff2: "notFound" }),
  "results.list": RESULTS_READ,
  "results.setTheory": MANAGE_IN_DISTRICT_1("results_manage"),
  "results.delete": MANAGE_IN_DISTRICT_1("results_manage"),
  "results.uploadPracticeSheets": MANAGE_IN_DISTRICT_1("results_manage"),
  "results.uploadPcJuror": MANAGE_IN_DISTRICT_1("results_manage"),
  "results.blankPracticeSheets": outcomes("denied", {
    ...allow("admin", "role:results_read", "role:results_manage", "role:registration_read", "role:registration_manage", "role:event_manage"),
    staff2: "notFound",
  }),
  "results.practiceSheets": outcomes("denied", {
    ...allow("admin", "role:results_read", "role:results_manage", "role:registration_read", "role:registration_manage"),
    staff2: "notFound",
  }),
  "results.practiceSheet": outcomes(
    "notFound",
    allow("admin", "member", "role:registration_read", "role:registration_manage", "role:results_read", "role:results_manage"),
  ),
  "results.certificateList": RESULTS_READ,
  "results.pcJurorImportList": outcomes("denied", {
    ...allow("admin", "role:results_read", "role:results_manage", "role:registration_read", "role:registration_manage"),
    staff2: "notFound",
  }),
  "export.overview": outcomes("denied", { ...allow("admin", "role:registration_read", "role:registration_manage"), staff2: "notFound" }),
  "audit.registration": outcomes("denied", { ...allow("admin", "role:registration_manage", "role:results_manage"), staff2: "notFound" }),
  "audit.event": MANAGE_IN_DISTRICT_1("event_manage"),
  "healthDataAccess.list": MANAGE_IN_DISTRICT_1("registration_manage"),
  "audit.user": MANAGE_IN_DISTRICT_1("user_manage"),
  "audit.association": MANAGE_IN_DISTRICT_1("association_manage"),
  "audit.districtAssociation": outcomes("denied", allow("admin")),
  "viewer.export": EVERYONE,
  // a cancelled registration of club 1: only registration_manage of district 1 deletes it; the club gets 409 (R-RO024)
  "registration.deleteCancelled": outcomes("notFound", { ...allow("admin", "role:registration_manage"), member: "denied", "role:registration_read": "denied" }),
  "dexam.eraseCampData": MANAGE_IN_DISTRICT_1("registration_manage"),
  // staff2 holds registration_manage in district 2: searched there, found nothing of district 1
  "registration.person": outcomes("denied", allow("admin", "role:registration_manage", "staff2")),
  // --- apiclients start
  "apiClient.list": outcomes("denied", allow("admin", "role:user_manage", "staff2")),
  "apiClient.create": outcomes("denied", allow("admin", "role:user_manage", "staff2")),
  "apiClient.revoke": MANAGE_IN_DISTRICT_1("user_manage"),
  // --- apiclients end
  // --- integrations start
  // the feed is open to every signed-in caller; each change only for those who read its row (tests/integration/changes)
  "change.list": EVERYONE,
  "webhook.list": outcomes("denied", allow("admin", "role:user_manage", "staff2")),
  "webhook.manage": MANAGE_IN_DISTRICT_1("user_manage"),
  // --- integrations end
  // --- invoices start
  "invoiceFees.read": outcomes("denied", { ...allow("admin", "role:invoice_read", "role:invoice_manage"), staff2: "notFound" }),
  "invoiceFees.update": MANAGE_IN_DISTRICT_1("invoice_manage"),
  "invoiceSeller.read": outcomes("denied", allow("admin", "role:invoice_read", "role:invoice_manage", "staff2")),
  "invoiceSeller.update": outcomes("denied", allow("admin", "role:invoice_manage", "staff2")),
  "invoiceBilling.read": outcomes("notFound", allow("admin", "member", "role:invoice_read", "role:invoice_manage")),
  "invoiceBilling.update": MANAGE_IN_DISTRICT_1("invoice_manage"),
  // everyone lists (their district's, their clubs', or nothing); one invoice of club 1: its members and district 1's invoice staff
  "invoice.list": EVERYONE,
  "invoice.read": outcomes("notFound", allow("admin", "member", "role:invoice_read", "role:invoice_manage")),
  "invoice.issue": MANAGE_IN_DISTRICT_1("invoice_manage"),
  "invoice.cancel": MANAGE_IN_DISTRICT_1("invoice_manage"),
  "invoice.credit": MANAGE_IN_DISTRICT_1("invoice_manage"),
  "invoiceDebit.list": outcomes("denied", allow("admin", "role:invoice_manage", "staff2")),
  "invoiceDebit.create": outcomes("denied", allow("admin", "role:invoice_manage")),
  "invoicePayment.import": outcomes("denied", allow("admin", "role:invoice_manage", "staff2")),
  "invoicePayment.record": MANAGE_IN_DISTRICT_1("invoice_manage"),
  // everyone lists (their district's, their clubs', or nothing)
  "invoiceOpenItem.list": EVERYONE,
  // --- invoices end
  // --- timetable start
  "timetable.read": outcomes("denied", {
    ...allow("admin", "role:event_manage", "role:registration_read", "role:registration_manage"),
    staff2: "notFound",
  }),
  "timetable.manage": MANAGE_IN_DISTRICT_1("event_manage"),
  "timetable.publish": MANAGE_IN_DISTRICT_1("event_manage"),
  "timetable.print": outcomes("denied", {
    ...allow("admin", "role:event_manage", "role:registration_read", "role:registration_manage"),
    staff2: "notFound",
  }),
  // the registration's readers; its slots only once published (timetable.test.ts)
  "timetable.registrationSlots": outcomes("notFound", allow("admin", "member", "role:registration_read", "role:registration_manage")),
  // --- timetable end
};

describe("authorization matrix", () => {
  it("[R-RP019] every operation of the permission table has calls and expectations", () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it("[R-RP019] every GraphQL root field of the printed schema is named by the permission table", () => {
    const doc = parse(fs.readFileSync("schema.graphql", "utf8"));
    const named = new Set<string>(Object.values(DOORS).flatMap((p) => p.graphql.map((g) => g.replace(/\(.*\)$/, ""))));
    const roots = doc.definitions
      .filter((d): d is ObjectTypeDefinitionNode => d.kind === "ObjectTypeDefinition" && ["Query", "Mutation"].includes(d.name.value))
      .flatMap((d) => (d.fields ?? []).map((f: FieldDefinitionNode) => `${d.name.value}.${f.name.value}`));
    // node/nodes are answered per type: each node type has a ".read" row naming Query.node(Type)
    const missing = roots.filter((r) => !named.has(r) && r !== "Query.nodes");
    expect(missing).toEqual([]);
  });

  it("[R-RP019] every /v1 route is named by the permission table", () => {
    const named = new Set<string>(Object.values(DOORS).flatMap((p) => p.rest));
    const missing = app.routes.filter((r) => r.includes(" /v1/")).filter((r) => !named.has(r));
    expect(missing).toEqual([]);
  });

  for (const op of Object.keys(PERMISSIONS) as Operation[]) {
    describe(op, () => {
      for (const call of CALLS[op]) {
        it(`[R-RP019] anonymous callers get 401 via ${call.via}`, async () => {
          expect((await call.run(null)).outcome).toBe("unauthenticated");
        });
        it(`[R-RP019][R-UM021] a blocked user gets 403 via ${call.via}`, async () => {
          const res = await call.run("blocked");
          expect(res.outcome).toBe("denied");
        });
        for (const principal of PRINCIPAL_NAMES) {
          it(`[R-RP019][R-RP006] ${principal} is ${EXPECTED[op][principal]} via ${call.via}`, async () => {
            const res = await call.run(principal);
            expect(res.outcome, JSON.stringify(res.detail)).toBe(EXPECTED[op][principal]);
          });
        }
      }
    });
  }
});

describe("camp health data: the registering account against the other accounts of its club", () => {
  it('the account that registered reads the camp data through GraphQL and /v1 and downloads the consent form; "member" as another account of the club does not', async () => {
    const own = await campRegistrationOfClub1(world.userIds.member);
    const q = "query($id: ID!) { node(id: $id) { ... on DexamRegistration { camp { allergies } campDataWithheld consentFormFile { name } } } }";
    expect((await app.gql(q, { id: globalId("DexamRegistration", own) }, tokens.member)).body.data?.node).toEqual({
      camp: { allergies: "Nüsse" },
      campDataWithheld: false,
      consentFormFile: { name: "e.pdf" },
    });
    expect((await app.rest("GET", `/v1/registration/dexam/${own}`, tokens.member)).body.camp_extension).toMatchObject({ allergies: "Nüsse" });
    expect((await app.rest("GET", `/v1/export/registration/dexam/${own}/consent_form`, tokens.member)).status).toBe(200);
    const others = await campRegistrationOfClub1();
    expect((await app.gql(q, { id: globalId("DexamRegistration", others) }, tokens.member)).body.data?.node).toEqual({
      camp: null,
      campDataWithheld: true,
      consentFormFile: null,
    });
    expect((await app.rest("GET", `/v1/export/registration/dexam/${others}/consent_form`, tokens.member)).status).toBe(403);
  });
});

describe("node(id:) across tenants", () => {
  const userNode = "query($id: ID!) { node(id: $id) { ... on User { email } } }";
  const clubNode = "query($id: ID!) { node(id: $id) { ... on Association { name } } }";

  it("[R-RP020] a member reads their own user node but gets null for another user", async () => {
    const own = await app.gql(userNode, { id: globalId("User", world.userIds.member) }, tokens.member);
    expect(own.body.data?.node).toEqual({ email: "member@test.example" });
    const other = await app.gql(userNode, { id: globalId("User", world.userIds.admin) }, tokens.member);
    expect(other.body.data?.node).toBeNull();
  });

  it("[R-RP020] user_read staff see users of their own district only", async () => {
    const same = await app.gql(userNode, { id: globalId("User", world.userIds.member) }, tokens["role:user_read"]);
    expect(same.body.data?.node).toEqual({ email: "member@test.example" });
    const other = await app.gql(userNode, { id: globalId("User", world.userIds.member) }, tokens.staff2);
    expect(other.body.data?.node).toBeNull();
  });

  it("[R-RP020] a member sees their own club, not another club; association_read staff of another district get null", async () => {
    expect((await app.gql(clubNode, { id: globalId("Association", world.club1) }, tokens.member)).body.data?.node).toEqual({ name: "MV Eins" });
    expect((await app.gql(clubNode, { id: globalId("Association", world.club2) }, tokens.member)).body.data?.node).toBeNull();
    expect((await app.gql(clubNode, { id: globalId("Association", world.club1) }, tokens.staff2)).body.data?.node).toBeNull();
    expect((await app.gql(clubNode, { id: globalId("Association", world.club1) }, tokens["role:association_read"])).body.data?.node).toEqual({
      name: "MV Eins",
    });
  });

  it("[R-RP006] admin reads every node", async () => {
    expect((await app.gql(userNode, { id: globalId("User", world.userIds.member2) }, tokens.admin)).body.data?.node).toEqual({ email: "member2@test.example" });
    expect((await app.gql(clubNode, { id: globalId("Association", world.club2) }, tokens.admin)).body.data?.node).toEqual({ name: "MV Zwei" });
  });

  it("[R-DA011] IamRef is shown to admin only", async () => {
    const q = "{ districtAssociations { name iamRef } }";
    const mine = (list: { name: string }[]) => list.filter((d) => d.name.startsWith("KV Eins") || d.name.startsWith("KV Zwei"));
    expect(mine((await app.gql(q, {}, tokens.admin)).body.data?.districtAssociations)).toEqual([
      { name: "KV Eins", iamRef: "kv-1" },
      { name: "KV Zwei", iamRef: "kv-2" },
    ]);
    expect(mine((await app.gql(q, {}, tokens.staff2)).body.data?.districtAssociations).map((d: any) => d.iamRef)).toEqual([null, null]);
    const rest = await app.rest("GET", `/v1/districtassociation/${world.district1}`, tokens.member);
    // the optimistic-concurrency version and the time of the last change are no tenant data
    const { version: _version, updated_at: _updatedAt, ...district } = rest.body;
    expect(district).toEqual({
      id: world.district1,
      name: "KV Eins",
      iam_ref: null,
      gdpr_link: "https://e.test/1/dsgvo",
      impress_link: "https://e.test/1/impressum",
      file_upload: null,
      // of the clubs (R-EN006) only the member's own
      associations: [{ id: world.club1, name: "MV Eins" }],
    });
  });

  it("[R-RP019] an unknown or malformed id is 404, never 500", async () => {
    expect((await app.rest("GET", "/v1/districtassociation/999999", tokens.admin)).status).toBe(404);
    expect((await app.rest("GET", "/v1/districtassociation/abc", tokens.admin)).status).toBe(404);
    const bad = await app.gql(userNode, { id: "not-base64" }, tokens.admin);
    expect(bad.status).toBeLessThan(500);
  });
});
