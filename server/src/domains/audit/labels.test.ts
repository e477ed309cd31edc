// Every column an update can record as changed has a German label on the screen "Änderungen".
import { describe, expect, it } from "vitest";
import { Prisma } from "../../generated/prisma/client.ts";
import { ACTION_LABELS, auditFieldLabel } from "./read.ts";

const AUDITED_COLUMNS = {
  DexamRegistration: Prisma.DexamRegistrationScalarFieldEnum,
  CompetitionRegistration: Prisma.CompetitionRegistrationScalarFieldEnum,
  Event: Prisma.EventScalarFieldEnum,
  EventLocation: Prisma.EventLocationScalarFieldEnum,
  User: Prisma.UserScalarFieldEnum,
  Association: Prisma.AssociationScalarFieldEnum,
  DistrictAssociation: Prisma.DistrictAssociationScalarFieldEnum,
};
/** never recorded: the key, bookkeeping (audit/service.ts BOOKKEEPING) and secrets */
const NOT_RECORDED = new Set(["id", "version", "createdAt", "updatedAt", "passwordHash", "inviteCode", "lastActive", "invitedAt"]);

describe("audit labels", () => {
  for (const [model, columns] of Object.entries(AUDITED_COLUMNS)) {
    it(`names every recordable column of ${model} in German`, () => {
      const unnamed = Object.values(columns)
        .filter((c) => !NOT_RECORDED.has(c))
        .map((c) => c.replace(/Encrypted$/, "")) // sealed fields are recorded without "Encrypted"
        .filter((c) => auditFieldLabel(c) === c);
      expect(unnamed).toEqual([]);
    });
  }

  it("shows health data only as the fact that it changed", () => {
    expect(auditFieldLabel("campData")).toBe("Freizeitangaben (Gesundheitsdaten)");
  });

  it("names the common actions in German", () => {
    expect([ACTION_LABELS.create, ACTION_LABELS.update, ACTION_LABELS.cancel, ACTION_LABELS.delete]).toEqual(["Angelegt", "Geändert", "Storniert", "Gelöscht"]);
  });
});
