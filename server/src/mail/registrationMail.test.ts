import { describe, expect, it } from "vitest";
import { dexamFacts, locationMoves, renderMail, renderRegistrationMail, whenOf } from "./registrationMail.ts";

const location = {
  id: 7,
  name: "Praxis <Aula>",
  type: "DEXAM_PRACTICE" as const,
  street: "Schulweg 1",
  postcode: null,
  city: "Musterstadt",
  start: new Date("2027-03-13T08:00:00Z"),
  end: new Date("2027-03-14T16:30:00Z"),
};

describe("confirmation e-mail text", () => {
  it("dates are written in Berlin time; another end day is written out", () => {
    expect(whenOf(new Date("2027-07-10T07:00:00Z"), new Date("2027-07-10T15:00:00Z"))).toBe("Sa., 10.07.2027, 09:00 – 17:00 Uhr");
    expect(whenOf(location.start, location.end)).toBe("Sa., 13.03.2027, 09:00 – So., 14.03.2027, 17:30 Uhr");
    expect(whenOf(location.start, null)).toBe("Sa., 13.03.2027, 09:00 Uhr");
    expect(whenOf(null, null)).toBeNull();
  });

  it("a D-exam's facts name only what was registered, never the camp data the row also holds", () => {
    const row = {
      firstname: "Lena",
      lastname: "Klar",
      type: "D2" as const,
      instrument: "CLARINET" as const,
      theoryLocationId: null,
      practiceLocationId: 7,
      preparationLocationId: null,
      campDataEncrypted: new Uint8Array([1, 2, 3]),
      mealRequest: "VEGAN",
      remarks: "Allergie gegen Nüsse",
    };
    const facts = dexamFacts(row, 5, { name: "D-Prüfungen", locations: [location] });
    expect(facts).toEqual({
      registration: "dexam",
      id: 5,
      event: "D-Prüfungen",
      participant: "Lena Klar",
      course: "D2, Klarinette",
      locations: [
        { role: "Praxisprüfung", name: "Praxis <Aula>", address: "Schulweg 1, Musterstadt", when: "Sa., 13.03.2027, 09:00 – So., 14.03.2027, 17:30 Uhr" },
      ],
      pieces: [],
    });
    const mail = renderRegistrationMail("created", facts, "https://anmeldung.example.org");
    expect(`${mail.text}${mail.html}`).not.toMatch(/Allergie|VEGAN|Vegan/);
  });

  it("the HTML escapes every value; the text keeps it as written", () => {
    const facts = dexamFacts(
      { firstname: '"><script>', lastname: "&Co", type: "D1", instrument: "FLUTE", theoryLocationId: null, practiceLocationId: 7, preparationLocationId: null },
      1,
      { name: "Tag <1>", locations: [location] },
    );
    const mail = renderRegistrationMail(
      "deleted",
      { ...facts, district: { name: "KV", imprint: "https://e.test/?a=1&b=2", privacy: "https://e.test/p" } },
      "https://a.example",
    );
    expect(mail.subject).toBe('Anmeldung gelöscht: "><script> &Co (Tag <1>)');
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&#34;&#62;&#60;script&#62; &#38;Co");
    expect(mail.html).toContain("Praxis &#60;Aula&#62;");
    expect(mail.html).toContain('href="https://e.test/?a=1&#38;b=2"');
    expect(mail.text).toContain('Teilnehmer/in: "><script> &Co');
    expect(mail.text).toContain("Impressum: https://e.test/?a=1&b=2");
  });

  it("a moved location names what changed, old and new; an unchanged one moves nothing", () => {
    const moved = { ...location, name: "Praxis <Halle>", start: new Date("2027-03-13T09:00:00Z") };
    expect(locationMoves(location, { ...location })).toEqual([]);
    const moves = locationMoves(location, moved);
    expect(moves).toEqual([
      {
        what: "Praxisprüfung Praxis <Halle>: Termin",
        before: "Sa., 13.03.2027, 09:00 – So., 14.03.2027, 17:30 Uhr",
        after: "Sa., 13.03.2027, 10:00 – So., 14.03.2027, 17:30 Uhr",
      },
      { what: "Praxisprüfung Praxis <Halle>: Ort", before: "Praxis <Aula>, Schulweg 1, Musterstadt", after: "Praxis <Halle>, Schulweg 1, Musterstadt" },
    ]);
    const facts = dexamFacts(
      { firstname: "Lena", lastname: "Klar", type: "D2", instrument: "CLARINET", theoryLocationId: null, practiceLocationId: 7, preparationLocationId: null },
      5,
      { name: "D-Prüfungen", locations: [moved] },
    );
    const mail = renderMail("moved", { ...facts, moves }, "https://a.example");
    expect(mail.subject).toBe("Termin oder Ort geändert: Lena Klar (D-Prüfungen)");
    expect(mail.text).toContain(
      "Praxisprüfung Praxis <Halle>: Ort\n  bisher: Praxis <Aula>, Schulweg 1, Musterstadt\n  neu: Praxis <Halle>, Schulweg 1, Musterstadt",
    );
    expect(mail.html).toContain("bisher: Praxis &#60;Aula&#62;");
    expect(mail.html).not.toContain("<Halle>");
  });

  it("the confirmation names the event's automatic deletion day (Berlin), and says nothing of it without one", () => {
    const row = {
      firstname: "Lena",
      lastname: "Klar",
      type: "D1" as const,
      instrument: "FLUTE" as const,
      theoryLocationId: null,
      practiceLocationId: 7,
      preparationLocationId: null,
    };
    // the expiration is stored as the end of its Berlin day (23:59:59), which is the next day in UTC
    const facts = dexamFacts(row, 3, { name: "Freizeit", locations: [location], expiration: new Date("2027-01-31T22:59:59Z") });
    expect(facts.deletion).toBe("31.01.2027");
    const mail = renderRegistrationMail("created", facts, "https://a.example");
    expect(mail.text).toContain("Die Daten dieser Anmeldung werden am 31.01.2027 automatisch gelöscht.");
    expect(mail.html).toContain("<p>Die Daten dieser Anmeldung werden am 31.01.2027 automatisch gelöscht.</p>");
    // a deleted registration is gone already
    expect(renderRegistrationMail("deleted", facts, "https://a.example").text).not.toContain("automatisch gelöscht");
    const without = dexamFacts(row, 3, { name: "D-Prüfungen", locations: [location], expiration: null });
    expect(without).not.toHaveProperty("deletion");
    const plain = renderRegistrationMail("created", without, "https://a.example");
    expect(`${plain.text}${plain.html}`).not.toContain("gelöscht");
  });

  it("a club assignment names the account and who assigned it, escaped in the HTML", () => {
    const mail = renderMail("clubAssigned", { account: "Nora <Neu>", by: "Otto Office", club: "MV & Co" }, "https://a.example");
    expect(mail.subject).toBe("Neues Konto für MV & Co: Nora <Neu>");
    expect(mail.text).toContain("Otto Office hat das Konto von Nora <Neu> dem Verein MV & Co zugeordnet.");
    expect(mail.html).toContain("Nora &#60;Neu&#62;");
    expect(mail.html).not.toContain("<Neu>");
  });
});
