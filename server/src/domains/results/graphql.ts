// GraphQL of results management: the results tables (results_read/results_manage of the event's
// district) and the theory result / delete result mutations (results_manage). The rows are plain
// result rows, not the DexamRegistration node: results staff read results, not the registration
// with its camp data. Uploads and downloads are /v1 routes (multipart, files).

import type { CompetitionRegistration, DexamRegistration } from "../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import { CastEnum, CategoryEnum, CompetitionTypeEnum, DexamTypeEnum, DifficultyLevelEnum, ExamPartEnum, InstrumentEnum } from "../../graphql/enums.ts";
import { encodeId, numericId } from "../../graphql/ids.ts";
import { ASSOCIATION, associationFilterArgs, inOldShape, LOCATION, locationFilterArgs, oldArgs, requiredSpelling } from "../../graphql/sameShape.ts";
import { ExamGradeEnum } from "../dexam/graphql.ts";
import { gradeOf } from "../dexam/rules.ts";
import { competitionResults, deleteResult, dexamResults, setTheoryResult } from "./service.ts";

type DexamRow = DexamRegistration & { association: { name: string } };
type CompetitionRow = CompetitionRegistration & { association: { name: string } };
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const DexamResultType = builder.objectRef<DexamRow>("DexamResult").implement({
  description: "A D-exam registration in results management: the person, the booked parts and the results (always visible to results staff).",
  fields: (t) => ({
    id: t.id({ description: "Its own global id (a result row is not the registration node).", resolve: (r) => encodeId("DexamResult", r.id) }),
    registrationId: t.id({ description: "The DexamRegistration's global id (for the result mutations).", resolve: (r) => encodeId("DexamRegistration", r.id) }),
    databaseId: t.exposeInt("id", { description: "Numeric registration id as used by /v1." }),
    firstname: t.exposeString("firstname", { description: "First name." }),
    lastname: t.exposeString("lastname", { description: "Last name." }),
    associationId: t.exposeInt("associationId", { description: "Numeric id of the club (Verein)." }),
    associationName: t.string({ resolve: (r) => r.association.name, description: "Name of the club (Verein)." }),
    instrument: t.expose("instrument", { type: InstrumentEnum, description: "The instrument of the exam." }),
    type: t.expose("type", { type: DexamTypeEnum, description: "The course (Kurs)." }),
    theoryLocationId: t.exposeInt("theoryLocationId", { nullable: true, description: "Numeric id of the location (Veranstaltungsort) of the theory exam." }),
    practiceLocationId: t.exposeInt("practiceLocationId", {
      nullable: true,
      description: "Numeric id of the location (Veranstaltungsort) of the practical exam.",
    }),
    theoryPoints: t.float({ nullable: true, resolve: (r) => num(r.theoryPoints), description: "Points of the theory exam (at least 24 to pass)." }),
    practicePoints: t.float({ nullable: true, resolve: (r) => num(r.practicePoints), description: "Points of the practical exam (at least 36 to pass)." }),
    partialResultType: t.expose("partialResultType", { type: ExamPartEnum, nullable: true, description: "Which part the earlier partial result covers." }),
    existingPartialResultVerified: t.exposeBoolean("existingPartialResultVerified", { description: "Staff verified the partial result from an earlier exam." }),
    grade: t.field({
      type: ExamGradeEnum,
      nullable: true,
      resolve: (r) =>
        gradeOf({
          theoryPoints: num(r.theoryPoints),
          practicePoints: num(r.practicePoints),
          partialResultType: r.partialResultType,
          existingPartialResultVerified: r.existingPartialResultVerified,
        }),
      description: "PASSED or FAILED, once both parts have points.",
    }),
    hasPracticeSheet: t.boolean({
      description: "A filled practice sheet is stored (download /v1/export/registration/dexam/{id}/practice_sheet).",
      resolve: (r) => r.practiceSheetFileId !== null,
    }),
    cancelledAt: t.expose("cancelledAt", {
      type: "DateTime",
      nullable: true,
      description: "When the registration was cancelled (storniert); null while active.",
    }),
    version: t.exposeInt("version", {
      description: "The registration's version: increases with every change; send it back with setDexamTheoryResult (optimistic concurrency).",
    }),
  }),
});

const CompetitionResultType = builder.objectRef<CompetitionRow>("CompetitionResult").implement({
  description: "A competition registration in results management with points and mark (always visible to results staff).",
  fields: (t) => ({
    id: t.id({ description: "Its own global id (a result row is not the registration node).", resolve: (r) => encodeId("CompetitionResult", r.id) }),
    registrationId: t.id({ description: "The CompetitionRegistration's global id.", resolve: (r) => encodeId("CompetitionRegistration", r.id) }),
    databaseId: t.exposeInt("id", { description: "Numeric registration id (the Anmelde-ID of the PC Juror files)." }),
    name: t.exposeString("name", { description: "Name of the group." }),
    associationId: t.exposeInt("associationId", { description: "Numeric id of the club (Verein)." }),
    associationName: t.string({ resolve: (r) => r.association.name, description: "Name of the club (Verein)." }),
    type: t.expose("type", { type: CompetitionTypeEnum, description: "Competition type." }),
    cast: t.expose("cast", { type: CastEnum, description: "Besetzung (line-up) of the group." }),
    category: t.expose("category", { type: CategoryEnum, nullable: true, description: "Difficulty category (Kategorie 1-6)." }),
    ageGroup: t.expose("ageGroup", { type: DifficultyLevelEnum, nullable: true, description: "Age group / level (Stufe)." }),
    locationId: t.exposeInt("locationId", { nullable: true, description: "Numeric id of the location (Veranstaltungsort)." }),
    points: t.float({ nullable: true, resolve: (r) => num(r.points), description: "Points awarded by the jury; null until entered." }),
    mark: t.exposeString("mark", { nullable: true, description: "Rating (Prädikat) that goes with the points; null until entered." }),
    cancelledAt: t.expose("cancelledAt", {
      type: "DateTime",
      nullable: true,
      description: "When the registration was cancelled (storniert); null while active.",
    }),
  }),
});

const filterArgs = (t: any) => ({
  eventId: t.arg.globalID({ required: true, description: "Global id of the event (Veranstaltung)." }),
  ...locationFilterArgs(
    "Only this location (D-exams: theory or practice location): its global id (EventLocation.id, as read at DexamRegistration.theoryLocation.id).",
    "Only this location (D-exams: theory or practice location; numeric id).",
  ),
  ...associationFilterArgs("Only this club: its global id (Association.id).", "Only this club (numeric id)."),
  search: t.arg.string({ required: false, description: "Part of a name or the club, or the numeric id." }),
});
type FilterArgs = {
  eventId: { typename: string; id: string };
  locationId?: number | null;
  associationId?: number | null;
  search?: string | null;
};
/** the filters by global id and the deprecated numeric ones they replace (graphql/sameShape.ts) */
const FILTER_SPELLINGS = [LOCATION, ASSOCIATION];
const filterOf = (args: FilterArgs) => {
  const a = oldArgs(args, FILTER_SPELLINGS);
  return { ...a, eventId: numericId(a.eventId, "Event", "Veranstaltung") };
};

builder.queryField("dexamResults", (t) =>
  t.field({
    type: [DexamResultType],
    description: "Results management of a D-exam event: registrations with their results (results_read, results_manage of the district).",
    authScopes: { operation: "results.list" },
    args: filterArgs(t),
    resolve: async (_root, args, ctx) => (await dexamResults(ctx, filterOf(args as FilterArgs))) as DexamRow[],
  }),
);

builder.queryField("competitionResults", (t) =>
  t.field({
    type: [CompetitionResultType],
    description: "Results management of a competition event: registrations with points and mark (results_read, results_manage of the district).",
    authScopes: { operation: "results.list" },
    args: filterArgs(t),
    resolve: async (_root, args, ctx) => (await competitionResults(ctx, filterOf(args as FilterArgs))) as CompetitionRow[],
  }),
);

const regId = (id: { typename: string; id: string }) => numericId(id, "DexamRegistration", "D-Prüfungsanmeldung");
/** the location of a result: its global id, or the deprecated numeric id (graphql/sameShape.ts) */
const LOCATION_SPELLING = requiredSpelling(LOCATION);
const reload = (ctx: { prisma: import("../../generated/prisma/client.ts").PrismaClient }, id: number) =>
  ctx.prisma.dexamRegistration.findUniqueOrThrow({ where: { id }, include: { association: { select: { name: true } } } });

builder.mutationField("setDexamTheoryResult", (t) =>
  t.field({
    type: DexamResultType,
    description: "Enters the theory points (0..100, step 0.01) of a registration at its theory location (results_manage).",
    authScopes: { operation: "results.setTheory" },
    args: {
      registrationId: t.arg.globalID({ required: true, description: "Global id of the D-exam registration." }),
      ...locationFilterArgs(
        "The registration's theory location: its global id, as read at DexamRegistration.theoryLocation.id. Required (or the deprecated locationId).",
        "The registration's theory location (numeric id).",
      ),
      theoryPoints: t.arg.float({ required: true, description: "Points of the theory exam (0..100, step 0.01)." }),
      version: t.arg.int({
        description:
          "The DexamResult.version the entry was based on: refused (CONFLICT) when the registration changed meanwhile; without it the save is not checked.",
      }),
    },
    resolve: async (_root, { registrationId, theoryPoints, version, ...at }, ctx) => {
      const result = await inOldShape(at, [LOCATION_SPELLING], ({ locationId }) =>
        setTheoryResult(ctx, regId(registrationId), locationId as number, theoryPoints, version),
      );
      return reload(ctx, result.id);
    },
  }),
);

builder.mutationField("deleteDexamResult", (t) =>
  t.field({
    type: DexamResultType,
    description: "Deletes the result of one part: the theory points (theory location) or the practice points with the stored sheet (practice location).",
    authScopes: { operation: "results.delete" },
    args: {
      registrationId: t.arg.globalID({ required: true, description: "Global id of the D-exam registration." }),
      ...locationFilterArgs(
        "The location whose result is deleted (the registration's theory or practice location): its global id, as read at DexamRegistration.theoryLocation.id or practiceLocation.id. Required (or the deprecated locationId).",
        "The location whose result is deleted (numeric id).",
      ),
    },
    resolve: async (_root, { registrationId, ...at }, ctx) => {
      const result = await inOldShape(at, [LOCATION_SPELLING], ({ locationId }) => deleteResult(ctx, regId(registrationId), locationId as number));
      return reload(ctx, result.id);
    },
  }),
);
