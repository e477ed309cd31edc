// The benchmark dataset: 10x the largest real federation, generated inside the database with
// generate_series (seconds, not minutes), the same SQL for PostgreSQL and PGlite.
//   10 district associations, 500 clubs, 20,000 users (one shared password hash), 40 events
//   (4 per district: D-exam, camp, competition, D-exam), 50,000 D-exam registrations (event 1 holds
//   5,000 of them), 5,000 competition registrations, results for half of the registrations.
// BENCH_SCALE=100 (a national federation on one box, 100x the largest real federation): 5,000
// clubs, 200,000 users, 500,000 registrations (450,000 D-exam, 50,000 of them in event 1, and
// 50,000 competition); districts and events stay.
export type Scale = {
  districts: number;
  clubs: number;
  users: number;
  events: number;
  dexam: number;
  bigEvent: number;
  competition: number;
};

/** The dataset at `factor` times the largest real federation: 10 (the default) or 100. */
export function scaleOf(factor: 10 | 100): Scale {
  return factor === 100
    ? { districts: 10, clubs: 5_000, users: 200_000, events: 40, dexam: 450_000, bigEvent: 50_000, competition: 50_000 }
    : { districts: 10, clubs: 500, users: 20_000, events: 40, dexam: 50_000, bigEvent: 5_000, competition: 5_000 };
}

export const SCALE = scaleOf(10);

/** Password "bench" (scrypt hash of the embedded provider's format is not needed: nobody signs in by password). */
const HASH = "bench-not-a-real-hash";

export function seedStatements(s: Scale = SCALE): string[] {
  const instruments = `(ARRAY['FLUTE','CLARINET','TRUMPET','TROMBONE','ALTO_SAXOPHONE','PERCUSSION','FRENCH_HORN','TUBA']::"Instrument"[])`;
  return [
    `INSERT INTO "DistrictAssociation" (name, "iamRef", "gdprLink", "impressLink", "updatedAt")
     SELECT 'Kreisverband ' || i, 'bench-kv-' || i, 'https://example.org/' || i || '/datenschutz', 'https://example.org/' || i || '/impressum', now()
     FROM generate_series(1, ${s.districts}) i`,
    `INSERT INTO "Association" (name, "districtAssociationId", "invoiceEmail", "updatedAt")
     SELECT 'Musikverein ' || i, 1 + (i - 1) % ${s.districts}, 'kasse' || i || '@example.org', now()
     FROM generate_series(1, ${s.clubs}) i`,
    // users 1..10 are staff of their district (all staff roles); the rest are members of one club of their district
    `INSERT INTO "User" (subject, firstname, lastname, email, phone, street, postcode, city, country, roles, "districtAssociationId", "passwordHash", "lastActive", "updatedAt")
     SELECT 'bench-' || i, 'Vorname' || i, 'Nachname' || (i % 997), 'user' || i || '@bench.example', '+49711' || i, 'Hauptstraße ' || i, '70173', 'Musterstadt', 'Deutschland',
            CASE WHEN i <= ${s.districts} THEN ARRAY['user_manage','association_manage','registration_manage','event_manage','results_manage']::"Role"[] ELSE ARRAY[]::"Role"[] END,
            1 + (i - 1) % ${s.districts}, '${HASH}', now(), now()
     FROM generate_series(1, ${s.users}) i`,
    `INSERT INTO "UserAssociation" ("userId", "associationId")
     SELECT i, 1 + ((i - 1) % ${s.districts}) + ${s.districts} * ((i / ${s.districts}) % ${s.clubs / s.districts})
     FROM generate_series(${s.districts + 1}, ${s.users}) i`,
    // events: 4 per district; event i belongs to district 1 + (i-1) % 10; events 1..10 are D-exams with
    // an open deadline (event 1 is the big one), 11..20 camps, 21..30 competitions, 31..40 D-exams
    `INSERT INTO "Event" (name, "districtAssociationId", "formType", "editPhase", "registrationDeadline", "startPublishing", "finishPublishing", start, "end", "privacyPolicy", "cancellationConditions", "updatedAt")
     SELECT 'Veranstaltung ' || i, 1 + (i - 1) % ${s.districts},
            (CASE WHEN i <= 10 OR i > 30 THEN 'DEXAM' WHEN i <= 20 THEN 'DEXAM_CAMP' ELSE 'COMPETITION' END)::"FormType",
            'NO_RESTRICTIONS', now() + interval '30 days', now() - interval '10 days', now() + interval '200 days',
            now() + (i || ' days')::interval + interval '40 days', now() + (i || ' days')::interval + interval '41 days',
            'Datenschutz', 'Storno kostet', now()
     FROM generate_series(1, ${s.events}) i`,
    // locations: D-exam events get theory + practice (all instruments) + preparation; competitions two halls
    `INSERT INTO "EventLocation" (name, type, "eventId", street, city, start, "end", "dexamTypes", instruments, "publishResults", "updatedAt")
     SELECT 'Theorie ' || e.id, 'DEXAM_THEORY'::"LocationType", e.id, 'Schulstraße 1', 'Musterstadt', e.start, e.start + interval '4 hours', ARRAY['D1','D2','D3']::"DexamType"[], ARRAY[]::"Instrument"[], e.id % 2 = 0, now()
     FROM "Event" e WHERE e."formType" <> 'COMPETITION'
     UNION ALL
     SELECT 'Praxis ' || e.id, 'DEXAM_PRACTICE'::"LocationType", e.id, 'Schulstraße 1', 'Musterstadt', e."end", e."end" + interval '8 hours', ARRAY['D1','D2','D3']::"DexamType"[], enum_range(NULL::"Instrument"), e.id % 2 = 0, now()
     FROM "Event" e WHERE e."formType" <> 'COMPETITION'
     UNION ALL
     SELECT 'Vorbereitung ' || e.id, 'DEXAM_PREPARATION'::"LocationType", e.id, 'Schulstraße 1', 'Musterstadt', NULL, NULL, ARRAY['D1','D2','D3']::"DexamType"[], ARRAY[]::"Instrument"[], false, now()
     FROM "Event" e WHERE e."formType" <> 'COMPETITION'`,
    `INSERT INTO "EventLocation" (name, type, "eventId", street, city, start, "end", "competitionTypes", "publishResults", "updatedAt")
     SELECT 'Halle ' || e.id || '-' || h, 'COMPETITION', e.id, 'Hallenweg 1', 'Musterstadt', e.start, e."end", ARRAY['T','K','U','G','M','B']::"CompetitionType"[], false, now()
     FROM "Event" e CROSS JOIN generate_series(1, 2) h WHERE e."formType" = 'COMPETITION'`,
    // D-exam registrations: the first 5,000 in event 1 (district 1), the rest spread over the other D-exam/camp events;
    // the club is one of the event's district; results for every second registration. The overview's
    // sort keys as dexam/rules.ts overviewKeys works them out from these values (two of four pieces
    // with a practice exam: incomplete; the pass rule over the points; bench-dataset.pg.test.ts
    // compares), so no start-up sweep runs during a figure
    `INSERT INTO "DexamRegistration" ("eventId", "userId", firstname, lastname, birthdate, gender, "associationId", instrument, type,
            "theoryLocationId", "practiceLocationId", songs, "gdprAccepted", "cancellationAccepted", "theoryPoints", "practicePoints", "cancelledAt",
            "gradeKey", "songsCompleteKey", "updatedAt")
     SELECT ev, NULL, 'Kandidat' || i, 'Familie' || (i % 1499), DATE '2011-01-01' + (i % 1500), (ARRAY['M','F','D']::"Gender"[])[1 + i % 3],
            d + ${s.districts} * (i % ${s.clubs / s.districts}), ${instruments}[1 + i % 8], (ARRAY['D1','D2','D3']::"DexamType"[])[1 + i % 3],
            (SELECT id FROM "EventLocation" WHERE "eventId" = ev AND type = 'DEXAM_THEORY'),
            (SELECT id FROM "EventLocation" WHERE "eventId" = ev AND type = 'DEXAM_PRACTICE'),
            '[{"number":"1","name":"Menuett"},{"number":"2","name":"Air"},{"number":null,"name":null},{"number":null,"name":null}]'::jsonb,
            true, true,
            CASE WHEN i % 2 = 0 THEN 20 + (i % 21) END, CASE WHEN i % 2 = 0 THEN 30 + (i % 19) END,
            CASE WHEN i % 50 = 0 THEN now() - interval '1 day' END,
            CASE WHEN i % 2 = 0 THEN (CASE WHEN 20 + (i % 21) >= 24 AND 30 + (i % 19) >= 36 THEN 'PASSED' ELSE 'FAILED' END)::"DexamGrade" END, false, now()
     FROM (
       SELECT i, ev, 1 + (ev - 1) % ${s.districts} AS d FROM (
         SELECT i, CASE WHEN i <= ${s.bigEvent} THEN 1 ELSE (ARRAY[2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,31,32,33,34,35,36,37,38,39,40])[1 + i % 29] END AS ev
         FROM generate_series(1, ${s.dexam}) i
       ) x
     ) y`,
    // pieces: both rows the types T, K, U and M ask for, complete (the sort key as competitionOverviewKeys works it out)
    `INSERT INTO "CompetitionRegistration" ("eventId", "locationId", name, "associationId", type, "cast", category, "ageGroup", "conductorName", "numberOfMusicians", members,
            songs, "gdprAccepted", "cancellationAccepted", points, mark, "songsCompleteKey", "updatedAt")
     SELECT ev, (SELECT min(id) FROM "EventLocation" WHERE "eventId" = ev), 'Orchester ' || i, d + ${s.districts} * (i % ${s.clubs / s.districts}),
            (ARRAY['T','K','U','M']::"CompetitionType"[])[1 + i % 4], 'B', (ARRAY['CAT_1','CAT_2','CAT_3','CAT_4','CAT_5','CAT_6']::"Category"[])[1 + i % 6], NULL,
            'Dirigent ' || i, 20 + i % 60, NULL,
            '[{"name":"Pflichtstück","composer":"A","publisher":"V","arranger":null,"duration":300},{"name":"Selbstwahl","composer":"B","publisher":"W","arranger":null,"duration":420}]'::jsonb,
            true, true, CASE WHEN i % 2 = 0 THEN 70 + (i % 30) END, CASE WHEN i % 2 = 0 THEN 'mit gutem Erfolg' END, true, now()
     FROM (SELECT i, 21 + i % 10 AS ev, 1 + (20 + i % 10) % ${s.districts} AS d FROM generate_series(1, ${s.competition}) i) x`,
    // as autovacuum leaves a running database after a bulk insert: statistics and the visibility map
    // (without it, counting an event's registrations reads every row's page, not the index alone)
    `VACUUM ANALYZE`,
  ];
}
