// Authorization as data: every operation of the API, who may call it, and the tenancy rule that
// narrows it to rows; the menu's screens and who sees them. Shared by the server and the client
// (Vite alias @shared): the server's doors and services ask it through server/src/auth/permissions.ts
// (authorize, actsOn, actsOnWhere, mayActOn); the client's menu, routes and buttons through `mayCall`,
// `SCREENS` and `isAdmin`, which only hide controls (the server authorises every call). Role names
// appear nowhere else (a test checks client/src and server/src). The test harness iterates this
// table and docs/authorization.md is generated from it (npm run docs:authorization).

import { hasAnyRole, type RoleName } from "./roles.ts";

export type Tenancy =
  /** no row-level restriction beyond being signed in */
  | "none"
  /** the principal's own user row */
  | "self"
  /** staff act within their own district association; admin everywhere */
  | "ownDistrict"
  /** members act on their own clubs; staff with the roles within their own district association */
  | "ownClubsOrDistrict"
  /**
   * the account that made the row (a registration's `userId`) acts on it; staff with the roles within
   * their own district association (health data: docs/decisions.md "Who reads camp health data")
   */
  | "registrantOrDistrict"
  /** published rows (events) of every district; staff with the roles also the own district association's unpublished ones */
  | "publishedOrDistrict";

export type Permission = {
  /** "signedIn": every signed-in, not blocked user; otherwise any of these roles (admin always passes) */
  access: "signedIn" | readonly RoleName[];
  tenancy: Tenancy;
  /**
   * Tenancy "ownClubsOrDistrict", "registrantOrDistrict" and "publishedOrDistrict": the roles that act on every row of the own
   * district association (admin everywhere); everyone else acts on the own clubs' (the own, the published) rows only. Read by `actsOn` and
   * `actsOnWhere` below, the one place the code decides a row's tenancy for the operation.
   */
  districtRoles?: readonly RoleName[];
  graphql: readonly string[];
  rest: readonly string[];
  description: string;
};

/** Registration staff: see every registration of the district's events. */
const REGISTRATION_STAFF = ["registration_read", "registration_manage"] as const satisfies readonly RoleName[];
/** Registration management: changes every registration of the district's events. */
const REGISTRATION_MANAGER = ["registration_manage"] as const satisfies readonly RoleName[];
/** Staff who see their district's unpublished events: registrations, events, and results (the results screen picks past events). */
const EVENT_STAFF = ["registration_read", "registration_manage", "event_manage", "results_read", "results_manage"] as const satisfies readonly RoleName[];

export const PERMISSIONS = {
  "viewer.read": {
    access: "signedIn",
    tenancy: "self",
    graphql: ["Query.viewer"],
    rest: ["GET /v1/user/0", "GET /v1/user/0/calendar-feed"],
    description: "The signed-in user's own account (the spec's user id 0).",
  },
  "districtAssociation.list": {
    access: "signedIn",
    tenancy: "none",
    graphql: ["Query.districtAssociations", "Query.overviewDistrictAssociations"],
    rest: ["GET /v1/districtassociations"],
    description:
      "Names and links of all district associations (start-page picker, selector, footer links; the overview's: the own and those of events with registrations of the own clubs). IamRef only for admin.",
  },
  "districtAssociation.read": {
    access: "signedIn",
    tenancy: "none",
    graphql: ["Query.node(DistrictAssociation)"],
    rest: ["GET /v1/districtassociation/:id"],
    description: "One district association. IamRef only for admin.",
  },
  "districtAssociation.create": {
    access: ["admin"],
    tenancy: "none",
    graphql: ["Mutation.createDistrictAssociation"],
    rest: ["POST /v1/districtassociation"],
    description: "Create a district association.",
  },
  "districtAssociation.update": {
    access: ["admin"],
    tenancy: "none",
    graphql: ["Mutation.updateDistrictAssociation"],
    rest: ["PUT /v1/districtassociation"],
    description: "Change a district association (name, IamRef, links, signature image).",
  },
  "districtAssociation.delete": {
    access: ["admin"],
    tenancy: "none",
    graphql: ["Mutation.deleteDistrictAssociation"],
    rest: ["DELETE /v1/districtassociation/:id"],
    description: "Delete a district association with all its users, clubs, events, locations, registrations and results (not the admin's own).",
  },
  "association.list": {
    access: ["association_read", "association_manage", "user_read", "user_manage", "registration_read", "registration_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.associations"],
    rest: ["GET /v1/associations"],
    description: "Clubs of a district association (club management, the user table's club filter, assigning clubs, the registration club choice).",
  },
  "association.read": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: ["association_read", "association_manage", "user_read", "user_manage", "registration_read", "registration_manage"],
    graphql: ["Query.node(Association)"],
    rest: ["GET /v1/association/:id"],
    description: "One club: members of the club, or staff of its district with a club, user or registration role.",
  },
  "association.create": {
    access: ["association_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.createAssociation"],
    rest: ["POST /v1/association"],
    description: "Create a club in the own district association.",
  },
  "association.update": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: ["association_manage"],
    graphql: ["Mutation.updateAssociation"],
    rest: ["PUT /v1/association"],
    description:
      'Change a club: association_manage within the district (no e-mail check), or a member of the club ("Mein Verein bearbeiten", invoice e-mail checked).',
  },
  "association.delete": {
    access: ["association_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.deleteAssociation"],
    rest: ["DELETE /v1/association/:id"],
    description: "Delete a club without registrations (its memberships go with it).",
  },
  "viewer.update": {
    access: "signedIn",
    tenancy: "self",
    graphql: ["Mutation.updateViewer", "Mutation.enableCalendarFeed", "Mutation.disableCalendarFeed"],
    rest: ["PUT /v1/user", "POST /v1/user/0/calendar-feed", "DELETE /v1/user/0/calendar-feed"],
    description: 'Save the own profile ("Mein Account bearbeiten"; PUT /v1/user with the own id or 0).',
  },
  "viewer.delete": {
    access: "signedIn",
    tenancy: "self",
    graphql: ["Mutation.deleteViewer"],
    rest: ["DELETE /v1/user/:id"],
    description: "Delete the own account (DELETE /v1/user with the own id or 0).",
  },
  "user.list": {
    access: ["user_read", "user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.users"],
    rest: ["GET /v1/users"],
    description: "Users of a district association, with club filter and search.",
  },
  "user.read": {
    access: "signedIn",
    tenancy: "ownDistrict",
    graphql: ["Query.node(User)"],
    rest: ["GET /v1/user/:id"],
    description: "One user: user_read/user_manage within the own district (admin: all), everyone the own user; others answer not found.",
  },
  "user.create": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.createUser"],
    rest: ["POST /v1/user"],
    description: "Create a user and send the invitation. Roles only by admin (embedded sign-in).",
  },
  "user.update": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.updateUser"],
    rest: ["PUT /v1/user"],
    description: "Change another user (admin mode: phone and address optional). Roles only by admin.",
  },
  "user.delete": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.deleteUser"],
    rest: ["DELETE /v1/user/:id"],
    description: "Delete another user; the clubs' registrations stay (user reference cleared).",
  },
  "user.setAssociations": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.setUserAssociations"],
    rest: ["PUT /v1/user/:id/associations"],
    description: "Replace a user's clubs with clubs of the user's district association.",
  },
  "user.deactivate": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.deactivateUser"],
    rest: ["PUT /v1/user/:id/deactivate"],
    description: "Block a user: sign-in and every API call refused, sessions ended.",
  },
  "user.reactivate": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.reactivateUser"],
    rest: ["PUT /v1/user/:id/reactivate"],
    description: "Unblock a blocked user.",
  },
  "user.resendInvitation": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.resendInvitation"],
    rest: ["PUT /v1/user/:id/invite_code/resend"],
    description: "Send the invitation again, only while the user has never signed in.",
  },
  "event.list": {
    access: "signedIn",
    tenancy: "publishedOrDistrict",
    districtRoles: EVENT_STAFF,
    graphql: ["Query.events"],
    rest: ["GET /v1/events"],
    description: "Published events of every district; staff with registration_*, event_manage or results_* also their own district's unpublished ones.",
  },
  "event.read": {
    access: "signedIn",
    tenancy: "publishedOrDistrict",
    districtRoles: EVENT_STAFF,
    graphql: ["Query.node(Event)"],
    rest: ["GET /v1/event/:id", "GET /v1/event/:id/calendar"],
    description: "One event, under the same visibility as event.list; others answer not found.",
  },
  "event.create": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.createEvent"],
    rest: ["POST /v1/event"],
    description: "Create an event in the own district association.",
  },
  "event.update": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.updateEvent"],
    rest: ["PUT /v1/event"],
    description: "Change an event of the own district association (the form type stays).",
  },
  "event.delete": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.deleteEvent"],
    rest: ["DELETE /v1/event/:id"],
    description: "Delete an event with its locations, registrations and results.",
  },
  "event.copy": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.eventCopyTargets", "Mutation.copyEvent", "Mutation.duplicateEvent"],
    rest: [],
    description:
      "Duplicate an event as a new unpublished one with moved dates, or copy its master data and locations into another open event of the same form family without registrations.",
  },
  "event.statistic": {
    access: ["registration_read", "registration_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.eventStatistic", "Query.eventStatisticCharts"],
    rest: ["GET /v1/event/:id/statistic"],
    description: "Statistics of an event or one of its locations.",
  },
  "location.list": {
    access: "signedIn",
    tenancy: "none",
    graphql: ["Event.locations"],
    rest: ["GET /v1/event/:eventId/locations"],
    description: "The locations of a visible event.",
  },
  "location.read": {
    access: "signedIn",
    tenancy: "none",
    graphql: ["Query.node(EventLocation)"],
    rest: ["GET /v1/event/location/:id"],
    description: "One location of a visible event.",
  },
  "location.create": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.createEventLocation"],
    rest: ["POST /v1/event/location"],
    description: "Create a location of an event of the own district association.",
  },
  "location.update": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.updateEventLocation"],
    rest: ["PUT /v1/event/location"],
    description: "Change a location (the type stays), including 'Ergebnisse veröffentlichen?'.",
  },
  "location.publishResults": {
    access: ["event_manage", "results_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.publishLocationResults", "EventLocation.resultPublication"],
    rest: [],
    description:
      "Publish a location's results from the results management ('Ergebnisse veröffentlichen', as the location's switch), after a confirmation naming how many registrations and result mails it concerns.",
  },
  "location.delete": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.deleteEventLocation"],
    rest: ["DELETE /v1/event/location/:id"],
    description: "Delete a location no registration references.",
  },
  "dexam.list": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_STAFF,
    graphql: ["Query.dexamRegistrations"],
    rest: ["GET /v1/registrations/event/:eventId/dexam"],
    description: "D-exam registrations of an event: members those of their clubs, registration_read/manage those of their district's events.",
  },
  "dexam.read": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_STAFF,
    graphql: ["Query.node(DexamRegistration)"],
    rest: ["GET /v1/registration/dexam/:id", "GET /v1/registration/dexam/:id/calendar"],
    description: "One D-exam registration (with camp data for the same readers); others answer not found.",
  },
  "dexam.create": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
    graphql: ["Mutation.createDexamRegistration"],
    rest: ["POST /v1/registration/dexam"],
    description:
      "Register for an own club before the deadline of a published event with a complete profile; registration_manage any club of the district, any time.",
  },
  "dexam.update": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
    graphql: ["Mutation.updateDexamRegistration"],
    rest: ["PUT /v1/registration/dexam"],
    description: "Change a registration of an own club within the edit phase (SongsOnly: songs only); registration_manage always.",
  },
  "dexam.cancel": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
    graphql: ["Mutation.cancelDexamRegistration"],
    rest: ["PUT /v1/registration/dexam"],
    description: "Cancel a registration of an own club (PUT with cancelled_at); final for normal users.",
  },
  "competition.list": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_STAFF,
    graphql: ["Query.competitionRegistrations"],
    rest: ["GET /v1/registrations/event/:eventId/competition"],
    description: "Competition registrations of an event: members those of their clubs, registration_read/manage those of their district's events.",
  },
  "competition.read": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_STAFF,
    graphql: ["Query.node(CompetitionRegistration)"],
    rest: ["GET /v1/registration/competition/:id", "GET /v1/registration/competition/:id/calendar"],
    description: "One competition registration; others answer not found.",
  },
  "competition.create": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
    graphql: ["Mutation.createCompetitionRegistration"],
    rest: ["POST /v1/registration/competition"],
    description:
      "Register a group for an own club before the deadline of a published competition event with a complete profile; registration_manage any club of the district, any time.",
  },
  "competition.update": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
    graphql: ["Mutation.updateCompetitionRegistration"],
    rest: ["PUT /v1/registration/competition"],
    description:
      "Change a registration of an own club within the edit phase (SongsOnly: songs only); registration_manage always, also documents_complete and cancelled_at.",
  },
  "competition.cancel": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
    graphql: ["Mutation.cancelCompetitionRegistration"],
    rest: ["PUT /v1/registration/competition"],
    description: "Cancel a registration of an own club (PUT with cancelled_at); final for normal users.",
  },
  "competition.delete": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: ["user_manage"],
    graphql: ["Mutation.deleteCompetitionRegistration"],
    rest: ["DELETE /v1/registration/competition/:id"],
    description: "Delete a registration without cancellation date: user_manage of the district (as the spec writes it), or the club in phase NoRestrictions.",
  },
  "dexam.takeover": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
    graphql: ["Mutation.takeOverDexamPartialResult"],
    rest: ["POST /v1/registration/dexam/:id/takeover"],
    description:
      "Carry the passed part of a registration of an own club into a new registration (same person) as a verified partial result; registration_manage for the district.",
  },
  "dexam.consentForm": {
    access: "signedIn",
    tenancy: "registrantOrDistrict",
    districtRoles: REGISTRATION_STAFF,
    graphql: [],
    rest: ["GET /v1/export/registration/dexam/:id/consent_form", "GET /v1/export/registration/dexam/:id/consent-form"],
    description:
      "The parent-signed consent form of one camp registration: the account that registered the child and registration staff of the district; other accounts of the club are refused (403). Each download is recorded (healthDataAccess.list).",
  },
  "dexam.campData.read": {
    access: "signedIn",
    tenancy: "registrantOrDistrict",
    districtRoles: REGISTRATION_STAFF,
    graphql: ["DexamRegistration.camp", "DexamRegistration.consentFormFile"],
    rest: ["GET /v1/registration/dexam/:id", "GET /v1/registrations/event/:eventId/dexam"],
    description:
      'The camp health data of a registration (camp / camp_extension: diseases, intolerances, allergies, meal request, vaccinations, emergency contacts) and its consent form\'s name: the account that registered the child and registration staff of the district; other readers of the registration get null and "Angaben zur Freizeit vorhanden" (campDataWithheld / camp_data_withheld), and their edits keep the stored values. Each read is recorded (healthDataAccess.list).',
  },
  "dexam.consentForms": {
    access: ["registration_read", "registration_manage"],
    tenancy: "ownDistrict",
    graphql: [],
    rest: ["GET /v1/export/event/:id/consent_forms", "GET /v1/export/event/:id/consent-forms"],
    description: "All consent forms of a camp event as one zip file (registration staff of the event's district).",
  },
  "dexam.delete": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
    graphql: ["Mutation.deleteDexamRegistration"],
    rest: ["DELETE /v1/registration/dexam/:id"],
    description: "Delete a registration without cancellation date: registration_manage, or the club in phase NoRestrictions.",
  },
  "results.list": {
    access: ["results_read", "results_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.dexamResults", "Query.competitionResults"],
    rest: [],
    description: "The results table of results management: registrations of an event (one location, club, search) with their points, mark and grade.",
  },
  "results.setTheory": {
    access: ["results_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.setDexamTheoryResult"],
    rest: ["PUT /v1/registration/dexam/:registrationId/location/:locationId/theory_result"],
    description: "Enter theory points (0..100, step 0.01) at the registration's theory location.",
  },
  "results.delete": {
    access: ["results_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.deleteDexamResult"],
    rest: ["DELETE /v1/registration/dexam/:registrationId/location/:locationId/result"],
    description: "Delete the result of one part: theory points, or practice points with the stored practice sheet.",
  },
  "results.uploadPracticeSheets": {
    access: ["results_manage"],
    tenancy: "ownDistrict",
    graphql: [],
    rest: ["POST /v1/registration/dexam/location/:id/practice_sheets"],
    description: "Upload filled practice sheets (.xlsx, several at once) of a practice location; all or nothing.",
  },
  "results.uploadPcJuror": {
    access: ["results_manage"],
    tenancy: "ownDistrict",
    graphql: [],
    rest: ["POST /v1/registration/competition/event/:id/pc_juror"],
    description: "Upload the jury program's pcjuror.xlsm: points and mark per competition registration; all or nothing.",
  },
  "results.blankPracticeSheets": {
    access: ["results_read", "results_manage", "registration_read", "registration_manage", "event_manage"],
    tenancy: "ownDistrict",
    graphql: [],
    rest: ["GET /v1/export/location/:id/dexam/blank_practice_sheets", "GET /v1/export/location/:id/dexam/blank-practice-sheets"],
    description:
      "Blank practice sheets of a practice location (zip, one .xlsx per active registration): results, registration and event staff of the district.",
  },
  "results.practiceSheets": {
    access: ["results_read", "results_manage", "registration_read", "registration_manage"],
    tenancy: "ownDistrict",
    graphql: [],
    rest: ["GET /v1/export/location/:id/dexam/practice_sheets", "GET /v1/export/location/:id/dexam/practice-sheets"],
    description: "The uploaded (filled) practice sheets of a practice location as one zip: the staff who see unpublished results.",
  },
  "results.practiceSheet": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: ["registration_read", "registration_manage", "results_read", "results_manage"],
    graphql: [],
    rest: ["GET /v1/export/registration/dexam/:id/practice_sheet", "GET /v1/export/registration/dexam/:id/practice-sheet"],
    description:
      "The uploaded practice sheet of one registration: registration and results staff of the district; the club's members once the practice location publishes results.",
  },
  "results.certificateList": {
    access: ["results_read", "results_manage"],
    tenancy: "ownDistrict",
    graphql: [],
    rest: ["GET /v1/export/event/:id/dexam/certificate_list", "GET /v1/export/event/:id/dexam-certificate-list"],
    description: "List for certificate printing (.xlsx): the passed D-exam candidates of an event.",
  },
  "results.pcJurorImportList": {
    access: ["results_read", "results_manage", "registration_read", "registration_manage"],
    tenancy: "ownDistrict",
    graphql: [],
    rest: ["GET /v1/export/event/:id/competition/pc_juror_import", "GET /v1/export/event/:id/competition-pc-juror-import"],
    description: "PC Juror Importliste (.xlsx): the active registrations of a competition event with everything the jury program needs.",
  },
  "export.overview": {
    access: ["registration_read", "registration_manage"],
    tenancy: "ownDistrict",
    graphql: [],
    rest: ["GET /v1/export/event/:id/overview"],
    description: "Overview list (.xlsx) of an event or one of its locations, with results and (camp) health data: registration staff of the district.",
  },
  // ---- audit log reading: the manage role of the area, in the record's district
  "audit.registration": {
    access: ["registration_manage", "results_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.auditTrail(DexamRegistration)", "Query.auditTrail(CompetitionRegistration)"],
    rest: [],
    description: "Change history of a registration (including its results).",
  },
  "healthDataAccess.list": {
    access: ["registration_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.healthDataAccesses"],
    rest: [],
    description:
      "Who read camp health data (a registration's camp data, consent forms, exports with health data): the district's access log and a registration's accesses in its history.",
  },
  "audit.event": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.auditTrail(Event)", "Query.auditTrail(EventLocation)"],
    rest: [],
    description: "Change history of an event or a location.",
  },
  "audit.user": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.auditTrail(User)"],
    rest: [],
    description: "Change history of a user.",
  },
  "audit.association": {
    access: ["association_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.auditTrail(Association)"],
    rest: [],
    description: "Change history of a club.",
  },
  "audit.districtAssociation": {
    access: ["admin"],
    tenancy: "ownDistrict",
    graphql: ["Query.auditTrail(DistrictAssociation)"],
    rest: [],
    description: "Change history of a district association.",
  },
  // ---- data protection: everything stored about the signed-in person
  "viewer.export": {
    access: "signedIn",
    tenancy: "self",
    graphql: [],
    rest: ["GET /v1/user/0/export", "GET /v1/user/0/export/consent_forms"],
    description:
      "Download (JSON) of all data stored about the signed-in user: account, clubs, registrations they made, changes others made to them, their audit entries, mails sent to them, the calendar feed's state; the consent forms of their registrations as a zip.",
  },
  // ---- erasure and access requests for a person (docs/decisions.md "Erasure on request")
  "registration.deleteCancelled": {
    access: ["registration_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.deleteDexamRegistration", "Mutation.deleteCompetitionRegistration"],
    rest: ["DELETE /v1/registration/dexam/:id", "DELETE /v1/registration/competition/:id"],
    description:
      "Delete a cancelled registration (D-exam or competition) on an erasure request: registration_manage of the event's district only; the club never (R-RO024).",
  },
  "dexam.eraseCampData": {
    access: ["registration_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.eraseDexamCampData"],
    rest: [],
    description: "Erase only the camp data (health data, meal request, emergency contacts, consent form) of a camp registration once the camp has ended.",
  },
  "registration.person": {
    access: ["registration_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.personRegistrations"],
    rest: ["GET /v1/export/person", "GET /v1/export/person/xlsx"],
    description:
      "Find one child's D-exam registrations across the district's events (first name, last name, birth date) and export everything stored about them (JSON, .xlsx) for an access request.",
  },
  // ---- machine clients: OAuth 2 client credentials of the embedded provider
  "apiClient.list": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Query.apiClients"],
    rest: [],
    description: "API clients (machine accounts) of the own district association; admin names any district.",
  },
  "apiClient.create": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.createApiClient"],
    rest: [],
    description: "Create an API client with a name and roles (only roles the creator holds; admin only by admin); answers its secret once, stored hashed.",
  },
  "apiClient.revoke": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
    graphql: ["Mutation.revokeApiClient"],
    rest: [],
    description: "Revoke an API client: its token requests answer invalid_client and its issued tokens are refused at once.",
  },
} as const satisfies Record<string, Permission>;

export type Operation = keyof typeof PERMISSIONS;

/**
 * Operations that need a person's user row (the own account, registering as a club member):
 * machine clients (API clients) are refused them, whatever their roles.
 */
export const PERSON_ONLY: ReadonlySet<Operation> = new Set<Operation>([
  "viewer.read",
  "viewer.update",
  "viewer.delete",
  "viewer.export",
  "dexam.create",
  "competition.create",
  "dexam.takeover",
  "apiClient.create",
]);

/** The admin role: passes every role check, acts on every district's rows, alone assigns roles. */
export const isAdmin = (roles: readonly string[]): boolean => hasAnyRole(roles, ["admin"]);

/** Whether these roles may call `op` (its `access` column; admin passes): the server's isAllowed and the client's controls. */
export function mayCall(roles: readonly string[], op: Operation): boolean {
  const { access } = PERMISSIONS[op] as Permission;
  return access === "signedIn" || hasAnyRole(roles, access);
}

/** Holds one of `op`'s district roles, which act on the whole own district association (none listed: nobody). */
export function hasDistrictRoles(roles: readonly string[], op: Operation): boolean {
  const districtRoles = (PERMISSIONS[op] as Permission).districtRoles ?? [];
  return districtRoles.length > 0 && hasAnyRole(roles, districtRoles);
}

/**
 * The menu's staff screens and who sees them (spec section 2 "Menu visibility"): the entry, the
 * route and its help page (client/src/routes/routeTable.ts); any one of the roles (admin passes). The screens' calls are the
 * operations above. Start, profile, own club and registration overview are for everyone.
 */
export const SCREENS = {
  userManage: ["user_read", "user_manage"],
  associationManage: ["association_read", "association_manage"],
  districtAssociationManage: ["admin"],
  /** the event administration group: events and locations */
  eventAdministration: ["registration_read", "registration_manage", "event_manage"],
  resultManage: ["results_read", "results_manage"],
} as const satisfies Record<string, readonly RoleName[]>;
