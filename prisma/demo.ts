// Demo accounts and data, seeded only with DEMO_DATA=1 (the default local start). Idempotent:
// a second start finds the demo district associations and leaves everything as it is.
import type { DataKey } from "../server/src/crypto/aead.ts";
import { competitionOverviewKeys } from "../server/src/domains/competition/rules.ts";
import type { ServiceCtx } from "../server/src/domains/context.ts";
import { overviewKeys } from "../server/src/domains/dexam/rules.ts";
import { markInvoicePaid } from "../server/src/domains/invoices/payments.ts";
import { cancelInvoice, issueInvoices } from "../server/src/domains/invoices/service.ts";
import { defaultRules, type RulesInput } from "../server/src/domains/timetable/rules.ts";
import { seedTimetable } from "../server/src/domains/timetable/service.ts";
import type { Prisma, PrismaClient } from "../server/src/generated/prisma/client.ts";
import { hashPassword } from "../server/src/idp/passwords.ts";
import { berlinDay, deadlineOf } from "../server/src/shared/time.ts";

export const DEMO_PASSWORD = "demo";

const STAFF_ROLES = ["user_manage", "association_manage", "event_manage", "registration_manage", "results_manage", "invoice_manage"] as const;
const READER_ROLES = ["user_read", "association_read", "registration_read", "results_read", "invoice_read"] as const;

const DAY = 24 * 3600 * 1000;

/** A demo registration with the overview's sort keys of "Note" and "Stücke" (dexam/rules.ts overviewKeys, as every write path). */
const withOverviewKeys = (r: Prisma.DexamRegistrationCreateManyInput): Prisma.DexamRegistrationCreateManyInput => ({
  ...r,
  ...overviewKeys({
    theoryPoints: r.theoryPoints ?? null,
    practicePoints: r.practicePoints ?? null,
    partialResultType: r.partialResultType ?? null,
    existingPartialResultVerified: r.existingPartialResultVerified ?? false,
    practiceLocationId: r.practiceLocationId ?? null,
    instrument: r.instrument,
    songs: r.songs,
  }),
});

export async function seedDemoData(prisma: PrismaClient, _opts: { dataKey: DataKey; now?: Date } = { dataKey: Buffer.alloc(32) }) {
  if (await prisma.districtAssociation.findFirst({ where: { iamRef: "demo-kv-1" } })) return false;
  const now = _opts.now ?? new Date();
  const inDays = (d: number) => new Date(now.getTime() + d * DAY);
  const deadlineIn = (d: number) => deadlineOf(berlinDay(inDays(d)));
  const password = await hashPassword(DEMO_PASSWORD);
  let staffId = 0;
  let autumnId = 0;
  let kv1Id = 0;
  let stadtkapelleId = 0;

  await prisma.$transaction(
    async (tx) => {
      const kv1 = await tx.districtAssociation.create({
        data: {
          name: "Kreisverband Musterstadt",
          iamRef: "demo-kv-1",
          gdprLink: "https://example.org/musterstadt/datenschutz",
          impressLink: "https://example.org/musterstadt/impressum",
        },
      });
      const kv2 = await tx.districtAssociation.create({
        data: {
          name: "Kreisverband Beispieltal",
          iamRef: "demo-kv-2",
          gdprLink: "https://example.org/beispieltal/datenschutz",
          impressLink: "https://example.org/beispieltal/impressum",
        },
      });
      const club = (name: string, districtAssociationId: number, invoiceEmail: string) =>
        tx.association.create({ data: { name, districtAssociationId, invoiceEmail } });
      const mvMuster = await club("Musikverein Musterstadt", kv1.id, "kasse@mv-musterstadt.example");
      const stadtkapelle = await club("Stadtkapelle Musterstadt", kv1.id, "info@stadtkapelle.example");
      await club("Jugendblasorchester Nord", kv1.id, "jbo-nord@example.org");
      const mvBeispiel = await club("Musikverein Beispieltal", kv2.id, "kasse@mv-beispieltal.example");
      await club("Trachtenkapelle Talheim", kv2.id, "info@tk-talheim.example");

      const user = (data: Omit<Prisma.UserUncheckedCreateInput, "passwordHash">, clubs: number[] = []) =>
        tx.user.create({
          data: { ...data, passwordHash: password, associations: { create: clubs.map((associationId) => ({ associationId })) } },
        });
      const address = { phone: "+49711123456", street: "Hauptstraße 1", postcode: "70173", city: "Musterstadt", country: "Deutschland" };
      await user({ email: "admin@demo.test", firstname: "Anna", lastname: "Admin", roles: ["admin"], districtAssociationId: kv1.id, ...address });
      const staff = await user({
        email: "staff@demo.test",
        firstname: "Stefan",
        lastname: "Stab",
        roles: [...STAFF_ROLES],
        districtAssociationId: kv1.id,
        ...address,
      });
      staffId = staff.id;
      await user({
        email: "staff2@demo.test",
        firstname: "Sabine",
        lastname: "Stab",
        roles: [...STAFF_ROLES],
        districtAssociationId: kv2.id,
        ...address,
        city: "Beispieltal",
      });
      await user({ email: "reader@demo.test", firstname: "Rita", lastname: "Leser", roles: [...READER_ROLES], districtAssociationId: kv1.id, ...address });
      await user({ email: "member@demo.test", firstname: "Max", lastname: "Mitglied", roles: [], districtAssociationId: kv1.id, ...address }, [mvMuster.id]);
      await user(
        { email: "member2@demo.test", firstname: "Mia", lastname: "Mitglied", roles: [], districtAssociationId: kv2.id, ...address, city: "Beispieltal" },
        [mvBeispiel.id],
      );

      const common = {
        editPhase: "NO_RESTRICTIONS" as const,
        startPublishing: inDays(-30),
        finishPublishing: inDays(365),
        privacyPolicy: "Die Daten werden nur zur Durchführung der Veranstaltung verwendet.",
        cancellationConditions: "Eine Stornierung nach Anmeldeschluss ist kostenpflichtig.",
      };
      const at = (d: number, h: number) => new Date(inDays(d).setUTCHours(h, 0, 0, 0));
      const place = { street: "Schulstraße 5", postcode: "70173", city: "Musterstadt", country: "Deutschland" };

      const spring = await tx.event.create({
        data: {
          ...common,
          name: "D-Prüfungen Frühjahr",
          description: "Theorie- und Praxisprüfungen D1 bis D3",
          districtAssociationId: kv1.id,
          formType: "DEXAM",
          registrationDeadline: deadlineIn(40),
          expiration: inDays(400),
          start: at(60, 8),
          end: at(61, 17),
          address: "Musikschule Musterstadt, Schulstraße 5, 70173 Musterstadt",
          locations: {
            create: [
              { ...place, name: "Musikschule Musterstadt (Theorie)", type: "DEXAM_THEORY", start: at(60, 8), end: at(60, 12), dexamTypes: ["D1", "D2", "D3"] },
              {
                ...place,
                name: "Musikschule Musterstadt (Praxis Holz)",
                type: "DEXAM_PRACTICE",
                start: at(61, 8),
                end: at(61, 17),
                dexamTypes: ["D1", "D2", "D3"],
                instruments: ["FLUTE", "OBOE", "CLARINET", "ALTO_SAXOPHONE"],
              },
              {
                ...place,
                name: "Klarinette D2 (Praxis)",
                type: "DEXAM_PRACTICE",
                start: at(61, 9),
                end: at(61, 13),
                dexamTypes: ["D2"],
                instruments: ["CLARINET"],
              },
              {
                ...place,
                name: "Gymnasium Musterstadt (Praxis Blech)",
                type: "DEXAM_PRACTICE",
                street: "Am Gymnasium 2",
                start: at(61, 8),
                end: at(61, 17),
                dexamTypes: ["D1", "D2", "D3"],
                instruments: ["TRUMPET", "FLUGELHORN", "FRENCH_HORN", "TROMBONE", "TUBA", "PERCUSSION"],
              },
              { ...place, name: "Vorbereitungskurs Musterstadt", type: "DEXAM_PREPARATION", dexamTypes: ["D1", "D2", "D3"] },
            ],
          },
        },
        include: { locations: true },
      });
      const loc = (e: { locations: { id: number; name: string }[] }, name: string) => e.locations.find((l) => l.name === name)!.id;
      const candidate = { gender: "F" as const, gdprAccepted: true, cancellationAccepted: true };
      const noSongs = Array.from({ length: 4 }, () => ({ number: null, name: null }));
      // registrations of the spring exams: three of the member's club (one cancelled), one of another club
      await tx.dexamRegistration.createMany({
        data: (
          [
            {
              ...candidate,
              eventId: spring.id,
              associationId: mvMuster.id,
              firstname: "Clara",
              lastname: "Klarinette",
              birthdate: new Date("2011-04-12"),
              instrument: "CLARINET",
              type: "D2",
              theoryLocationId: loc(spring, "Musikschule Musterstadt (Theorie)"),
              practiceLocationId: loc(spring, "Klarinette D2 (Praxis)"),
              songs: noSongs,
            },
            {
              ...candidate,
              gender: "M",
              eventId: spring.id,
              associationId: mvMuster.id,
              firstname: "Felix",
              lastname: "Flöte",
              birthdate: new Date("2012-09-03"),
              instrument: "FLUTE",
              type: "D1",
              theoryLocationId: loc(spring, "Musikschule Musterstadt (Theorie)"),
              practiceLocationId: loc(spring, "Musikschule Musterstadt (Praxis Holz)"),
              songs: [
                { number: "12", name: "Menuett" },
                { number: "7", name: "Air" },
                { number: "3", name: "Etüde in G" },
                { number: "21", name: "Tonleitern" },
              ],
            },
            {
              ...candidate,
              eventId: spring.id,
              associationId: mvMuster.id,
              firstname: "Tina",
              lastname: "Trompete",
              birthdate: new Date("2010-01-20"),
              instrument: "TRUMPET",
              type: "D1",
              theoryLocationId: loc(spring, "Musikschule Musterstadt (Theorie)"),
              songs: noSongs,
              cancelledAt: inDays(-3),
            },
            {
              ...candidate,
              eventId: spring.id,
              associationId: stadtkapelle.id,
              firstname: "Sven",
              lastname: "Saxofon",
              birthdate: new Date("2011-11-11"),
              gender: "M",
              instrument: "ALTO_SAXOPHONE",
              type: "D2",
              theoryLocationId: loc(spring, "Musikschule Musterstadt (Theorie)"),
              practiceLocationId: loc(spring, "Musikschule Musterstadt (Praxis Holz)"),
              songs: noSongs,
            },
          ] satisfies Prisma.DexamRegistrationCreateManyInput[]
        ).map(withOverviewKeys),
      });
      // the spring exams' timetable: theory and brass practice published, woodwind practice planned but
      // not yet published, the clarinet location on its defaults (docs/decisions.md "Timetables")
      const rulesOf = (name: string, part: "THEORY" | "PRACTICE", rooms: string[]) => {
        const l = spring.locations.find((x) => x.name === name)!;
        const rules: RulesInput = { ...defaultRules(l, part), rooms, practiceOverrides: [{ course: "D3", instrument: null, minutes: 30 }] };
        return [l.id, rules] as const;
      };
      const springRules = new Map([
        rulesOf("Musikschule Musterstadt (Theorie)", "THEORY", ["Saal"]),
        rulesOf("Musikschule Musterstadt (Praxis Holz)", "PRACTICE", ["Kommission 1", "Kommission 2"]),
        rulesOf("Gymnasium Musterstadt (Praxis Blech)", "PRACTICE", ["Kommission Blech"]),
      ]);
      const springPublished = [loc(spring, "Musikschule Musterstadt (Theorie)"), loc(spring, "Gymnasium Musterstadt (Praxis Blech)")];
      await seedTimetable(tx, spring.id, springRules, springPublished, now);
      // last autumn's exams with published results: Lena passed theory only (her theory result can be
      // taken over into the spring exams), Paul passed both
      const autumn = await tx.event.create({
        data: {
          ...common,
          name: "D-Prüfungen Herbst Vorjahr",
          description: "Abgeschlossene Prüfungen mit veröffentlichten Ergebnissen",
          districtAssociationId: kv1.id,
          formType: "DEXAM",
          editPhase: "NONE",
          startPublishing: inDays(-200),
          registrationDeadline: deadlineIn(-120),
          expiration: inDays(300),
          start: at(-90, 8),
          end: at(-89, 17),
          locations: {
            create: [
              {
                ...place,
                name: "Musikschule Musterstadt (Theorie Herbst)",
                type: "DEXAM_THEORY",
                start: at(-90, 8),
                end: at(-90, 12),
                dexamTypes: ["D1", "D2", "D3"],
                publishResults: true,
              },
              {
                ...place,
                name: "Musikschule Musterstadt (Praxis Herbst)",
                type: "DEXAM_PRACTICE",
                start: at(-89, 8),
                end: at(-89, 17),
                dexamTypes: ["D1", "D2", "D3"],
                instruments: ["FLUTE", "CLARINET", "TRUMPET"],
                publishResults: true,
              },
            ],
          },
        },
        include: { locations: true },
      });
      await tx.dexamRegistration.createMany({
        data: (
          [
            {
              ...candidate,
              eventId: autumn.id,
              associationId: mvMuster.id,
              firstname: "Lena",
              lastname: "Lernfleißig",
              birthdate: new Date("2011-06-30"),
              instrument: "CLARINET",
              type: "D1",
              theoryLocationId: loc(autumn, "Musikschule Musterstadt (Theorie Herbst)"),
              practiceLocationId: loc(autumn, "Musikschule Musterstadt (Praxis Herbst)"),
              songs: noSongs,
              theoryPoints: 31.5,
              practicePoints: 28,
            },
            {
              ...candidate,
              gender: "M",
              eventId: autumn.id,
              associationId: mvMuster.id,
              firstname: "Paul",
              lastname: "Prüfling",
              birthdate: new Date("2010-02-14"),
              instrument: "TRUMPET",
              type: "D1",
              theoryLocationId: loc(autumn, "Musikschule Musterstadt (Theorie Herbst)"),
              practiceLocationId: loc(autumn, "Musikschule Musterstadt (Praxis Herbst)"),
              songs: noSongs,
              theoryPoints: 27,
              practicePoints: 41.25,
            },
          ] satisfies Prisma.DexamRegistrationCreateManyInput[]
        ).map(withOverviewKeys),
      });
      const camp = await tx.event.create({
        data: {
          ...common,
          name: "D-Prüfungen Freizeit Sommer",
          description: "Lehrgang mit Übernachtung und Prüfung",
          districtAssociationId: kv1.id,
          formType: "DEXAM_CAMP",
          registrationDeadline: deadlineIn(50),
          expiration: inDays(420),
          start: at(90, 10),
          end: at(96, 12),
          address: "Jugendherberge Seeblick, Seeweg 1, 88000 Seedorf",
          locations: {
            create: [
              {
                name: "Jugendherberge Seeblick (Theorie)",
                type: "DEXAM_THEORY",
                street: "Seeweg 1",
                postcode: "88000",
                city: "Seedorf",
                start: at(95, 9),
                end: at(95, 12),
                dexamTypes: ["D1", "D2"],
              },
              {
                name: "Jugendherberge Seeblick (Praxis)",
                type: "DEXAM_PRACTICE",
                street: "Seeweg 1",
                postcode: "88000",
                city: "Seedorf",
                start: at(96, 9),
                end: at(96, 12),
                dexamTypes: ["D1", "D2"],
                instruments: ["FLUTE", "CLARINET", "TRUMPET", "TROMBONE", "PERCUSSION"],
              },
              { name: "Freizeit-Vorbereitung", type: "DEXAM_PREPARATION", street: "Seeweg 1", postcode: "88000", city: "Seedorf", dexamTypes: ["D1", "D2"] },
            ],
          },
        },
      });
      const competition = await tx.event.create({
        data: {
          ...common,
          name: "Wertungsspiele",
          description: "Konzert-, Unterhaltungs- und Kammermusikwertungen",
          districtAssociationId: kv1.id,
          formType: "COMPETITION",
          registrationDeadline: deadlineIn(45),
          expiration: inDays(450),
          start: at(100, 9),
          end: at(101, 20),
          address: "Stadthalle Musterstadt, Festplatz 1, 70173 Musterstadt",
          locations: {
            create: [
              {
                name: "Stadthalle Musterstadt",
                type: "COMPETITION",
                street: "Festplatz 1",
                postcode: "70173",
                city: "Musterstadt",
                start: at(100, 9),
                end: at(100, 20),
                competitionTypes: ["T", "K", "U", "M"],
              },
              {
                name: "Kulturzentrum Musterstadt",
                type: "COMPETITION",
                street: "Kulturweg 3",
                postcode: "70173",
                city: "Musterstadt",
                start: at(101, 9),
                end: at(101, 18),
                competitionTypes: ["G", "B"],
              },
            ],
          },
        },
        include: { locations: true },
      });
      // three ensembles with their pieces and a published timetable of both stages, so a new user
      // sees one at once (docs/decisions.md "Timetables"); their slots follow the spring exams' ids
      const piece = (name: string, composer: string, duration: number) => ({ name, composer, publisher: "Musikverlag Muster", arranger: null, duration });
      const ensemble = { gdprAccepted: true, cancellationAccepted: true, documentsComplete: true } as const;
      await tx.competitionRegistration.createMany({
        data: (
          [
            {
              ...ensemble,
              eventId: competition.id,
              associationId: mvMuster.id,
              locationId: loc(competition, "Stadthalle Musterstadt"),
              name: "Blasorchester Musterstadt",
              type: "K",
              cast: "B",
              category: "CAT_3",
              conductorName: "Karl Kapellmeister",
              numberOfMusicians: 42,
              songs: [piece("Festlicher Einzug", "Hans Hornung", 420), piece("Bilder einer Landschaft", "Erika Ehrlich", 600)],
            },
            {
              ...ensemble,
              eventId: competition.id,
              associationId: stadtkapelle.id,
              locationId: loc(competition, "Stadthalle Musterstadt"),
              name: "Stadtkapelle Musterstadt",
              type: "U",
              cast: "B",
              category: "CAT_2",
              conductorName: "Dora Dirigentin",
              numberOfMusicians: 35,
              songs: [piece("Marsch der Freunde", "Otto Oberton", 240), piece("Sommerabend", "Lisa Lied", 300)],
            },
            {
              ...ensemble,
              eventId: competition.id,
              associationId: mvMuster.id,
              locationId: loc(competition, "Kulturzentrum Musterstadt"),
              name: "Holzbläserquintett Musterstadt",
              type: "G",
              cast: "E",
              ageGroup: "III",
              conductorName: "Clara Klarinette",
              numberOfMusicians: 5,
              members: "Clara Klarinette\nFelix Flöte\nOlga Oboe\nFranz Fagott\nHanna Horn",
              songs: [
                piece("Kleine Serenade", "Hans Hornung", 180),
                piece("Tanz der Winde", "Erika Ehrlich", 150),
                piece("Andante", "Otto Oberton", 120),
                piece("Finale", "Lisa Lied", 90),
              ],
            },
          ] satisfies Prisma.CompetitionRegistrationCreateManyInput[]
        ).map((r) => ({ ...r, ...competitionOverviewKeys(r) })),
      });
      const stage = (name: string, rooms: string[]) => {
        const l = competition.locations.find((x) => x.name === name)!;
        return [l.id, { ...defaultRules(l, "PERFORMANCE"), rooms }] as const;
      };
      const stages = new Map([stage("Stadthalle Musterstadt", ["Große Bühne"]), stage("Kulturzentrum Musterstadt", ["Saal 1", "Saal 2"])]);
      await seedTimetable(tx, competition.id, stages, [...stages.keys()], now);
      // fees of district 1's events (invoices/fees.ts item keys) and its seller data
      const dexamFees = (eventId: number, extra: [string, number][] = []) =>
        [
          ["dexam:D1:theory", 1500],
          ["dexam:D1:practice", 2500],
          ["dexam:D2:theory", 2000],
          ["dexam:D2:practice", 3000],
          ["dexam:D3:theory", 2500],
          ["dexam:D3:practice", 3500],
          ...extra,
        ].map(([item, amountCents]) => ({ eventId, item: item as string, amountCents: amountCents as number }));
      await tx.eventFee.createMany({
        data: [
          ...dexamFees(spring.id),
          ...dexamFees(autumn.id),
          ...dexamFees(camp.id, [
            ["dexam:D1:camp", 12000],
            ["dexam:D2:camp", 12000],
          ]),
          ...["T", "K", "U"].map((t) => ({ eventId: competition.id, item: `competition:${t}`, amountCents: 4000 })),
        ],
      });
      await tx.eventFeeSchedule.create({ data: { eventId: spring.id, lateFrom: deadlineIn(30), lateFeeCents: 1000 } });
      await tx.invoiceSeller.create({
        data: {
          districtAssociationId: kv1.id,
          name: "Kreisverband Musterstadt e. V.",
          street: "Hauptstraße 1",
          postcode: "70173",
          city: "Musterstadt",
          email: "kasse@kv-musterstadt.example",
          taxNumber: "99/815/08151",
          registrationId: "VR 1234, Amtsgericht Musterstadt",
          exemptionNote: "Umsatzsteuerfrei nach § 4 Nr. 22 Buchst. a UStG",
          iban: "DE02120300000000202051",
          bic: "BYLADEM1001",
          bankName: "Demo-Bank",
          creditorId: "DE98ZZZ09999999999",
        },
      });
      autumnId = autumn.id;
      kv1Id = kv1.id;
      stadtkapelleId = stadtkapelle.id;
      await tx.event.create({
        data: {
          ...common,
          name: "D-Prüfungen Herbst Beispieltal",
          districtAssociationId: kv2.id,
          formType: "DEXAM",
          registrationDeadline: deadlineIn(70),
          expiration: inDays(450),
          start: at(120, 8),
          end: at(120, 17),
          address: "Schulzentrum Beispieltal",
          locations: {
            create: [
              {
                name: "Schulzentrum Beispieltal (Theorie)",
                type: "DEXAM_THEORY",
                street: "Talstraße 9",
                postcode: "79000",
                city: "Beispieltal",
                start: at(120, 8),
                end: at(120, 11),
                dexamTypes: ["D1", "D2", "D3"],
              },
              {
                name: "Schulzentrum Beispieltal (Praxis)",
                type: "DEXAM_PRACTICE",
                street: "Talstraße 9",
                postcode: "79000",
                city: "Beispieltal",
                start: at(120, 12),
                end: at(120, 17),
                dexamTypes: ["D1", "D2", "D3"],
                instruments: ["CLARINET", "TRUMPET", "FLUTE"],
              },
            ],
          },
        },
      });
      // last autumn's exams of another club, written last (the ids the /v1 examples name stay): its
      // invoice is cancelled and issued again (demoInvoices)
      await tx.dexamRegistration.create({
        data: withOverviewKeys({
          ...candidate,
          eventId: autumn.id,
          associationId: stadtkapelle.id,
          firstname: "Frieda",
          lastname: "Flöte",
          birthdate: new Date("2011-09-03"),
          instrument: "FLUTE",
          type: "D2",
          theoryLocationId: loc(autumn, "Musikschule Musterstadt (Theorie Herbst)"),
          practiceLocationId: loc(autumn, "Musikschule Musterstadt (Praxis Herbst)"),
          songs: noSongs,
          theoryPoints: 30,
          practicePoints: 40,
        }) as Prisma.DexamRegistrationUncheckedCreateInput,
      });
    },
    { timeout: 60_000 },
  );
  await demoInvoices(prisma, _opts, { staffId, districtAssociationId: kv1Id, eventId: autumnId, cancelledClub: stadtkapelleId, now });
  return true;
}

/**
 * District 1's invoices of last autumn's exams, issued as its treasurer does (invoices/service.ts):
 * the Musikverein's paid, the Stadtkapelle's cancelled (with its cancellation invoice) and issued
 * again, still open.
 */
async function demoInvoices(
  prisma: PrismaClient,
  opts: { dataKey: DataKey },
  at: { staffId: number; districtAssociationId: number; eventId: number; cancelledClub: number; now: Date },
) {
  const ctx = {
    prisma,
    principal: {
      kind: "user",
      userId: at.staffId,
      subject: "demo-seed",
      roles: ["invoice_manage"],
      districtAssociationId: at.districtAssociationId,
      associationIds: [],
      blocked: false,
      profileComplete: true,
    },
    // the outbox sender sends the invoice mails on its next round
    services: { dataKey: opts.dataKey, now: () => at.now, mail: { wake: () => {} } },
  } as unknown as ServiceCtx;
  const first = await issueInvoices(ctx, at.eventId);
  const paid = first.find((i) => i.associationId !== at.cancelledClub);
  const cancelled = first.find((i) => i.associationId === at.cancelledClub);
  if (paid) await markInvoicePaid(ctx, paid.id, berlinDay(at.now));
  if (cancelled) {
    await cancelInvoice(ctx, cancelled.id);
    await issueInvoices(ctx, at.eventId, [at.cancelledClub]);
  }
}
