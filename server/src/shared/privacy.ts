// The records of processing (Art. 30 GDPR) as data: which personal data the system holds, why, who
// reads them (the operations of the permission table) and how long they are kept (the events'
// automatic deletion, settings of config.ts, constants of the code). docs/privacy.md is generated
// from this list (npm run docs:privacy) and a test fails when it is stale or when an entry names an
// operation, a column or a setting that does not exist, or when config.ts reads a retention-like
// setting (RETENTION, _DAYS, KEEP, GIVE_UP, ...) not listed here. A new permission op, a new
// retention setting or a new column is one line in its category here.

import type { Config } from "../config.ts";
import type * as P from "../generated/prisma/client.ts";
import type { Operation } from "./permissions.ts";

/** The tables the categories name, for the column check (a typo is a type error). */
type Models = {
  User: P.User;
  UserAssociation: P.UserAssociation;
  CalendarFeed: P.CalendarFeed;
  DexamRegistration: P.DexamRegistration;
  CompetitionRegistration: P.CompetitionRegistration;
  StoredFile: P.StoredFile;
  MailOutbox: P.MailOutbox;
  AuditEntry: P.AuditEntry;
  IdempotencyKey: P.IdempotencyKey;
  ApiClient: P.ApiClient;
  OidcPayload: P.OidcPayload;
  RateLimitCounter: P.RateLimitCounter;
  HealthDataAccess: P.HealthDataAccess;
  Change: P.Change;
  WebhookEndpoint: P.WebhookEndpoint;
  WebhookDelivery: P.WebhookDelivery;
  SepaMandate: P.SepaMandate;
  Invoice: P.Invoice;
  SepaDebit: P.SepaDebit;
  SepaDebitItem: P.SepaDebitItem;
  Payment: P.Payment;
};
export type StoredColumns = { [M in keyof Models]?: readonly (keyof Models[M] & string)[] };

/** How long a category is kept: until the event's automatic deletion, by a setting, by a constant of the code, or in words. */
export type Retention =
  /** until the event's automatic deletion date (Event.expiration; the expiry job, events/expiry.ts) */
  | { event: true; note?: string }
  /** an environment setting (config.ts): `read` picks its value from the configuration; the document shows its default */
  | { setting: string; read: (c: Config) => number | null; unit: "seconds" | "minutes" | "hours" | "days"; what: string }
  /** a constant of the code, named by its file */
  | { constant: number; unit: "seconds" | "minutes" | "hours" | "days"; what: string; source: string }
  | { text: string };

export type DataCategory = {
  name: string;
  /** whose data */
  subjects: string;
  /** what is held, in words */
  data: string;
  /** where it is stored */
  stored: StoredColumns;
  purpose: string;
  legalBasis: string;
  /** the operations of the permission table that read the data (docs/authorization.md says who may call them) */
  readBy: readonly Operation[];
  /** recipients outside the permission table (mail recipients, the identity provider) */
  otherRecipients?: string;
  retention: readonly Retention[];
  /** how the data are protected beyond the permission table */
  protection?: string;
};

export const DATA_CATEGORIES: readonly DataCategory[] = [
  {
    name: "SEPA mandates and invoices of clubs",
    subjects: "the account holder of a club's SEPA mandate (the club, or a person such as its treasurer); the club's invoice contact",
    data: "mandate reference and date, IBAN, BIC and account holder; on issued invoices the buyer's name, billing address, invoice e-mail, buyer reference and the mandate's IBAN; in direct debit files (pain.008) the mandate, account holder, IBAN and BIC of each collection; of payments read from bank statements the payer's name, the remittance text, amount and day (the payer's IBAN is not kept)",
    stored: {
      SepaMandate: ["reference", "signedOn", "accountEncrypted", "ibanLast4"],
      Invoice: ["buyer", "xml", "associationId"],
      MailOutbox: ["email", "invoiceId"],
      SepaDebit: ["xmlEncrypted"],
      SepaDebitItem: ["invoiceId", "mandateReference"],
      Payment: ["payerName", "reference", "amountCents", "paidOn", "invoiceId"],
    },
    purpose: "billing the clubs' exam and competition fees and collecting them by direct debit",
    legalBasis: "Art. 6(1)(b) GDPR (the fees of the registrations), Art. 6(1)(c) GDPR (the invoices' retention under tax law, § 147 AO, § 14b UStG)",
    readBy: ["invoiceBilling.read", "invoice.list", "invoice.read", "invoiceDebit.list", "invoicePayment.import", "invoiceOpenItem.list"],
    otherRecipients:
      "the club's invoice e-mail receives each invoice (PDF and XML) through the mail outbox; the district association's bank receives the direct debit files its treasurer hands in",
    retention: [
      { text: "the mandate until it is removed (`invoiceBilling.update`) or the club is deleted" },
      { text: "issued invoices ten years (tax law); they outlive the club and the event, whose names they keep; deleted with their district association" },
      { text: "direct debit files and payments with their district association (booking records, kept with the invoices they settle)" },
    ],
    protection:
      "IBAN, BIC and holder of a mandate and the direct debit files are sealed (AES-256-GCM, server/src/crypto); the mandate is shown masked (last four characters); the audit log names the change, never the account",
  },
  {
    name: "User accounts",
    subjects: "club members, staff of the district associations and the federation",
    data: "name, e-mail address, phone, postal address, roles, district association, clubs, preferences (result mails)",
    stored: {
      User: ["firstname", "lastname", "email", "phone", "street", "postcode", "city", "roles", "districtAssociationId", "subject"],
      UserAssociation: ["userId", "associationId"],
    },
    purpose: "sign-in, the clubs a user registers for, contact on questions about a registration",
    legalBasis: "Art. 6(1)(b) GDPR (use of the registration system), Art. 6(1)(f) for staff accounts",
    readBy: ["viewer.read", "viewer.export", "user.list", "user.read", "association.read"],
    otherRecipients: "the identity provider (embedded, or the configured OIDC provider) holds the sign-in identity",
    retention: [{ text: "until the account is deleted (by its user: `viewer.delete`, or by user_manage: `user.delete`)" }],
  },
  {
    name: "Calendar feed",
    subjects: "club members",
    data: "a hash of the secret token of the account's calendar feed",
    stored: { CalendarFeed: ["userId", "tokenHash"] },
    purpose: "the personal calendar of the own registrations' dates",
    legalBasis: "Art. 6(1)(b) GDPR",
    readBy: ["viewer.read"],
    retention: [{ text: "until the user switches the feed off or the account is deleted" }],
  },
  {
    name: "D-exam registrations",
    subjects: "exam candidates (mostly minors), the registering user",
    data: "name, date of birth, gender, club, instrument, course, exam locations, earlier partial result, exam pieces, remarks, consents given",
    stored: {
      DexamRegistration: [
        "firstname",
        "lastname",
        "birthdate",
        "gender",
        "associationId",
        "instrument",
        "type",
        "partialResultType",
        "songs",
        "songsCompleteKey",
        "remarks",
        "remarksEncrypted",
        "gdprAccepted",
        "cancellationAccepted",
        "userId",
      ],
    },
    purpose: "organising the D-exams: locations, times, exam lists, certificates",
    legalBasis: "Art. 6(1)(b) GDPR; the event's privacy notice accepted on registration (gdprAccepted)",
    readBy: ["dexam.list", "dexam.read", "export.overview", "viewer.export"],
    otherRecipients: "the registering user and the club's accounts receive confirmation mails",
    retention: [{ event: true }],
  },
  {
    name: "Camp health data",
    subjects: "camp participants (minors), their emergency contacts",
    data: "illnesses, intolerances, allergies, vaccinations, meal request, emergency contacts (name, phone); the consent to their processing",
    stored: { DexamRegistration: ["campDataEncrypted", "mealRequest", "healthConsentAccepted"] },
    purpose: "care of the children during the camp (emergencies, allergies, meals)",
    legalBasis:
      "Art. 9(2)(a) GDPR: explicit consent, given on registration by a person with parental authority or with the parents' consent (healthConsentAccepted, required for camp registrations)",
    readBy: ["dexam.campData.read", "viewer.export", "registration.person"],
    otherRecipients: "only the account that registered the child; other accounts of the club see that camp data exist, not their values",
    retention: [{ event: true }, { text: "erased on request after the camp (`dexam.eraseCampData`), with the consent form, while the registration stays" }],
    protection:
      "sealed with the data key (AES-256-GCM) in one column; confirmation mails carry none; the audit log records that camp data changed, never their values; every read recorded (Health-data access records)",
  },
  {
    name: "Consent forms",
    subjects: "camp participants (minors) and their parents",
    data: "the parent-signed consent form (scan or photo)",
    stored: { DexamRegistration: ["consentFormFileId"], StoredFile: ["name", "data"] },
    purpose: "proof of the parents' consent to the camp",
    legalBasis: "Art. 9(2)(a) GDPR (explicit consent)",
    readBy: ["dexam.consentForm", "dexam.consentForms", "viewer.export"],
    retention: [{ event: true }],
    protection: "file bytes sealed with the data key (AES-256-GCM)",
  },
  {
    name: "Competition registrations",
    subjects: "ensembles, conductors, the registering user",
    data: "ensemble name, club, conductor's name, number of musicians, members, pieces, remarks",
    stored: { CompetitionRegistration: ["name", "associationId", "conductorName", "members", "songsCompleteKey", "remarks", "remarksEncrypted", "userId"] },
    purpose: "organising the competitions: schedule, jury, results",
    legalBasis: "Art. 6(1)(b) GDPR; the event's privacy notice accepted on registration",
    readBy: ["competition.list", "competition.read", "export.overview", "viewer.export"],
    otherRecipients: "the registering user and the club's accounts receive confirmation mails",
    retention: [{ event: true }],
  },
  {
    name: "Results",
    subjects: "exam candidates, ensembles",
    data: "theory and practice points, the practice sheet, grades, competition points",
    stored: {
      DexamRegistration: ["theoryPoints", "practicePoints", "gradeKey", "practiceSheetFileId"],
      CompetitionRegistration: ["points", "mark"],
      StoredFile: ["data"],
    },
    purpose: "exam and competition results, certificates; a passed part can be taken over into a later exam",
    legalBasis: "Art. 6(1)(b) GDPR",
    readBy: ["results.list", "results.practiceSheet", "results.practiceSheets", "results.certificateList", "results.pcJurorImportList"],
    retention: [{ event: true, note: "a passed part taken over lives on in the later registration as its partial result" }],
  },
  {
    name: "Confirmation e-mails",
    subjects: "registering users, the club's accounts",
    data: "recipient, the registration's facts (participant, event, locations, pieces; never health data)",
    stored: { MailOutbox: ["userId", "payload", "lastError"] },
    purpose: "confirming registrations, changes, cancellations and published results",
    legalBasis: "Art. 6(1)(b) GDPR",
    readBy: [],
    otherRecipients: "the configured mail server",
    retention: [
      {
        setting: "MAIL_RETRY_SECONDS",
        read: (c) => c.mailRetrySeconds,
        unit: "seconds",
        what: "first retry of an undelivered mail (doubling, at most an hour)",
      },
      { constant: 30, unit: "days", what: "a sent mail's row is kept, then deleted", source: "server/src/mail/outbox.ts" },
      { constant: 7, unit: "days", what: "an undelivered mail is given up and deleted", source: "server/src/mail/outbox.ts" },
      { text: "a registration's mails are deleted with the registration (`registrations/traces.ts`)" },
    ],
  },
  {
    name: "Audit log",
    subjects: "users who change data, the persons the changed rows name",
    data: "who changed what and when, with the changed values (camp data, remarks and the meal request by name only)",
    stored: { AuditEntry: ["actorUserId", "actorLabel", "entity", "entityId", "action", "details", "at"] },
    purpose: "accountability of changes (Art. 5(2) GDPR), answering questions about a registration",
    legalBasis: "Art. 6(1)(c) and (f) GDPR",
    readBy: ["audit.registration", "audit.event", "audit.user", "audit.association", "audit.districtAssociation"],
    retention: [
      { setting: "AUDIT_RETENTION_DAYS", read: (c) => c.auditRetentionDays, unit: "days", what: "an entry is kept, then deleted by the expiry job" },
      { text: "a deleted registration's entries are deleted with it (`registrations/traces.ts`)" },
    ],
  },
  {
    name: "Health-data access records",
    subjects: "users and API clients who read camp health data",
    data: "who read which camp registrations' health data or consent forms, when, through which door (registration ids only, no names)",
    stored: { HealthDataAccess: ["actorUserId", "actorLabel", "door", "registrationIds", "at"] },
    purpose: "accountability for reads of health data (Art. 5(2), Art. 32 GDPR)",
    legalBasis: "Art. 6(1)(c) and (f) GDPR",
    readBy: ["healthDataAccess.list", "audit.registration"],
    retention: [
      {
        setting: "HEALTH_DATA_ACCESS_LOG_DAYS",
        read: (c) => c.healthDataAccessLogDays,
        unit: "days",
        what: "a record is kept, then deleted by the expiry job",
      },
    ],
  },
  {
    name: "Repeated-request keys",
    subjects: "users and API clients creating registrations",
    data: "the caller, a hash of the request, the registration it created",
    stored: { IdempotencyKey: ["requestHash"] },
    purpose: "a retried create answers the first registration instead of creating a second",
    legalBasis: "Art. 6(1)(b) GDPR",
    readBy: [],
    retention: [{ constant: 24, unit: "hours", what: "then deleted by the expiry job", source: "server/src/domains/registrations/idempotency.ts" }],
  },
  {
    name: "Sign-in and abuse protection",
    subjects: "users, API clients",
    data: "sessions and tokens of the embedded sign-in, API client credentials (hashed), per-account and per-address request counters (keyed hashes)",
    stored: { OidcPayload: ["payload", "expiresAt"], ApiClient: ["name"], RateLimitCounter: ["key"] },
    purpose: "authentication, protection against guessing passwords and overload",
    legalBasis: "Art. 6(1)(f) GDPR, Art. 32 GDPR",
    readBy: ["apiClient.list"],
    retention: [{ text: "sessions and tokens until they expire; counters for their window" }],
    protection: "counters hold HMAC-SHA-256 hashes under a subkey of the data key, never the address itself",
  },
  {
    name: "Change feed and webhooks",
    subjects: "users, registering users, clubs (by id only)",
    data: "which row changed how and when, with the ids of its district, club and registering account (no names, no field values); webhook endpoints with their creator; the delivery log (the same ids)",
    stored: { Change: ["rowId", "userId", "associationId", "at"], WebhookEndpoint: ["url", "createdById"], WebhookDelivery: ["payload", "lastError"] },
    purpose: "integrations mirror the data they may read and learn of deletions (the feed, webhooks of the district association)",
    legalBasis: "Art. 6(1)(f) GDPR",
    readBy: ["change.list", "webhook.list"],
    otherRecipients: "the webhook endpoints the district association registers (ids and event types only)",
    retention: [
      {
        setting: "CHANGE_RETENTION_DAYS",
        read: (c) => c.changeRetentionDays,
        unit: "days",
        what: "a deletion and a superseded change are kept, then deleted by the expiry job; a row's latest change lives as long as the row",
      },
      { constant: 30, unit: "days", what: "a delivered or given-up webhook delivery is kept in the log", source: "server/src/domains/webhooks/sender.ts" },
      { text: "an endpoint and its log are deleted with it or with its district association; its creator's deletion clears the creator" },
    ],
  },
];

/** Technical and organisational measures (Art. 32 GDPR), each named by the code that carries it out. */
export const MEASURES: readonly { measure: string; source: string }[] = [
  {
    measure: "Authorization from one permission table: roles and tenancy (own clubs, own district association) for every operation of both APIs",
    source: "server/src/shared/permissions.ts",
  },
  {
    measure:
      "Camp health data, free-text remarks and stored files sealed with AES-256-GCM under the data key (DATA_ENCRYPTION_KEY); each ciphertext names its key",
    source: "server/src/crypto/aead.ts",
  },
  { measure: "The data key rotated by a command that re-encrypts every ciphertext (npm run keys:rotate)", source: "server/src/crypto/rotate.ts" },
  { measure: "Backups (npm run backup) encrypted with the data key; restore checks the key", source: "scripts/backup.ts" },
  {
    measure: "Camp health data and consent forms only for the account that registered the child and registration staff; every read recorded",
    source: "server/src/domains/healthaccess/service.ts",
  },
  {
    measure: "Everything that names a deleted registration (files, audit entries, mails) deleted with it",
    source: "server/src/domains/registrations/traces.ts",
  },
  { measure: "Values only ever compared (sign-in counters) kept as keyed hashes (HMAC-SHA-256, HKDF subkeys)", source: "server/src/crypto/keyedHash.ts" },
  {
    measure: "Automatic deletion of each event with its registrations, results, health data and files on its expiration day",
    source: "server/src/domains/events/expiry.ts",
  },
  { measure: "Every change audited in the same transaction as the change", source: "server/src/domains/audit/service.ts" },
  { measure: "Every mutation validated on the server and run in one transaction: refused input changes nothing", source: "server/src/domains/context.ts" },
  { measure: "Confirmation mails carry no health data", source: "server/src/mail/registrationMail.ts" },
];
