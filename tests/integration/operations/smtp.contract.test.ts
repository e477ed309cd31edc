// CONTRACT TEST against a fake SMTP server: no mail server runs here, so a minimal SMTP dialogue
// (EHLO, MAIL FROM, RCPT TO, DATA, QUIT) on loopback stands in. It proves that invitations leave
// through nodemailer with sender, recipient, subject and link; not tested against a real server.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logOutbox, smtpOutbox } from "../../../server/src/mail/transport.ts";

let server: net.Server;
let port: number;
const received: { from: string; to: string[]; data: string }[] = [];

beforeAll(async () => {
  server = net.createServer((socket) => {
    let mail = { from: "", to: [] as string[], data: "" };
    let inData = false;
    let buffer = "";
    socket.write("220 fake-smtp ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let i = buffer.indexOf("\r\n");
      while (i >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            received.push(mail);
            mail = { from: "", to: [], data: "" };
            socket.write("250 OK queued\r\n");
          } else mail.data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write("250-fake-smtp\r\n250 8BITMIME\r\n");
        else if (/^MAIL FROM:/i.test(line)) {
          mail.from = line.slice(10);
          socket.write("250 OK\r\n");
        } else if (/^RCPT TO:/i.test(line)) {
          mail.to.push(line.slice(8));
          socket.write("250 OK\r\n");
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (/^QUIT/i.test(line)) {
          socket.end("221 bye\r\n");
        } else socket.write("250 OK\r\n");
        i = buffer.indexOf("\r\n");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("SMTP (contract test against a fake SMTP server)", () => {
  it("[R-UM010] an invitation is delivered by SMTP and kept in the outbox", async () => {
    const copy = logOutbox(true);
    const outbox = smtpOutbox(`smtp://127.0.0.1:${port}`, "Anmeldesystem <noreply@verband.example>", copy);
    outbox.send("ina@verein.example", "Einladung zum Anmeldesystem", "Bitte legen Sie hier Ihr Passwort fest:\nhttp://localhost/oidc/invite/abc");
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    // the copy is kept once the server took the message
    await expect.poll(() => copy.sent.length, { timeout: 30_000 }).toBe(1);
    expect(received[0].from).toContain("noreply@verband.example");
    expect(received[0].to.join()).toContain("ina@verein.example");
    expect(received[0].data).toContain("Subject: Einladung zum Anmeldesystem");
    expect(received[0].data).toContain("/oidc/invite/abc");
  });
});
