// The one mail transport (invitations, confirmation e-mails): SMTP through nodemailer when SMTP_URL
// is set, otherwise the log outbox: the last messages kept in memory, with OUTBOX_FILE also a JSON
// line per message, and outside production the server log ("[Postausgang]"). In production a mail
// (children's names, clubs, e-mail addresses, password and invitation links) never goes to stdout,
// where the JSON request log is; start-up warns instead.
import fs from "node:fs";

/** A file sent with a message (an invoice's PDF and XML). */
export type Attachment = { filename: string; content: Buffer; contentType: string };

/** One message: plain text, optionally an HTML alternative, a fixed Message-ID (retries keep it) and files. */
export type Mail = { to: string; subject: string; text: string; html?: string; messageId?: string; attachments?: Attachment[] };

export type Outbox = {
  /** fire and forget (invitations): a failed delivery is logged */
  send(to: string, subject: string, text: string): void;
  /** resolves once the message is handed over; rejects when it was not (the mail sender retries) */
  deliver(mail: Mail): Promise<void>;
  /** the last messages handed over (the log outbox keeps 100; tests read them) */
  sent: Mail[];
};

/**
 * Sends through SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.org:465, sender SMTP_FROM)
 * and keeps a copy of each delivered message in `copy`. A failed invitation is logged; the
 * invitation stays valid and can be resent.
 */
export function smtpOutbox(url: string, from: string, copy: Outbox): Outbox {
  // nodemailer is loaded with the first mail, not at start (idle memory, README "Performance")
  let transport: Promise<import("nodemailer").Transporter> | undefined;
  const deliver = async (mail: Mail) => {
    transport ??= import("nodemailer").then((m) => m.default.createTransport(url));
    await (await transport).sendMail({ from, ...mail });
    await copy.deliver(mail);
  };
  return {
    sent: copy.sent,
    deliver,
    send(to, subject, text) {
      // no address in the log: the subject names the kind of mail
      deliver({ to, subject, text }).catch((e: Error) => console.error(`E-Mail „${subject}“ konnte nicht gesendet werden: ${e.message}`));
    },
  };
}

/** `file`: also append each message as a JSON line (OUTBOX_FILE; the end-to-end tests read it). */
export function logOutbox(silent = false, file?: string): Outbox {
  const sent: Mail[] = [];
  const deliver = async (mail: Mail) => {
    sent.push(mail);
    if (sent.length > 100) sent.shift();
    if (!silent) console.log(`[Postausgang] an ${mail.to}: ${mail.subject}\n${mail.text}`);
    // the file names what was attached, not its bytes
    if (file) fs.appendFileSync(file, `${JSON.stringify({ ...mail, attachments: mail.attachments?.map((a) => a.filename) })}\n`);
  };
  return {
    sent,
    deliver,
    send(to, subject, text) {
      void deliver({ to, subject, text });
    },
  };
}

export const DEFAULT_FROM = "Anmeldesystem <noreply@localhost>";
export const NO_SMTP_WARNING =
  "Warnung: SMTP_URL ist nicht gesetzt: E-Mails (Einladungen, Bestätigungen) werden nicht versandt, nur im Postausgang gehalten (mit OUTBOX_FILE in dieser Datei), nie im Log.";

/**
 * The server's outbox from its settings (main.ts): SMTP_URL, SMTP_FROM, OUTBOX_FILE. In production
 * without SMTP_URL the mails stay in the outbox (and OUTBOX_FILE), never on stdout, and `warn`
 * says so once at start-up.
 */
export function configuredOutbox(opts: { smtpUrl?: string; from?: string; file?: string; production: boolean; warn: (line: string) => void }): Outbox {
  const kept = logOutbox(!!opts.smtpUrl || opts.production, opts.file);
  if (opts.smtpUrl) return smtpOutbox(opts.smtpUrl, opts.from ?? DEFAULT_FROM, kept);
  if (opts.production) opts.warn(NO_SMTP_WARNING);
  return kept;
}
