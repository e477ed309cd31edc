import { mayActOn } from "../../auth/permissions.ts";
import { builder, createAndUpdateInputs, type InputFields } from "../../graphql/builder.ts";
import { DexamTypeEnum, EditScopeEnum, ExamPartEnum, GenderEnum, InstrumentEnum, MealRequestEnum, VaccinationTypeEnum } from "../../graphql/enums.ts";
import { numericId } from "../../graphql/ids.ts";
import { rowMutation } from "../../graphql/mutation.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { ASSOCIATION, day, inOldShape, objectId, useInstead } from "../../graphql/sameShape.ts";
import { AssociationType, clubOfReadableRow } from "../associations/graphql.ts";
import { mayReadTrail } from "../audit/read.ts";
import { recordGraphqlRead } from "../healthaccess/service.ts";
import { hasCampData, isRegistrationStaff, mayReadCampData } from "../registrations/access.ts";
import {
  clubInputFields,
  consentInputFields,
  registrationConnection,
  registrationHeadFields,
  registrationId,
  registrationMutations,
  registrationStateFields,
  remarksField,
} from "../registrations/graphql.ts";
import { IDEMPOTENCY_KEY } from "../registrations/idempotency.ts";
import { findPersonRegistrations } from "./person.ts";
import type { CampData, DexamInput, DexamSong } from "./rules.ts";
import { campDataErasure, gradeOf, rowActions, songsComplete } from "./rules.ts";
import {
  campOf,
  cancelDexamRegistration,
  canReadRegistration,
  createDexam,
  DEXAM,
  DEXAM_LIST,
  deleteDexamRegistration,
  eraseDexamCampData,
  isManager,
  takeOver,
  updateDexamRegistration,
  visibleResult,
} from "./service.ts";

/**
 * What a registration row always loads besides its columns: the relations the results, the row
 * menu and the row rule look at (event, the locations' publishing, whether it was taken over), and
 * its club (the overview shows it on every row; read from the row, not through Pothos' relation
 * loading, which cost a lookup per row).
 */
const ROW_INCLUDE = {
  event: { select: { districtAssociationId: true, editPhase: true, formType: true, start: true, end: true } },
  theoryLocation: { select: { publishResults: true } },
  practiceLocation: { select: { publishResults: true } },
  takenOverBy: { select: { id: true } },
  association: true,
} as const;

const DOCS = {
  id: "Global id of the D-exam (graded exam D1-D3) registration.",
  create: "Registers a person for the D-exams of an event.",
  delete:
    "Deletes a registration without cancellation date (registration_manage, or the club in phase NoRestrictions); a cancelled one only by registration_manage (erasure on request).",
};

const SongType = builder.objectRef<DexamSong>("DexamSong").implement({
  description: "An exam piece: number (catalogue number; percussion rows are small drum, drum set, timpani, orchestral percussion) and name.",
  fields: (t) => ({
    number: t.exposeString("number", { nullable: true, description: "Catalogue number of the piece." }),
    name: t.exposeString("name", { nullable: true, description: "Title of the piece." }),
  }),
});

const VaccinationType = builder.objectRef<NonNullable<CampData["vaccinations"]>[number]>("Vaccination").implement({
  description: "One vaccination of a camp participant.",
  fields: (t) => ({
    type: t.expose("type", { type: VaccinationTypeEnum, description: "Which vaccination." }),
    available: t.exposeBoolean("available", { description: "The vaccination exists." }),
    date: t.exposeString("date", { nullable: true, description: "Date of the vaccination (free text as entered)." }),
  }),
});
const ContactType = builder.objectRef<NonNullable<CampData["emergencyContacts"]>[number]>("EmergencyContact").implement({
  description: "Whom to call in an emergency during the holiday camp (Freizeit).",
  fields: (t) => ({
    name: t.exposeString("name", { nullable: true, description: "Name of the contact." }),
    phone: t.exposeString("phone", { nullable: true, description: "Phone number of the contact." }),
  }),
});
const CampType = builder.objectRef<CampData>("CampExtension").implement({
  description: "Camp data (form type DEXAM_CAMP). Health data and emergency contacts are stored encrypted.",
  fields: (t) => ({
    diseases: t.exposeString("diseases", { nullable: true, description: "Diseases the camp staff should know about." }),
    intolerances: t.exposeString("intolerances", { nullable: true, description: "Food intolerances." }),
    allergies: t.exposeString("allergies", { nullable: true, description: "Allergies." }),
    mealRequest: t.expose("mealRequest", { type: MealRequestEnum, nullable: true, description: "Meal request for the camp." }),
    vaccinations: t.field({ type: [VaccinationType], resolve: (c) => c.vaccinations ?? [], description: "Vaccination status (FSME, tetanus)." }),
    emergencyContacts: t.field({
      type: [ContactType],
      resolve: (c) => c.emergencyContacts ?? [],
      description: "Whom to call in an emergency during the camp.",
    }),
  }),
});

const FileInfoType = builder.objectRef<{ name: string; size: number }>("FileInfo").implement({
  description: "A stored file: its name and size in bytes.",
  fields: (t) => ({ name: t.exposeString("name", { description: "File name." }), size: t.exposeInt("size", { description: "Size in bytes." }) }),
});

export const ExamGradeEnum = builder.enumType("ExamGrade", {
  description: "D-exam grade: PASSED (practice >= 36 and theory >= 24, a verified partial result counts for its part) or FAILED.",
  values: { PASSED: { description: "bestanden" }, FAILED: { description: "nicht bestanden" } } as const,
});

const ActionsType = builder
  .objectRef<ReturnType<typeof rowActions> & { history: boolean; readCampData: boolean; eraseCampData: boolean }>("DexamRegistrationActions")
  .implement({
    description: "The row menu of the registration overview for the signed-in user.",
    fields: (t) => ({
      history: t.exposeBoolean("history", {
        description: "The viewer may read the registration's change history (auditTrail): registration_manage or results_manage of its district.",
      }),
      edit: t.field({ type: EditScopeEnum, resolve: (a) => a.edit, description: "What the viewer may edit." }),
      delete: t.exposeBoolean("delete", {
        description: "registration_manage, or the club in edit phase NoRestrictions; once cancelled only registration_manage (erasure on request).",
      }),
      cancel: t.exposeBoolean("cancel", { description: "Offered instead of delete; once only." }),
      manage: t.exposeBoolean("manage", { description: "registration_manage: may edit cancelledAt and existingPartialResultVerified." }),
      takeOver: t.exposeBoolean("takeOver", { description: "A passed part exists, the exam is not passed as a whole, and it was not taken over yet." }),
      downloadPracticeSheet: t.exposeBoolean("downloadPracticeSheet", { description: "The viewer may download the sheet of the practical exam." }),
      downloadConsentForm: t.exposeBoolean("downloadConsentForm", {
        description: "The viewer may download the consent form: the account that registered and registration staff of the district.",
      }),
      readCampData: t.exposeBoolean("readCampData", {
        description:
          "The viewer reads and changes the camp data (the account that registered and registration staff of the district); others see campDataWithheld, and their edits keep the stored camp data.",
      }),
      eraseCampData: t.exposeBoolean("eraseCampData", {
        description: "registration_manage may erase only the camp data (eraseDexamCampData): a camp that has ended, with camp data or a consent form left.",
      }),
    }),
  });

type ResultSelected = {
  theoryPoints: unknown;
  practicePoints: unknown;
  practiceSheetFileId: number | null;
  partialResultType: "THEORY" | "PRACTICE" | null;
  existingPartialResultVerified: boolean;
  associationId: number;
  event: { districtAssociationId: number };
  theoryLocation: { publishResults: boolean } | null;
  practiceLocation: { publishResults: boolean } | null;
};
// theoryPoints, practicePoints, grade and viewerCan each need a row's visible result: worked out
// once per row object (a row is read for one request, so for one principal)
const resultsOfRows = new WeakMap<object, ReturnType<typeof visibleResult>>();
const resultOf = (ctx: { principal: import("../../auth/principal.ts").Principal | null }, r: ResultSelected) => {
  let result = resultsOfRows.get(r);
  if (!result) {
    result = visibleResult(ctx.principal, r as Parameters<typeof visibleResult>[1], r.event, r);
    resultsOfRows.set(r, result);
  }
  return result;
};

export const DexamRegistrationType = builder.prismaNode("DexamRegistration", {
  description: "A D-exam registration (D-Prüfungsanmeldung) of a club for one person.",
  id: { field: "id" },
  // All columns and the relations the overview's row needs are loaded with every registration:
  // a field without a select of its own is not wrapped by the Prisma plugin's per-field
  // loading check, which for 100 rows x 20 fields was a sixth of the overview's time.
  include: ROW_INCLUDE,
  authScopes: (r, ctx) => canReadRegistration(ctx.principal, r, r.event),
  // the row rule once per object (in isTypeOf), not before each field: a refused row is one error
  runScopesOnType: true,
  fields: (t) => ({
    ...registrationHeadFields(t),
    firstname: t.exposeString("firstname", { description: "First name." }),
    lastname: t.exposeString("lastname", { description: "Last name." }),
    birthdate: t.expose("birthdate", { type: "Date", description: "Date of birth (yyyy-mm-dd)." }),
    gender: t.expose("gender", { type: GenderEnum, description: "Gender." }),
    association: t.field({
      type: AssociationType,
      // loaded with every row (ROW_INCLUDE); readable with the registration, whichever district the club belongs to
      resolve: (r, _a, ctx) => clubOfReadableRow(ctx, r.association),
      description: "The club (Verein) of the candidate.",
    }),
    instrument: t.expose("instrument", { type: InstrumentEnum, description: "The instrument of the exam." }),
    type: t.expose("type", { type: DexamTypeEnum, description: "The course (Kurs)." }),
    theoryLocation: t.relation("theoryLocation", { nullable: true, description: "Location (Veranstaltungsort) of the theory exam." }),
    practiceLocation: t.relation("practiceLocation", { nullable: true, description: "Location (Veranstaltungsort) of the practical exam." }),
    preparationLocation: t.relation("preparationLocation", { nullable: true, description: "Location (Veranstaltungsort) of the preparation course." }),
    partialResultType: t.expose("partialResultType", { type: ExamPartEnum, nullable: true, description: "Vorhandene Teilprüfung: the part already passed." }),
    partialResultDistrict: t.exposeString("partialResultDistrict", {
      nullable: true,
      description: "District association (Kreisverband) where the earlier partial result was achieved.",
    }),
    partialResultYear: t.exposeInt("partialResultYear", { nullable: true, description: "Year of the earlier partial result." }),
    partialResultLocation: t.exposeString("partialResultLocation", { nullable: true, description: "Location where the earlier partial result was achieved." }),
    partialResultPoints: t.float({
      nullable: true,
      resolve: (r) => (r.partialResultPoints === null ? null : Number(r.partialResultPoints)),
      description: "Points of the earlier partial result.",
    }),
    existingPartialResultVerified: t.exposeBoolean("existingPartialResultVerified", { description: "Staff verified the partial result from an earlier exam." }),
    songs: t.field({ type: [SongType], resolve: (r) => (r.songs as DexamSong[]) ?? [], description: "The pieces to be performed." }),
    songsComplete: t.boolean({
      resolve: (r) => songsComplete({ practiceLocationId: r.practiceLocationId, instrument: r.instrument, songs: (r.songs as DexamSong[]) ?? [] }),
      description: "All required pieces are filled in.",
    }),
    remarks: remarksField(t),
    ...registrationStateFields(t),
    healthConsentAccepted: t.exposeBoolean("healthConsentAccepted", {
      description:
        "Camp events: the explicit consent to the processing of the child's health data (Art. 9(2)(a) GDPR) was given by a person with parental authority or with the parents' consent; false for other events and for camp registrations written before it was asked.",
    }),
    camp: t.field({
      type: CampType,
      nullable: true,
      resolve: async (r, _a, ctx) => {
        if (!mayReadCampData(ctx.principal, r, r.event)) return null;
        const camp = campOf(ctx, r);
        // the request's reads of health data are recorded together, before the answer (healthaccess/service.ts)
        if (camp) await recordGraphqlRead(ctx, r.id);
        return camp;
      },
      description:
        "Holiday camp (Freizeit) data: only for form type DEXAM_CAMP, and only for the account that registered the child and registration staff of the district (null for others: see campDataWithheld). Each read is recorded (healthDataAccesses).",
    }),
    campDataWithheld: t.boolean({
      resolve: (r, _a, ctx) => hasCampData(r) && !mayReadCampData(ctx.principal, r, r.event),
      description: 'The registration has camp data the viewer may not read ("Angaben zur Freizeit vorhanden"): camp is null for them.',
    }),
    consentFormFile: t.field({
      type: FileInfoType,
      nullable: true,
      description:
        "The uploaded parent-signed consent form (camp events), for the readers of the camp data; download via /v1/export/registration/dexam/{id}/consent_form.",
      select: { consentFormFile: { select: { name: true, size: true } } },
      resolve: (r, _a, ctx) => (mayReadCampData(ctx.principal, r, r.event) ? r.consentFormFile : null),
    }),
    hasPracticeSheet: t.boolean({
      resolve: (r, _a, ctx) => resultOf(ctx, r).practiceSheetFileId !== null,
      description:
        "The sheet of the practical exam (uploaded in results management) is stored and visible: once the practice location publishes results (staff always).",
    }),
    theoryPoints: t.float({
      nullable: true,
      description: "Theory points, once the theory location publishes results (staff always).",
      resolve: (r, _a, ctx) => resultOf(ctx, r).theoryPoints,
    }),
    practicePoints: t.float({
      nullable: true,
      description: "Practice points, once the practice location publishes results (staff always).",
      resolve: (r, _a, ctx) => resultOf(ctx, r).practicePoints,
    }),
    grade: t.field({
      type: ExamGradeEnum,
      nullable: true,
      description: "The grade column: PASSED or FAILED by the pass rule over the visible results; null while open or not yet published.",
      resolve: (r, _a, ctx) => {
        const v = resultOf(ctx, r);
        return v.complete ? gradeOf(v) : null;
      },
    }),
    viewerCan: t.field({
      type: ActionsType,
      description: "What the signed-in user may do with this registration (the overview's row menu); the mutations enforce the same rules.",
      resolve: (r, _a, ctx) => {
        const p = ctx.principal;
        const v = resultOf(ctx, r);
        const actions = rowActions(
          {
            cancelledAt: r.cancelledAt,
            editPhase: r.event.editPhase,
            camp: r.event.formType === "DEXAM_CAMP",
            hasConsentForm: r.consentFormFileId !== null,
            hasPracticeSheet: v.practiceSheetFileId !== null,
            result: v,
            alreadyTakenOver: !!r.takenOverBy,
          },
          {
            manager: !!p && isManager(p, r.event),
            staffReader: isRegistrationStaff(p, r.event),
            clubMember: !!p && p.associationIds.includes(r.associationId),
            campReader: mayReadCampData(p, r, r.event),
          },
        );
        const eraseCampData = mayActOn(p, "dexam.eraseCampData", r.event) && campDataErasure(r, r.event, ctx.services.now()) === null;
        return {
          ...actions,
          history: mayReadTrail(p, "DexamRegistration", r.event.districtAssociationId),
          readCampData: mayReadCampData(p, r, r.event),
          eraseCampData,
        };
      },
    }),
  }),
});
registerNodeAccess("DexamRegistration", (ctx, r) => canReadRegistration(ctx.principal, r, r.event), ["event"]);

registrationConnection("dexamRegistrations", {
  type: DexamRegistrationType,
  list: DEXAM_LIST,
  docs: {
    name: "D-exam",
    location: { where: " (theory, practice or preparation location)", field: "theoryLocation" },
    search: "Part of first name, last name or club, or the numeric id.",
    order: { default: "last name, first name", ties: "last name, first name, id" },
  },
});
const PartialResultInput = builder.inputType("PartialResultInput", {
  description: "A partial result (Teilergebnis) from an earlier D-exam.",
  fields: (t) => ({
    type: t.field({ type: ExamPartEnum, required: false, description: "Which part the earlier partial result covers." }),
    districtAssociation: t.string({ required: false, description: "District association (Kreisverband) where it was achieved." }),
    year: t.int({ required: false, description: "Year it was achieved." }),
    location: t.string({ required: false, description: "Location where it was achieved." }),
    points: t.float({ required: false, description: "Step 0.01." }),
  }),
});
const SongInput = builder.inputType("DexamSongInput", {
  description: "A piece of a D-exam registration.",
  fields: (t) => ({
    number: t.string({ required: false, description: "Catalogue number of the piece." }),
    name: t.string({ required: false, description: "Title of the piece." }),
  }),
});
const VaccinationInput = builder.inputType("VaccinationInput", {
  description: "One vaccination of a camp participant.",
  fields: (t) => ({
    type: t.field({ type: VaccinationTypeEnum, required: true, description: "Which vaccination." }),
    available: t.boolean({ required: true, description: "The vaccination exists." }),
    date: t.string({ required: false, description: "Date of the vaccination (free text as entered)." }),
  }),
});
const ContactInput = builder.inputType("EmergencyContactInput", {
  description: "An emergency contact for the holiday camp (Freizeit).",
  fields: (t) => ({
    name: t.string({ required: false, description: "Name of the contact." }),
    phone: t.string({ required: false, description: "Phone number of the contact." }),
  }),
});
const CampInput = builder.inputType("CampExtensionInput", {
  description: "Holiday camp (Freizeit) data of a DEXAM_CAMP registration.",
  fields: (t) => ({
    diseases: t.string({ required: false, description: "Diseases the camp staff should know about." }),
    intolerances: t.string({ required: false, description: "Food intolerances." }),
    allergies: t.string({ required: false, description: "Allergies." }),
    mealRequest: t.field({ type: MealRequestEnum, required: false, description: "Meal request for the camp." }),
    vaccinations: t.field({ type: [VaccinationInput], required: false, description: "Vaccination status (FSME, tetanus)." }),
    emergencyContacts: t.field({ type: [ContactInput], required: false, description: "Whom to call in an emergency during the camp." }),
  }),
});
const FileUploadInput = builder.inputType("FileUploadInput", {
  description: "A file sent inline as a data: URL.",
  fields: (t) => ({
    name: t.string({ required: true, description: "The original file name." }),
    dataUrl: t.string({ required: true, description: "The file as a data: URL (base64)." }),
  }),
});
/** The three location choices (Veranstaltungsorte): global ids as read, beside the deprecated numeric ids. */
const locationFields = (t: InputFields) => ({
  theoryLocation: t.globalID({
    required: false,
    description: "Location (Veranstaltungsort) of the theory exam: its global id, as read at DexamRegistration.theoryLocation.id; null for none.",
  }),
  theoryLocationId: t.int({
    required: false,
    deprecationReason: useInstead("theoryLocation", "the location's global id"),
    description: "Numeric id of the location (Veranstaltungsort) of the theory exam.",
  }),
  practiceLocation: t.globalID({
    required: false,
    description: "Location (Veranstaltungsort) of the practical exam: its global id, as read at DexamRegistration.practiceLocation.id; null for none.",
  }),
  practiceLocationId: t.int({
    required: false,
    deprecationReason: useInstead("practiceLocation", "the location's global id"),
    description: "Numeric id of the location (Veranstaltungsort) of the practical exam.",
  }),
  preparationLocation: t.globalID({
    required: false,
    description: "Location (Veranstaltungsort) of the preparation course: its global id, as read at DexamRegistration.preparationLocation.id; null for none.",
  }),
  preparationLocationId: t.int({
    required: false,
    deprecationReason: useInstead("preparationLocation", "the location's global id"),
    description: "Numeric id of the location (Veranstaltungsort) of the preparation course.",
  }),
});
/** The new spellings of a registration input and the deprecated fields they replace (graphql/sameShape.ts). */
const LOCATION_SPELLINGS = [
  objectId("theoryLocation", "theoryLocationId", "EventLocation", "Veranstaltungsort"),
  objectId("practiceLocation", "practiceLocationId", "EventLocation", "Veranstaltungsort"),
  objectId("preparationLocation", "preparationLocationId", "EventLocation", "Veranstaltungsort"),
];
const REGISTRATION_SPELLINGS = [day("dateOfBirth", "birthdate"), ASSOCIATION, ...LOCATION_SPELLINGS];

/** What a registration and a takeover both carry: the remarks, the consents and the camp data. */
const consentFields = (t: InputFields) => ({
  remarks: t.string({ required: false, description: "Free-text remarks of the registrant." }),
  ...consentInputFields(t),
  healthConsentAccepted: t.boolean({
    required: false,
    description:
      "Camp events, required on create: explicit consent to the processing of the child's health data (Art. 9(2)(a) GDPR), given by a person with parental authority or with the parents' consent.",
  }),
  camp: t.field({ type: CampInput, required: false, description: "Holiday camp (Freizeit) data: only for form type DEXAM_CAMP." }),
});

const registrationFields = (t: InputFields) => ({
  firstname: t.string({ required: true, description: "First name." }),
  lastname: t.string({ required: true, description: "Last name." }),
  dateOfBirth: t.field({
    type: "Date",
    required: false,
    description: "Date of birth, as read at DexamRegistration.birthdate. Required (or the deprecated birthdate).",
  }),
  birthdate: t.string({
    required: false,
    deprecationReason: useInstead("dateOfBirth", "the same day as a Date"),
    description: "Date of birth as text yyyy-mm-dd.",
  }),
  gender: t.field({ type: GenderEnum, required: true, description: "Gender." }),
  ...clubInputFields(t, "DexamRegistration"),
  instrument: t.field({ type: InstrumentEnum, required: true, description: "The instrument of the exam." }),
  type: t.field({ type: DexamTypeEnum, required: true, description: "D-exam course (D1-D3)." }),
  ...locationFields(t),
  partialResult: t.field({ type: PartialResultInput, required: false, description: "A partial result (Teilergebnis) from an earlier D-exam, if any." }),
  songs: t.field({ type: [SongInput], required: false, description: "The pieces to be performed." }),
  ...consentFields(t),
  consentForm: t.field({
    type: FileUploadInput,
    required: false,
    description: "The parent-signed consent form of a camp registration (create only): jpeg, jpg, png, pdf or heic, at most 5 MB.",
  }),
  cancelledAt: t.field({ type: "DateTime", required: false, description: "registration_manage only; omit to leave unchanged." }),
  existingPartialResultVerified: t.boolean({ required: false, description: "registration_manage only; omit to leave unchanged." }),
});
const { create: DexamInputType, update: UpdateDexamInputType } = createAndUpdateInputs(
  "DexamRegistration",
  "a D-exam (graded exam D1-D3) registration",
  registrationFields,
);

const TakeoverInput = builder.inputType("DexamTakeoverInput", {
  description: "The new registration of a takeover: target event, the locations of the missing part, consents (camp: camp data and consent form).",
  fields: (t) => ({
    eventId: t.globalID({ required: true, description: "Global id of the event for the new registration." }),
    ...locationFields(t),
    ...consentFields(t),
    consentForm: t.field({ type: FileUploadInput, required: false, description: "The parent-signed consent form (camp only)." }),
  }),
});

const regId = registrationId("DexamRegistration", "D-Prüfungsanmeldung");

registrationMutations<DexamInput>({
  kind: DEXAM,
  type: DexamRegistrationType,
  input: DexamInputType,
  updateInput: UpdateDexamInputType,
  spellings: REGISTRATION_SPELLINGS,
  docs: DOCS,
  create: (ctx, eventId, input, key, shape) => createDexam(ctx, eventId, input, undefined, key, shape),
  update: updateDexamRegistration,
  cancel: cancelDexamRegistration,
  delete: deleteDexamRegistration,
});

builder.queryField("personRegistrations", (t) =>
  t.prismaField({
    type: [DexamRegistrationType],
    description:
      "One child's D-exam registrations across the district's events (registration_manage; admin: every district), for an access or erasure request: first name and last name in any case, exactly, and the birth date. Newest event first.",
    authScopes: { operation: "registration.person" },
    args: {
      firstname: t.arg.string({ required: true, description: "First name (any case)." }),
      lastname: t.arg.string({ required: true, description: "Last name (any case)." }),
      birthdate: t.arg.string({ required: true, description: "Date of birth, yyyy-mm-dd." }),
    },
    resolve: async (query, _root, args, ctx) => {
      const ids = await findPersonRegistrations(ctx, args);
      const rows = await ctx.prisma.dexamRegistration.findMany({ ...query, where: { id: { in: ids } } });
      return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
    },
  }),
);

rowMutation("eraseDexamCampData", {
  type: DexamRegistrationType,
  model: "dexamRegistration",
  description:
    "Erases only the camp data (health data, meal request, emergency contacts, consent form) of a camp registration after the camp has ended (registration_manage); the registration stays.",
  authScopes: { operation: "dexam.eraseCampData" },
  args: (arg) => ({ id: arg.globalID({ required: true, description: "Global id of the D-exam (graded exam D1-D3) registration." }) }),
  run: ({ id }, ctx) => eraseDexamCampData(ctx, regId(id)),
});

builder.mutationField("takeOverDexamPartialResult", (t) =>
  t.prismaField({
    type: DexamRegistrationType,
    description: "Carries the passed part of a registration into a new registration of the same person (verified partial result).",
    authScopes: { operation: "dexam.takeover" },
    args: {
      id: t.arg.globalID({ required: true, description: "Global id of the earlier D-exam registration whose passed part is taken over." }),
      input: t.arg({ type: TakeoverInput, required: true, description: "The new values." }),
      idempotencyKey: t.arg.string({ required: false, description: IDEMPOTENCY_KEY }),
    },
    resolve: async (query, _root, { id, input, idempotencyKey }, ctx) => {
      const { eventId, ...rest } = input;
      const created = await inOldShape(rest, LOCATION_SPELLINGS, (old) =>
        takeOver(ctx, regId(id), { ...(old as DexamInput), eventId: numericId(eventId, "Event", "Veranstaltung") }, idempotencyKey, query),
      );
      // answered from the create transaction's row (registrations/kind.ts createdInclude)
      return created.row as never;
    },
  }),
);
