import { describe, expect, it } from "vitest";
import { accessedRegistrationsText } from "./accessLog";

describe("the access log's registrations column", () => {
  it("names each registration with its event, a deleted one by id, and counts the rest", () => {
    expect(
      accessedRegistrationsText(
        [
          { databaseId: 1, name: "Anna Zugriff", eventName: "Freizeit" },
          { databaseId: 2, name: null, eventName: null },
        ],
        5,
      ),
    ).toBe("Anna Zugriff (Freizeit), gelöschte Anmeldung 2 und 3 weitere");
    expect(accessedRegistrationsText([{ databaseId: 1, name: "Anna Zugriff", eventName: "Freizeit" }], 1)).toBe("Anna Zugriff (Freizeit)");
  });
});
