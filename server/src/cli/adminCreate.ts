// `npm run admin:create -- --email … --firstname … --lastname …`: the first administrator of a new
// installation (production seeds nobody). Creates the first district association when there is
// none (then --district, --gdpr-link and --impress-link name it), then the admin account in the
// district association (the first one, or --district-id), through the same services as the user
// management screen: the same field rules, the same audit entry ("operator:admin-create"), the same
// invitation (embedded sign-in: a link to set the password; ZITADEL: its invitation code). The
// invitation goes by mail with SMTP_URL; without it the link is printed once here, to the
// terminal that ran the command, never to the server's log. Uses the server's environment
// (DATABASE_URL, PUBLIC_URL, DATA_ENCRYPTION_KEY, ...). The embedded database (pglite:) can be
// opened by one process only: stop the server first.
import { parseArgs } from "node:util";
import type { Principal } from "../auth/principal.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { loadDataKey } from "../crypto/dataKey.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { pendingMigrations } from "../db/migrate.ts";
import type { ServiceCtx } from "../domains/context.ts";
import { createDistrictAssociation } from "../domains/districts/service.ts";
import { createUser } from "../domains/users/service.ts";
import { identityAdminFor } from "../idp/identityAdmin.ts";
import { mailSender } from "../mail/outbox.ts";
import { type Mail, type Outbox, smtpOutbox } from "../mail/transport.ts";
import { Role } from "../shared/roles.ts";
import { userErrors } from "../shared/userSchema.ts";

const USAGE =
  "usage: npm run admin:create -- --email ADDRESS --firstname NAME --lastname NAME [--district-id N] [--district NAME --iam-ref REF --gdpr-link URL --impress-link URL]";

class UsageError extends Error {}

export type AdminCreateOptions = {
  email: string;
  firstname: string;
  lastname: string;
  districtId?: number;
  district?: { name: string; iamRef: string; gdprLink: string; impressLink: string };
};

export function parseAdminCreateArgs(argv: string[]): AdminCreateOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      firstname: { type: "string" },
      lastname: { type: "string" },
      "district-id": { type: "string" },
      district: { type: "string" },
      "iam-ref": { type: "string" },
      "gdpr-link": { type: "string" },
      "impress-link": { type: "string" },
    },
    strict: true,
  });
  for (const k of ["email", "firstname", "lastname"] as const) if (!values[k]) throw new UsageError(`--${k} is required; ${USAGE}`);
  const districtId = values["district-id"] !== undefined ? Number(values["district-id"]) : undefined;
  if (districtId !== undefined && !(Number.isSafeInteger(districtId) && districtId > 0)) throw new UsageError(`--district-id: not a number; ${USAGE}`);
  const name = values.district;
  return {
    email: values.email as string,
    firstname: values.firstname as string,
    lastname: values.lastname as string,
    districtId,
    district: name ? { name, iamRef: values["iam-ref"] ?? name, gdprLink: values["gdpr-link"] ?? "", impressLink: values["impress-link"] ?? "" } : undefined,
  };
}

/** The operator at the terminal: an admin without a user row (audited as "operator:admin-create"). */
function operator(districtAssociationId: number): Principal {
  return {
    kind: "client",
    userId: 0,
    subject: "operator:admin-create",
    roles: [Role.RoleAdmin],
    districtAssociationId,
    associationIds: [],
    blocked: false,
    profileComplete: true,
  };
}

/** Runs the command; `print` is the terminal; `opened`: a database the caller opened (tests). Answers the exit code. */
export async function adminCreate(argv: string[], print: (line: string) => void, env = process.env, opened?: Database): Promise<number> {
  let options: AdminCreateOptions;
  try {
    options = parseAdminCreateArgs(argv);
  } catch (e) {
    print(`admin:create: ${(e as Error).message}`);
    return 2;
  }
  const config = loadConfig(env);
  const dataKey = loadDataKey(config);
  const db = opened ?? (await openDatabase(config.databaseUrl, { waitSeconds: 0, log: () => {} }));
  // mails are kept until the accounts are committed, then handed over (and awaited) at once
  const held: Mail[] = [];
  const terminal: Outbox = {
    sent: held,
    deliver: async (mail) => void held.push(mail),
    send: (to, subject, text) => void held.push({ to, subject, text }),
  };
  const smtp = env.SMTP_URL ? smtpOutbox(env.SMTP_URL, env.SMTP_FROM ?? "Anmeldesystem <noreply@localhost>", { ...terminal, sent: [] }) : null;
  try {
    if (db.kind === "pg" && (await pendingMigrations(db.read)).length) {
      print("admin:create: DATABASE_URL: the database lacks migrations: run `npm run db:deploy` first");
      return 1;
    }
    const identity = identityAdminFor(config, terminal);
    const mail = mailSender({ sql: db.read, outbox: terminal, publicUrl: config.publicUrl, retrySeconds: config.mailRetrySeconds, auto: false });
    // the command writes no webhook; the app's replicas send what its changes' triggers wrote
    const webhooks = { flush: async () => 0, close: async () => {} };
    const services = { config, dataKey, now: () => new Date(), identity, outbox: terminal, mail, webhooks, sql: db.read };
    const ctx = (districtAssociationId: number): ServiceCtx => ({ principal: operator(districtAssociationId), prisma: db.prisma, services });
    const user = { firstname: options.firstname, lastname: options.lastname, email: options.email };
    // the account's fields first: a refused account leaves no district association behind
    const errors = userErrors(user, "create");
    if (Object.keys(errors).length) {
      print(
        `admin:create: ${Object.entries(errors)
          .map(([k, m]) => `${k}: ${m}`)
          .join("; ")}`,
      );
      return 1;
    }
    let districtId = options.districtId ?? (await db.prisma.districtAssociation.findFirst({ orderBy: { id: "asc" }, select: { id: true } }))?.id;
    if (districtId === undefined) {
      if (!options.district) {
        print(`admin:create: there is no district association yet: name the first one with --district, --gdpr-link and --impress-link; ${USAGE}`);
        return 1;
      }
      const d = await createDistrictAssociation(ctx(0), options.district);
      print(`Kreisverband ${d.id} „${d.name}“ angelegt`);
      districtId = d.id;
    } else if (options.district) {
      print("admin:create: --district names a new district association, but there is one already: use --district-id");
      return 1;
    }
    // roles are given here with the embedded sign-in; an external provider carries them in its tokens
    const roles = identity.mode === "embedded" ? [Role.RoleAdmin] : undefined;
    const u = await createUser(ctx(districtId), { ...user, districtAssociationId: districtId, roles });
    print(`Administrator ${u.email} (Benutzer ${u.id}) im Kreisverband ${districtId} angelegt`);
    if (!roles) print(`Die Rolle admin vergeben Sie im Identity Provider (${config.oidc.mode === "embedded" ? "" : config.oidc.issuer}).`);
    for (const m of held) {
      if (smtp) {
        await smtp.deliver(m);
        print(`Einladung an ${m.to} gesendet: ${m.subject}`);
      } else print(`Einladung für ${m.to} (kein SMTP_URL: nur hier angezeigt, bitte weitergeben):\n${m.text}`);
    }
    if (identity.mode === "zitadel") print("ZITADEL sendet die Einladung.");
    return 0;
  } catch (e) {
    const err = e as { message?: string; fields?: Record<string, string> };
    const detail = err.fields
      ? Object.entries(err.fields)
          .map(([k, m]) => `${k}: ${m}`)
          .join("; ")
      : err.message;
    print(`admin:create: ${detail}`);
    return 1;
  } finally {
    if (!opened) await db.close();
  }
}

// run as a command (dist/server/admin-create.mjs or tsx), not when imported by a test
if (process.argv[1] && /admin-?create\.(m?js|ts)$/i.test(process.argv[1])) {
  adminCreate(process.argv.slice(2), (line) => console.log(line)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e instanceof ConfigError || /^[A-Z_]+: /.test(String(e?.message)) ? `admin:create: ${e.message}` : e);
      process.exit(1);
    },
  );
}
