// The permission table's server side: each operation's doors (GraphQL fields, /v1 routes) and
// description, `authorize(principal, op)` for services, the `operation` auth scope of GraphQL
// fields and the operations the /v1 routes name, and the tenancy rule that narrows an operation to
// rows (actsOn, actsOnWhere). The table itself (operations, roles, tenancy, district roles) is
// server/src/shared/permissions.ts, shared with the client.

import { hasDistrictRoles, isAdmin, mayCall, type Operation, PERMISSIONS, PERSON_ONLY, type Permission } from "../shared/permissions.ts";
import { AppError, forbidden } from "./errors.ts";
import { isMachine, type Principal } from "./principal.ts";

export { type Operation, PERMISSIONS, PERSON_ONLY, type Permission, type Tenancy } from "../shared/permissions.ts";

/** Where an operation is served: the server's side of a row of the permission table. */
export type Doors = {
  /** the GraphQL fields that call it ("Query.node(Type)" for a node type) */
  graphql: readonly string[];
  /** the /v1 routes that call it */
  rest: readonly string[];
  description: string;
};

/**
 * Each operation's doors and what it does (docs/authorization.md; the authorization matrix checks
 * every root field and route is named). Its roles and tenancy are the shared table's: the client
 * gets those without these texts.
 */
export const DOORS = {
  "viewer.read": {
    graphql: ["Query.viewer"],
    rest: ["GET /v1/user/0", "GET /v1/user/0/calendar-feed"],
    description: "The signed-in user's own account (the spec's user id 0).",
  },
  "districtAssociation.list": {
    graphql: ["Query.districtAssociations", "Query.overviewDistrictAssociations"],
    rest: ["GET /v1/districtassociations"],
    description:
      "Names and links of all district associations (start-page picker, selector, footer links; the overview's: the own and those of events with registrations of the own clubs). IamRef only for admin.",
  },
  "districtAssociation.read": {
    graphql: ["Query.node(DistrictAssociation)"],
    rest: ["GET /v1/districtassociation/:id"],
    description: "One district association. IamRef only for admin.",
  },
  "districtAssociation.create": {
    graphql: ["Mutation.createDistrictAssociation"],
    rest: ["POST /v1/districtassociation"],
    description: "Create a district association.",
  },
  "districtAssociation.update": {
    graphql: ["Mutation.updateDistrictAssociation"],
    rest: ["PUT /v1/districtassociation"],
    description: "Change a district association (name, IamRef, links, signature image).",
  },
  "districtAssociation.delete": {
    graphql: ["Mutation.deleteDistrictAssociation"],
    rest: ["DELETE /v1/districtassociation/:id"],
    description: "Delete a district association with all its users, clubs, events, locations, registrations and results (not the admin's own).",
  },
  "association.list": {
    graphql: ["Query.associations"],
    rest: ["GET /v1/associations"],
    description: "Clubs of a district association (club management, the user table's club filter, assigning clubs, the registration club choice).",
  },
  "association.read": {
    graphql: ["Query.node(Association)"],
    rest: ["GET /v1/association/:id"],
    description: "One club: members of the club, or staff of its district with a club, user or registration role.",
  },
  "association.create": {
    graphql: ["Mutation.createAssociation"],
    rest: ["POST /v1/association"],
    description: "Create a club in the own district association.",
  },
  "association.update": {
    graphql: ["Mutation.updateAssociation"],
    rest: ["PUT /v1/association"],
    description:
      'Change a club: association_manage within the district (no e-mail check), or a member of the club ("Mein Verein bearbeiten", invoice e-mail checked).',
  },
  "association.delete": {
    graphql: ["Mutation.deleteAssociation"],
    rest: ["DELETE /v1/association/:id"],
    description: "Delete a club without registrations (its memberships go with it).",
  },
  "viewer.update": {
    graphql: ["Mutation.updateViewer", "Mutation.enableCalendarFeed", "Mutation.disableCalendarFeed"],
    rest: ["PUT /v1/user", "POST /v1/user/0/calendar-feed", "DELETE /v1/user/0/calendar-feed"],
    description: 'Save the own profile ("Mein Account bearbeiten"; PUT /v1/user with the own id or 0).',
  },
  "viewer.delete": {
    graphql: ["Mutation.deleteViewer"],
    rest: ["DELETE /v1/user/:id"],
    description: "Delete the own account (DELETE /v1/user with the own id or 0).",
  },
  "user.list": {
    graphql: ["Query.users"],
    rest: ["GET /v1/users"],
    description: "Users of a district association, with club filter and search.",
  },
  "user.read": {
    graphql: ["Query.node(User)"],
    rest: ["GET /v1/user/:id"],
    description: "One user: user_read/user_manage within the own district (admin: all), everyone the own user; others answer not found.",
  },
  "user.create": {
    graphql: ["Mutation.createUser"],
    rest: ["POST /v1/user"],
    description: "Create a user and send the invitation. Roles only by admin (embedded sign-in).",
  },
  "user.update": {
    graphql: ["Mutation.updateUser"],
    rest: ["PUT /v1/user"],
    description: "Change another user (admin mode: phone and address optional). Roles only by admin.",
  },
  "user.delete": {
    graphql: ["Mutation.deleteUser"],
    rest: ["DELETE /v1/user/:id"],
    description: "Delete another user; the clubs' registrations stay (user reference cleared).",
  },
  "user.setAssociations": {
    graphql: ["Mutation.setUserAssociations"],
    rest: ["PUT /v1/user/:id/associations"],
    description: "Replace a user's clubs with clubs of the user's district association.",
  },
  "user.deactivate": {
    graphql: ["Mutation.deactivateUser"],
    rest: ["PUT /v1/user/:id/deactivate"],
    description: "Block a user: sign-in and every API call refused, sessions ended.",
  },
  "user.reactivate": {
    graphql: ["Mutation.reactivateUser"],
    rest: ["PUT /v1/user/:id/reactivate"],
    description: "Unblock a blocked user.",
  },
  "user.resendInvitation": {
    graphql: ["Mutation.resendInvitation"],
    rest: ["PUT /v1/user/:id/invite_code/resend"],
    description: "Send the invitation again, only while the user has never signed in.",
  },
  "event.list": {
    graphql: ["Query.events"],
    rest: ["GET /v1/events"],
    description: "Published events of every district; staff with registration_*, event_manage or results_* also their own district's unpublished ones.",
  },
  "event.read": {
    graphql: ["Query.node(Event)"],
    rest: ["GET /v1/event/:id", "GET /v1/event/:id/calendar"],
    description: "One event, under the same visibility as event.list; others answer not found.",
  },
  "event.create": {
    graphql: ["Mutation.createEvent"],
    rest: ["POST /v1/event"],
    description: "Create an event in the own district association.",
  },
  "event.update": {
    graphql: ["Mutation.updateEvent"],
    rest: ["PUT /v1/event"],
    description: "Change an event of the own district association (the form type stays).",
  },
  "event.delete": {
    graphql: ["Mutation.deleteEvent"],
    rest: ["DELETE /v1/event/:id"],
    description: "Delete an event with its locations, registrations and results.",
  },
  "event.copy": {
    graphql: ["Query.eventCopyTargets", "Mutation.copyEvent", "Mutation.duplicateEvent"],
    rest: [],
    description:
      "Duplicate an event as a new unpublished one with moved dates, or copy its master data and locations into another open event of the same form family without registrations.",
  },
  "event.statistic": {
    graphql: ["Query.eventStatistic", "Query.eventStatisticCharts"],
    rest: ["GET /v1/event/:id/statistic"],
    description: "Statistics of an event or one of its locations.",
  },
  "location.list": {
    graphql: ["Event.locations"],
    rest: ["GET /v1/event/:eventId/locations"],
    description: "The locations of a visible event.",
  },
  "location.read": {
    graphql: ["Query.node(EventLocation)"],
    rest: ["GET /v1/event/location/:id"],
    description: "One location of a visible event.",
  },
  "location.create": {
    graphql: ["Mutation.createEventLocation"],
    rest: ["POST /v1/event/location"],
    description: "Create a location of an event of the own district association.",
  },
  "location.update": {
    graphql: ["Mutation.updateEventLocation"],
    rest: ["PUT /v1/event/location"],
    description: "Change a location (the type stays), including 'Ergebnisse veröffentlichen?'.",
  },
  "location.publishResults": {
    graphql: ["Mutation.publishLocationResults", "EventLocation.resultPublication"],
    rest: [],
    description:
      "Publish a location's results from the results management ('Ergebnisse veröffentlichen', as the location's switch), after a confirmation naming how many registrations and result mails it concerns.",
  },
  "location.delete": {
    graphql: ["Mutation.deleteEventLocation"],
    rest: ["DELETE /v1/event/location/:id"],
    description: "Delete a location no registration references.",
  },
  "dexam.list": {
    graphql: ["Query.dexamRegistrations"],
    rest: ["GET /v1/registrations/event/:eventId/dexam"],
    description: "D-exam registrations of an event: members those of their clubs, registration_read/manage those of their district's events.",
  },
  "dexam.read": {
    graphql: ["Query.node(DexamRegistration)"],
    rest: ["GET /v1/registration/dexam/:id", "GET /v1/registration/dexam/:id/calendar"],
    description: "One D-exam registration (with camp data for the same readers); others answer not found.",
  },
  "dexam.create": {
    graphql: ["Mutation.createDexamRegistration"],
    rest: ["POST /v1/registration/dexam"],
    description:
      "Register for an own club before the deadline of a published event with a complete profile; registration_manage (a person or an API client) any club of the district, any time.",
  },
  "dexam.update": {
    graphql: ["Mutation.updateDexamRegistration"],
    rest: ["PUT /v1/registration/dexam"],
    description: "Change a registration of an own club within the edit phase (SongsOnly: songs only); registration_manage always.",
  },
  "dexam.cancel": {
    graphql: ["Mutation.cancelDexamRegistration"],
    rest: ["PUT /v1/registration/dexam"],
    description: "Cancel a registration of an own club (PUT with cancelled_at); final for normal users.",
  },
  "competition.list": {
    graphql: ["Query.competitionRegistrations"],
    rest: ["GET /v1/registrations/event/:eventId/competition"],
    description: "Competition registrations of an event: members those of their clubs, registration_read/manage those of their district's events.",
  },
  "competition.read": {
    graphql: ["Query.node(CompetitionRegistration)"],
    rest: ["GET /v1/registration/competition/:id", "GET /v1/registration/competition/:id/calendar"],
    description: "One competition registration; others answer not found.",
  },
  "competition.create": {
    graphql: ["Mutation.createCompetitionRegistration"],
    rest: ["POST /v1/registration/competition"],
    description:
      "Register a group for an own club before the deadline of a published competition event with a complete profile; registration_manage (a person or an API client) any club of the district, any time.",
  },
  "competition.update": {
    graphql: ["Mutation.updateCompetitionRegistration"],
    rest: ["PUT /v1/registration/competition"],
    description:
      "Change a registration of an own club within the edit phase (SongsOnly: songs only); registration_manage always, also documents_complete and cancelled_at.",
  },
  "competition.cancel": {
    graphql: ["Mutation.cancelCompetitionRegistration"],
    rest: ["PUT /v1/registration/competition"],
    description: "Cancel a registration of an own club (PUT with cancelled_at); final for normal users.",
  },
  "competition.delete": {
    graphql: ["Mutation.deleteCompetitionRegistration"],
    rest: ["DELETE /v1/registration/competition/:id"],
    description: "Delete a registration without cancellation date: user_manage of the district (as the spec writes it), or the club in phase NoRestrictions.",
  },
  "dexam.takeover": {
    graphql: ["Mutation.takeOverDexamPartialResult"],
    rest: ["POST /v1/registration/dexam/:id/takeover"],
    description:
      "Carry the passed part of a registration of an own club into a new registration (same person) as a verified partial result; registration_manage for the district.",
  },
  "dexam.consentForm": {
    graphql: [],
    rest: ["GET /v1/export/registration/dexam/:id/consent_form", "GET /v1/export/registration/dexam/:id/consent-form"],
    description:
      "The parent-signed consent form of one camp registration: the account that registered the child and registration staff of the district; other accounts of the club are refused (403). Each download is recorded (healthDataAccess.list).",
  },
  "dexam.campData.read": {
    graphql: ["DexamRegistration.camp", "DexamRegistration.consentFormFile"],
    rest: ["GET /v1/registration/dexam/:id", "GET /v1/registrations/event/:eventId/dexam"],
    description:
      'The camp health data of a registration (camp / camp_extension: diseases, intolerances, allergies, meal request, vaccinations, emergency contacts) and its consent form\'s name: the account that registered the child and registration staff of the district; other readers of the registration get null and "Angaben zur Freizeit vorhanden" (campDataWithheld / camp_data_withheld), and their edits keep the stored values. Each read is recorded (healthDataAccess.list).',
  },
  "dexam.consentForms": {
    graphql: [],
    rest: ["GET /v1/export/event/:id/consent_forms", "GET /v1/export/event/:id/consent-forms"],
    description: "All consent forms of a camp event as one zip file (registration staff of the event's district).",
  },
  "registrations.message": {
    graphql: ["Mutation.messageRegistrants"],
    rest: [],
    description:
      "A message (subject, text) to the accounts that made the registrations of an event the overview lists for a search and filters, optionally also to their clubs' accounts; through the mail outbox, audited (registration_manage of the event's district).",
  },
  "dexam.delete": {
    graphql: ["Mutation.deleteDexamRegistration"],
    rest: ["DELETE /v1/registration/dexam/:id"],
    description: "Delete a registration without cancellation date: registration_manage, or the club in phase NoRestrictions.",
  },
  "results.list": {
    graphql: ["Query.dexamResults", "Query.competitionResults"],
    rest: [],
    description: "The results table of results management: registrations of an event (one location, club, search) with their points, mark and grade.",
  },
  "results.setTheory": {
    graphql: ["Mutation.setDexamTheoryResult"],
    rest: ["PUT /v1/registration/dexam/:registrationId/location/:locationId/theory_result"],
    description: "Enter theory points (0..100, step 0.01) at the registration's theory location.",
  },
  "results.delete": {
    graphql: ["Mutation.deleteDexamResult"],
    rest: ["DELETE /v1/registration/dexam/:registrationId/location/:locationId/result"],
    description: "Delete the result of one part: theory points, or practice points with the stored practice sheet.",
  },
  "results.uploadPracticeSheets": {
    graphql: [],
    rest: ["POST /v1/registration/dexam/location/:id/practice_sheets"],
    description: "Upload filled practice sheets (.xlsx, several at once) of a practice location; all or nothing.",
  },
  "results.uploadPcJuror": {
    graphql: [],
    rest: ["POST /v1/registration/competition/event/:id/pc_juror"],
    description: "Upload the jury program's pcjuror.xlsm: points and mark per competition registration; all or nothing.",
  },
  "results.blankPracticeSheets": {
    graphql: [],
    rest: ["GET /v1/export/location/:id/dexam/blank_practice_sheets", "GET /v1/export/location/:id/dexam/blank-practice-sheets"],
    description:
      "Blank practice sheets of a practice location (zip, one .xlsx per active registration): results, registration and event staff of the district.",
  },
  "results.practiceSheets": {
    graphql: [],
    rest: ["GET /v1/export/location/:id/dexam/practice_sheets", "GET /v1/export/location/:id/dexam/practice-sheets"],
    description: "The uploaded (filled) practice sheets of a practice location as one zip: the staff who see unpublished results.",
  },
  "results.practiceSheet": {
    graphql: [],
    rest: ["GET /v1/export/registration/dexam/:id/practice_sheet", "GET /v1/export/registration/dexam/:id/practice-sheet"],
    description:
      "The uploaded practice sheet of one registration: registration and results staff of the district; the club's members once the practice location publishes results.",
  },
  "results.certificateList": {
    graphql: [],
    rest: ["GET /v1/export/event/:id/dexam/certificate_list", "GET /v1/export/event/:id/dexam-certificate-list"],
    description: "List for certificate printing (.xlsx): the passed D-exam candidates of an event.",
  },
  "results.pcJurorImportList": {
    graphql: [],
    rest: ["GET /v1/export/event/:id/competition/pc_juror_import", "GET /v1/export/event/:id/competition-pc-juror-import"],
    description: "PC Juror Importliste (.xlsx): the active registrations of a competition event with everything the jury program needs.",
  },
  "export.overview": {
    graphql: [],
    rest: ["GET /v1/export/event/:id/overview"],
    description: "Overview list (.xlsx) of an event or one of its locations, with results and (camp) health data: registration staff of the district.",
  },
  // ---- audit log reading: the manage role of the area, in the record's district
  "audit.registration": {
    graphql: ["Query.auditTrail(DexamRegistration)", "Query.auditTrail(CompetitionRegistration)"],
    rest: [],
    description: "Change history of a registration (including its results).",
  },
  "healthDataAccess.list": {
    graphql: ["Query.healthDataAccesses"],
    rest: [],
    description:
      "Who read camp health data (a registration's camp data, consent forms, exports with health data): the district's access log and a registration's accesses in its history.",
  },
  "audit.event": {
    graphql: ["Query.auditTrail(Event)", "Query.auditTrail(EventLocation)"],
    rest: [],
    description: "Change history of an event or a location.",
  },
  "audit.user": {
    graphql: ["Query.auditTrail(User)"],
    rest: [],
    description: "Change history of a user.",
  },
  "audit.association": {
    graphql: ["Query.auditTrail(Association)"],
    rest: [],
    description: "Change history of a club.",
  },
  "audit.districtAssociation": {
    graphql: ["Query.auditTrail(DistrictAssociation)"],
    rest: [],
    description: "Change history of a district association.",
  },
  // ---- data protection: everything stored about the signed-in person
  "viewer.export": {
    graphql: [],
    rest: ["GET /v1/user/0/export", "GET /v1/user/0/export/consent_forms"],
    description:
      "Download (JSON) of all data stored about the signed-in user: account, clubs, registrations they made, changes others made to them, their audit entries, mails sent to them, the calendar feed's state; the consent forms of their registrations as a zip.",
  },
  // ---- erasure and access requests for a person (docs/decisions.md "Erasure on request")
  "registration.deleteCancelled": {
    graphql: ["Mutation.deleteDexamRegistration", "Mutation.deleteCompetitionRegistration"],
    rest: ["DELETE /v1/registration/dexam/:id", "DELETE /v1/registration/competition/:id"],
    description:
      "Delete a cancelled registration (D-exam or competition) on an erasure request: registration_manage of the event's district only; the club never (R-RO024).",
  },
  "dexam.eraseCampData": {
    graphql: ["Mutation.eraseDexamCampData"],
    rest: [],
    description: "Erase only the camp data (health data, meal request, emergency contacts, consent form) of a camp registration once the camp has ended.",
  },
  "registration.person": {
    graphql: ["Query.personRegistrations"],
    rest: ["GET /v1/export/person", "GET /v1/export/person/xlsx"],
    description:
      "Find one child's D-exam registrations across the district's events (first name, last name, birth date) and export everything stored about them (JSON, .xlsx) for an access request.",
  },
  // ---- machine clients: OAuth 2 client credentials of the embedded provider
  "apiClient.list": {
    graphql: ["Query.apiClients"],
    rest: [],
    description: "API clients (machine accounts) of the own district association; admin names any district.",
  },
  "apiClient.create": {
    graphql: ["Mutation.createApiClient"],
    rest: [],
    description: "Create an API client with a name and roles (only roles the creator holds; admin only by admin); answers its secret once, stored hashed.",
  },
  "apiClient.revoke": {
    graphql: ["Mutation.revokeApiClient"],
    rest: [],
    description: "Revoke an API client: its token requests answer invalid_client and its issued tokens are refused at once.",
  },
  // ---- integrations: the change feed and webhooks (docs/decisions.md "Change feed", "Webhooks")
  "change.list": {
    graphql: ["Query.changes"],
    rest: ["GET /v1/changes"],
    description:
      "The change feed: creates, updates and deletions of clubs, users, events, locations, registrations (with their results), timetable slots and invoices in commit order from a cursor; each change only for a caller who may read its row (its own read operation decides, for a deletion as the row was).",
  },
  "webhook.list": {
    graphql: ["Query.webhookEndpoints", "Query.webhookEventTypes"],
    rest: [],
    description: "The webhook endpoints of the own district association (admin: any) with their delivery log.",
  },
  "webhook.manage": {
    graphql: [
      "Mutation.createWebhookEndpoint",
      "Mutation.updateWebhookEndpoint",
      "Mutation.deleteWebhookEndpoint",
      "Mutation.rotateWebhookSecret",
      "Mutation.redeliverWebhook",
    ],
    rest: [],
    description:
      "Create, change, enable, delete a webhook endpoint of the own district association, rotate its signing secret (shown once; the old one stays valid 24 hours) and deliver a logged message again.",
  },
  // ---- fees and invoices to clubs (docs/decisions.md "Invoices")
  "invoiceFees.read": {
    graphql: ["Query.eventFees"],
    rest: [],
    description: "The fee table of an event of the own district: fees per D-exam course and part, per competition type and category, the late fee.",
  },
  "invoiceFees.update": {
    graphql: ["Mutation.setEventFees"],
    rest: [],
    description: "Set the fee table of an event of the own district; issued invoices keep what they billed.",
  },
  "invoiceSeller.read": {
    graphql: ["Query.invoiceSeller", "Query.invoiceReminders"],
    rest: [],
    description:
      "The seller data of the own district association (name, address, tax data, bank account, SEPA creditor id) and its reminder levels (Zahlungserinnerung, Mahnungen).",
  },
  "invoiceSeller.update": {
    graphql: ["Mutation.setInvoiceSeller", "Mutation.setInvoiceReminders"],
    rest: [],
    description: "Set the seller data of the own district association and its reminder levels (days after the due date).",
  },
  "invoiceBilling.read": {
    graphql: ["Query.clubBilling"],
    rest: [],
    description: "A club's billing address, buyer reference and SEPA mandate (IBAN masked): invoice staff of the district and the club's accounts.",
  },
  "invoiceBilling.update": {
    graphql: ["Mutation.setClubBilling"],
    rest: [],
    description: "Set a club's billing address, buyer reference and SEPA mandate (IBAN checked, account stored encrypted).",
  },
  "invoice.list": {
    graphql: ["Query.invoices", "Query.invoicesExport"],
    rest: ["GET /v1/invoices", "GET /v1/export/invoices"],
    description:
      "Invoices, cancellation invoices and credit notes (also as a CSV/.xlsx export): invoice staff of the district all of it, a club's accounts their own club's.",
  },
  "invoice.read": {
    graphql: ["Query.node(Invoice)"],
    rest: ["GET /v1/invoice/:id", "GET /v1/invoice/:id/pdf", "GET /v1/invoice/:id/xml"],
    description: "One invoice with its EN 16931 XML and its Factur-X PDF, under the same visibility as invoice.list.",
  },
  "invoice.issue": {
    graphql: ["Mutation.issueInvoices"],
    rest: [],
    description:
      "Issue the invoices of an event after its deadline: one per club with live registrations that cost something, numbers gapless per district and year.",
  },
  "invoice.cancel": {
    graphql: ["Mutation.cancelInvoice"],
    rest: [],
    description: "Cancel an invoice by a cancellation invoice with its own number (the invoice stays as issued).",
  },
  "invoice.credit": {
    graphql: ["Mutation.creditInvoice"],
    rest: [],
    description: "Credit part of an invoice by a credit note (at most the invoice's total).",
  },
  "invoiceDebit.list": {
    graphql: ["Query.sepaDebits"],
    rest: [],
    description: "The SEPA direct debit files (pain.008) of the own district, with their collections and the file to download again.",
  },
  "invoiceDebit.create": {
    graphql: ["Mutation.createSepaDebit"],
    rest: [],
    description:
      "Make a SEPA direct debit file (pain.008.001.08) of the district's invoices due by the collection date of clubs with a mandate (first or recurring collection); each invoice is collected once.",
  },
  "invoicePayment.import": {
    graphql: ["Mutation.importBankStatement"],
    rest: [],
    description:
      "Read in a bank statement (camt.053) or notification (camt.054) of the own district: each credit is matched to the invoice its reference names; a booking is read once, a refused file writes nothing.",
  },
  "invoicePayment.record": {
    graphql: ["Mutation.markInvoicePaid"],
    rest: [],
    description: 'Record by hand that an invoice of the own district is paid ("bezahlt") on a day.',
  },
  "invoiceOpenItem.list": {
    graphql: ["Query.openItems", "Query.openItemsExport"],
    rest: ["GET /v1/invoices/open_items", "GET /v1/export/invoices/open_items", "GET /v1/export/invoices/open-items"],
    description:
      "Open items: what each invoice still asks for, partial and over-payments, the last reminder (also as a CSV/.xlsx export); invoice staff of the district all of it, a club's accounts their own club's.",
  },
  // ---- timetables (Zeitplan)
  "timetable.read": {
    graphql: ["Query.timetable", "Query.node(TimetableSlot)"],
    rest: ["GET /v1/event/:id/timetable"],
    description:
      "The timetable of an event: per location its rules (or the defaults), whether it is published, its slots and the parts without one; staff of the event's district.",
  },
  "timetable.manage": {
    graphql: [
      "Mutation.saveTimetableRules",
      "Mutation.planTimetable",
      "Mutation.moveTimetableSlot",
      "Mutation.swapTimetableSlots",
      "Mutation.lockTimetableSlot",
      "Query.timetableSlotProblems",
    ],
    rest: ["PUT /v1/event/location/:id/timetable/rules", "POST /v1/event/:id/timetable/plan", "PUT /v1/timetable/slot/:id"],
    description:
      "Set a location's timetable rules, plan the event's timetable from the live registrations (keeping still valid slots unless starting over), move, swap and lock slots (conflicts answered in German, optimistic concurrency).",
  },
  "timetable.publish": {
    graphql: ["Mutation.publishTimetable"],
    rest: ["POST /v1/event/location/:id/timetable/publish"],
    description:
      "Publish a location's timetable: the clubs see their slots, each registration's creator gets one mail, and one more on every later change of their slot.",
  },
  "timetable.print": {
    graphql: [],
    rest: ["GET /v1/export/location/:id/timetable"],
    description: "The printed timetable of a location (PDF or .xlsx): per room the slots, the attendance list with a signature column, the examiners' list.",
  },
  "timetable.registrationSlots": {
    graphql: ["DexamRegistration.timetableSlots", "CompetitionRegistration.timetableSlots"],
    rest: ["GET /v1/registration/dexam/:id/timetable", "GET /v1/registration/competition/:id/timetable"],
    description:
      "A registration's slots (room, day, times): the club's members and the registering account once the location's timetable is published; staff of the district always.",
  },
} as const satisfies Record<Operation, Doors>;

export function isAllowed(principal: Principal | null, op: Operation): boolean {
  if (!principal || principal.blocked) return false;
  if (isMachine(principal) && PERSON_ONLY.has(op)) return false;
  return mayCall(principal.roles, op);
}

/** A row as tenancy sees it: the district association it belongs to and, if any, its club. */
export type Owner = {
  districtAssociationId: number;
  associationId?: number | null;
  /** the account that made the row (tenancy "registrantOrDistrict"); null once deleted */
  userId?: number | null;
  /** whether the row is published (tenancy "publishedOrDistrict") */
  published?: boolean;
};

/**
 * Whether `p` acts on a row of `owner` under `op`'s tenancy (the table's `tenancy` column): admin on
 * every row; "ownDistrict" on the own district's rows; "ownClubsOrDistrict" on the own clubs' rows,
 * and with one of the operation's `districtRoles` on the own district's rows ("publishedOrDistrict":
 * on published rows, and with those roles on the own district's); "none" on every row.
 * Not "self" (the own account is not a row of another owner). `actsOnWhere` is the same rule as a
 * Prisma where, for rows in the database.
 */
export function actsOn(p: Principal | null, op: Operation, owner: Owner): boolean {
  if (!p) return false;
  const { tenancy } = PERMISSIONS[op] as Permission;
  if (tenancy === "none" || isAdmin(p.roles)) return true;
  const ownDistrict = p.districtAssociationId === owner.districtAssociationId;
  if (tenancy === "ownDistrict") return ownDistrict;
  if (tenancy === "registrantOrDistrict")
    return (p.kind === "user" && owner.userId != null && owner.userId === p.userId) || (ownDistrict && hasDistrictRoles(p.roles, op));
  if (tenancy === "publishedOrDistrict") return owner.published === true || (ownDistrict && hasDistrictRoles(p.roles, op));
  if (tenancy !== "ownClubsOrDistrict") return false;
  if (owner.associationId != null && p.associationIds.includes(owner.associationId)) return true;
  return ownDistrict && hasDistrictRoles(p.roles, op);
}

/** How a model reaches the owner of its rows, for `actsOnWhere`. */
export type OwnerPaths<D extends object, C extends object> = {
  district: (districtAssociationId: number) => D;
  clubs?: (associationIds: number[]) => C;
  /** the rows the account made (tenancy "registrantOrDistrict") */
  registrant?: (userId: number) => C;
  /** the published rows (tenancy "publishedOrDistrict") */
  published?: () => C;
};

/**
 * `actsOn` as a Prisma where over a model (`paths` say how its rows name their district and club):
 * every row for admin and "none", the own district's for "ownDistrict" (and for the district roles
 * of "ownClubsOrDistrict"), the own clubs' otherwise.
 */
export function actsOnWhere<D extends object, C extends object = D>(
  p: Principal,
  op: Operation,
  paths: OwnerPaths<D, C>,
): D | C | { OR: (D | C)[] } | Record<string, never> {
  const { tenancy } = PERMISSIONS[op] as Permission;
  if (tenancy === "none" || isAdmin(p.roles)) return {};
  if (tenancy === "self") throw new Error(`${op}: the own account is no row of an owner`);
  const district = paths.district(p.districtAssociationId);
  if (tenancy === "ownDistrict") return district;
  if (tenancy === "registrantOrDistrict") {
    if (!paths.registrant) throw new Error(`${op}: its rows belong to the accounts that made them, give their path`);
    // a machine client made no row
    const own = paths.registrant(p.kind === "user" ? p.userId : -1);
    return hasDistrictRoles(p.roles, op) ? { OR: [district, own] } : own;
  }
  if (tenancy === "publishedOrDistrict") {
    if (!paths.published) throw new Error(`${op}: its rows are seen once published, give that path`);
    const published = paths.published();
    return hasDistrictRoles(p.roles, op) ? { OR: [published, district] } : published;
  }
  if (!paths.clubs) throw new Error(`${op}: its rows belong to clubs, give their path`);
  const clubs = paths.clubs(p.associationIds);
  return hasDistrictRoles(p.roles, op) ? { OR: [district, clubs] } : clubs;
}

/** May call `op` on a row of `owner`: the operation's roles (isAllowed) and its tenancy (actsOn), as a door checks both. */
export const mayActOn = (p: Principal | null, op: Operation, owner: Owner): boolean => isAllowed(p, op) && actsOn(p, op, owner);

/** Throws 401/403 unless the principal may call the operation at all; row tenancy is the service's job. */
export function authorize(principal: Principal | null, op: Operation): Principal {
  if (!principal) throw new AppError("UNAUTHENTICATED", "Nicht angemeldet");
  if (isMachine(principal) && PERSON_ONLY.has(op))
    throw new AppError("FORBIDDEN", "Diese Aktion ist nur für angemeldete Personen möglich, nicht für API-Zugänge");
  if (!isAllowed(principal, op)) throw forbidden();
  return principal;
}
