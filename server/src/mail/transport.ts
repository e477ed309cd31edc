// The one mail transport (invitations, confirmation e-mails): SMTP through nodemailer when SMTP_URL
// is set, otherwise the server log ("[Postausgang]"; with OUTBOX_FILE also a JSON line per message).
import fs from "node:fs";
import nodemailer from "nodemailer";

/** One message: plain text, optionally an HTML alternative and a fixed Message-ID (retries keep it). */
export type Mail = { to: string; subject: string; text: string; html?: string; messageId?: string };

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
  const transport = nodemailer.createTransport(url);
  const deliver = async (mail: Mail) => {
    await transport.sendMail({ from, ...mail });
    await copy.deliver(mail);
  };
  return {
    sent: copy.sent,
    deliver,
    send(to, subject, text) {
      deliver({ to, subject, text }).catch((e: Error) => console.error(`E-Mail an ${to} konnte nicht gesendet werden: ${e.message}`));
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
    if (file) fs.appendFileSync(file, `${JSON.stringify(mail)}\n`);
  };
  return {
    sent,
    deliver,
    send(to, subject, text) {
      void deliver({ to, subject, text });
    },
  };
}
