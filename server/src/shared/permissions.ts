// Authorization as data: every operation of the API, who may call it, and the tenancy rule that
// narrows it to rows (its GraphQL fields, /v1 routes and description: DOORS in
// server/src/auth/permissions.ts); the menu's screens and who sees them. Shared by the server and the client
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
};

/** Registration staff: see every registration of the district's events. */
const REGISTRATION_STAFF = ["registration_read", "registration_manage"] as const satisfies readonly RoleName[];
/** Registration management: changes every registration of the district's events. */
const REGISTRATION_MANAGER = ["registration_manage"] as const satisfies readonly RoleName[];
/** Staff who see their district's unpublished events: registrations, events, and results (the results screen picks past events). */
const EVENT_STAFF = ["registration_read", "registration_manage", "event_manage", "results_read", "results_manage"] as const satisfies readonly RoleName[];

/** Invoice staff: see every invoice, fee table and club billing data of the district. */
const INVOICE_STAFF = ["invoice_read", "invoice_manage"] as const satisfies readonly RoleName[];

export const PERMISSIONS = {
  "viewer.read": {
    access: "signedIn",
    tenancy: "self",
  },
  "districtAssociation.list": {
    access: "signedIn",
    tenancy: "none",
  },
  "districtAssociation.read": {
    access: "signedIn",
    tenancy: "none",
  },
  "districtAssociation.create": {
    access: ["admin"],
    tenancy: "none",
  },
  "districtAssociation.update": {
    access: ["admin"],
    tenancy: "none",
  },
  "districtAssociation.delete": {
    access: ["admin"],
    tenancy: "none",
  },
  "association.list": {
    access: ["association_read", "association_manage", "user_read", "user_manage", "registration_read", "registration_manage"],
    tenancy: "ownDistrict",
  },
  "association.read": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: ["association_read", "association_manage", "user_read", "user_manage", "registration_read", "registration_manage"],
  },
  "association.create": {
    access: ["association_manage"],
    tenancy: "ownDistrict",
  },
  "association.update": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: ["association_manage"],
  },
  "association.delete": {
    access: ["association_manage"],
    tenancy: "ownDistrict",
  },
  "viewer.update": {
    access: "signedIn",
    tenancy: "self",
  },
  "viewer.delete": {
    access: "signedIn",
    tenancy: "self",
  },
  "user.list": {
    access: ["user_read", "user_manage"],
    tenancy: "ownDistrict",
  },
  "user.read": {
    access: "signedIn",
    tenancy: "ownDistrict",
  },
  "user.create": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "user.update": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "user.delete": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "user.setAssociations": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "user.deactivate": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "user.reactivate": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "user.resendInvitation": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "event.list": {
    access: "signedIn",
    tenancy: "publishedOrDistrict",
    districtRoles: EVENT_STAFF,
  },
  "event.read": {
    access: "signedIn",
    tenancy: "publishedOrDistrict",
    districtRoles: EVENT_STAFF,
  },
  "event.create": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
  },
  "event.update": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
  },
  "event.delete": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
  },
  "event.copy": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
  },
  "event.statistic": {
    access: ["registration_read", "registration_manage"],
    tenancy: "ownDistrict",
  },
  "location.list": {
    access: "signedIn",
    tenancy: "none",
  },
  "location.read": {
    access: "signedIn",
    tenancy: "none",
  },
  "location.create": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
  },
  "location.update": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
  },
  "location.publishResults": {
    access: ["event_manage", "results_manage"],
    tenancy: "ownDistrict",
  },
  "location.delete": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
  },
  "dexam.list": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_STAFF,
  },
  "dexam.read": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_STAFF,
  },
  "dexam.create": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
  },
  "dexam.update": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
  },
  "dexam.cancel": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
  },
  "competition.list": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_STAFF,
  },
  "competition.read": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_STAFF,
  },
  "competition.create": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
  },
  "competition.update": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
  },
  "competition.cancel": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
  },
  "competition.delete": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: ["user_manage"],
  },
  "dexam.takeover": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
  },
  "dexam.consentForm": {
    access: "signedIn",
    tenancy: "registrantOrDistrict",
    districtRoles: REGISTRATION_STAFF,
  },
  "dexam.campData.read": {
    access: "signedIn",
    tenancy: "registrantOrDistrict",
    districtRoles: REGISTRATION_STAFF,
  },
  "dexam.consentForms": {
    access: ["registration_read", "registration_manage"],
    tenancy: "ownDistrict",
  },
  "registrations.message": {
    access: REGISTRATION_MANAGER,
    tenancy: "ownDistrict",
  },
  "dexam.delete": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: REGISTRATION_MANAGER,
  },
  "results.list": {
    access: ["results_read", "results_manage"],
    tenancy: "ownDistrict",
  },
  "results.setTheory": {
    access: ["results_manage"],
    tenancy: "ownDistrict",
  },
  "results.delete": {
    access: ["results_manage"],
    tenancy: "ownDistrict",
  },
  "results.uploadPracticeSheets": {
    access: ["results_manage"],
    tenancy: "ownDistrict",
  },
  "results.uploadPcJuror": {
    access: ["results_manage"],
    tenancy: "ownDistrict",
  },
  "results.blankPracticeSheets": {
    access: ["results_read", "results_manage", "registration_read", "registration_manage", "event_manage"],
    tenancy: "ownDistrict",
  },
  "results.practiceSheets": {
    access: ["results_read", "results_manage", "registration_read", "registration_manage"],
    tenancy: "ownDistrict",
  },
  "results.practiceSheet": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: ["registration_read", "registration_manage", "results_read", "results_manage"],
  },
  "results.certificateList": {
    access: ["results_read", "results_manage"],
    tenancy: "ownDistrict",
  },
  "results.pcJurorImportList": {
    access: ["results_read", "results_manage", "registration_read", "registration_manage"],
    tenancy: "ownDistrict",
  },
  "export.overview": {
    access: ["registration_read", "registration_manage"],
    tenancy: "ownDistrict",
  },
  // ---- audit log reading: the manage role of the area, in the record's district
  "audit.registration": {
    access: ["registration_manage", "results_manage"],
    tenancy: "ownDistrict",
  },
  "healthDataAccess.list": {
    access: ["registration_manage"],
    tenancy: "ownDistrict",
  },
  "audit.event": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
  },
  "audit.user": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "audit.association": {
    access: ["association_manage"],
    tenancy: "ownDistrict",
  },
  "audit.districtAssociation": {
    access: ["admin"],
    tenancy: "ownDistrict",
  },
  // ---- data protection: everything stored about the signed-in person
  "viewer.export": {
    access: "signedIn",
    tenancy: "self",
  },
  // ---- erasure and access requests for a person (docs/decisions.md "Erasure on request")
  "registration.deleteCancelled": {
    access: ["registration_manage"],
    tenancy: "ownDistrict",
  },
  "dexam.eraseCampData": {
    access: ["registration_manage"],
    tenancy: "ownDistrict",
  },
  "registration.person": {
    access: ["registration_manage"],
    tenancy: "ownDistrict",
  },
  // ---- machine clients: OAuth 2 client credentials of the embedded provider
  "apiClient.list": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "apiClient.create": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "apiClient.revoke": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  // ---- integrations: the change feed and webhooks (docs/decisions.md "Change feed", "Webhooks")
  "change.list": {
    access: "signedIn",
    tenancy: "none",
  },
  "webhook.list": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  "webhook.manage": {
    access: ["user_manage"],
    tenancy: "ownDistrict",
  },
  // ---- fees and invoices to clubs (docs/decisions.md "Invoices")
  "invoiceFees.read": {
    access: ["invoice_read", "invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoiceFees.update": {
    access: ["invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoiceSeller.read": {
    access: ["invoice_read", "invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoiceSeller.update": {
    access: ["invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoiceBilling.read": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: INVOICE_STAFF,
  },
  "invoiceBilling.update": {
    access: ["invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoice.list": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: INVOICE_STAFF,
  },
  "invoice.read": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: INVOICE_STAFF,
  },
  "invoice.issue": {
    access: ["invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoice.cancel": {
    access: ["invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoice.credit": {
    access: ["invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoiceDebit.list": {
    access: ["invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoiceDebit.create": {
    access: ["invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoicePayment.import": {
    access: ["invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoicePayment.record": {
    access: ["invoice_manage"],
    tenancy: "ownDistrict",
  },
  "invoiceOpenItem.list": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: INVOICE_STAFF,
  },
  // ---- timetables (Zeitplan, docs/decisions.md "Timetables"): event_manage plans, changes and publishes;
  // registration staff read and print; a club sees its registrations' slots once published (as results)
  "timetable.read": {
    access: ["event_manage", "registration_read", "registration_manage"],
    tenancy: "ownDistrict",
  },
  "timetable.manage": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
  },
  "timetable.publish": {
    access: ["event_manage"],
    tenancy: "ownDistrict",
  },
  "timetable.print": {
    access: ["event_manage", "registration_read", "registration_manage"],
    tenancy: "ownDistrict",
  },
  "timetable.registrationSlots": {
    access: "signedIn",
    tenancy: "ownClubsOrDistrict",
    districtRoles: ["event_manage", "registration_read", "registration_manage"],
  },
} as const satisfies Record<string, Permission>;

export type Operation = keyof typeof PERMISSIONS;

/**
 * Operations that need a person's user row (the own account, taking over a registration):
 * machine clients (API clients) are refused them, whatever their roles. Creating a registration is
 * not one: a machine client has no clubs, so the creates' tenancy leaves it the clubs of its
 * district with the district roles (registration_manage), as staff.
 */
export const PERSON_ONLY: ReadonlySet<Operation> = new Set<Operation>([
  "viewer.read",
  "viewer.update",
  "viewer.delete",
  "viewer.export",
  "dexam.takeover",
  "apiClient.create",
  "webhook.manage",
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
