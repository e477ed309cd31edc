// The reminder rules (pure): which level an open invoice is due for on a day, the levels' checks, the mail.
import { describe, expect, it } from "vitest";
import { renderMail } from "../../mail/registrationMail.ts";
import { actionLabel } from "../audit/read.ts";
import { reminderDaysErrors, reminderDue, reminderLabel } from "./rules.ts";

const invoice = (reminders: { level: number; sentOn: string }[] = []) => ({ dueDate: "2026-12-01", reminders });

describe("reminderDue", () => {
  it("names the next level once its days after the due date have passed", () => {
    expect(reminderDue([14, 28], invoice(), "2026-12-14")).toBeNull();
    expect(reminderDue([14, 28], invoice(), "2026-12-15")).toBe(1);
    expect(reminderDue([14, 28], invoice([{ level: 1, sentOn: "2026-12-15" }]), "2026-12-28")).toBeNull();
    expect(reminderDue([14, 28], invoice([{ level: 1, sentOn: "2026-12-15" }]), "2026-12-29")).toBe(2);
    expect(reminderDue([14, 28], invoice([{ level: 2, sentOn: "2026-12-29" }]), "2027-06-01")).toBeNull();
    expect(reminderDue([], invoice(), "2027-06-01")).toBeNull();
  });

  it("after a late reminder the next waits the days between the levels", () => {
    // the Zahlungserinnerung went out 30 days after the due date: the Mahnung 14 days after it
    const late = invoice([{ level: 1, sentOn: "2026-12-31" }]);
    expect(reminderDue([14, 28], late, "2027-01-13")).toBeNull();
    expect(reminderDue([14, 28], late, "2027-01-14")).toBe(2);
  });
});

describe("levels", () => {
  it("are labelled Zahlungserinnerung, then numbered Mahnungen; the audit log names a reminder sent in German", () => {
    expect([1, 2, 3, 4].map(reminderLabel)).toEqual(["Zahlungserinnerung", "1. Mahnung", "2. Mahnung", "3. Mahnung"]);
    expect(actionLabel("remind")).toBe("Zahlungserinnerung oder Mahnung versandt");
  });
  it("take 0 to 4 ascending days of 1 to 365", () => {
    for (const ok of [[], [14], [7, 14, 21, 28], [1, 365]]) expect(reminderDaysErrors(ok), String(ok)).toEqual({});
    for (const bad of [[0], [366], [1.5], [14, 7], [7, 7], [1, 2, 3, 4, 5]]) expect(reminderDaysErrors(bad).days, String(bad)).toBeTruthy();
  });
});

describe("the reminder mail", () => {
  it("names the invoice, what is open, the new date and the account; the HTML escapes what it shows", () => {
    const facts = {
      label: "1. Mahnung",
      level: 2,
      number: "2026-00007",
      club: "MV <Test>",
      event: "D-Prüfungen",
      total: "50,50 €",
      open: "20,50 €",
      due: "01.12.2026",
      payBy: "05.01.2027",
      iban: "DE02120300000000202051",
    };
    const m = renderMail("invoiceReminder", facts, "https://example.org");
    expect(m.subject).toBe("1. Mahnung: Rechnung 2026-00007 (D-Prüfungen)");
    expect(m.text).toContain("trotz unserer Zahlungserinnerung");
    expect(m.text).toContain("Offen sind noch 20,50 €. Bitte überweisen Sie diesen Betrag bis zum 05.01.2027 auf das Konto IBAN DE02120300000000202051");
    expect(m.html).toContain("MV &#60;Test&#62;");
    expect(renderMail("invoiceReminder", { ...facts, level: 1, label: "Zahlungserinnerung" }, "x").text).toContain("war am 01.12.2026 fällig");
  });
});
