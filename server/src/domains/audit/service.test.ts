import { describe, expect, it } from "vitest";
import type { Principal } from "../../auth/principal.ts";
import type { RawRead } from "../../db/adapter.ts";
import { changedFields, insertWithAudit } from "./service.ts";

describe("changedFields", () => {
  it("names the changed keys only, ignoring bookkeeping and equal values of other representations", () => {
    const before = {
      firstname: "Clara",
      birthdate: new Date("2012-01-01"),
      points: { constructor: { name: "Decimal" }, valueOf: () => 31.5, toString: () => "31.5" },
      version: 3,
      songs: [{ n: 1 }],
    };
    const next = { firstname: "Klara", birthdate: new Date("2012-01-01"), points: 31.5, version: { increment: 1 }, songs: [{ n: 2 }], remarks: undefined };
    expect(changedFields(before, next)).toEqual(["firstname", "songs"]);
    // jsonb reorders keys: the same object in another key order is unchanged
    expect(changedFields({ songs: [{ name: "a", number: "1" }] }, { songs: [{ number: "1", name: "a" }] })).toEqual([]);
  });

  it("compares sealed fields decrypted and names them without the Encrypted suffix, never with a value", () => {
    const open = (v: unknown) =>
      v
        ? JSON.parse(
            Buffer.from(v as Uint8Array)
              .toString()
              .slice(5),
          )
        : null;
    const seal = (o: object, nonce: string) => new Uint8Array(Buffer.from(nonce + JSON.stringify(o)));
    const before = { campDataEncrypted: seal({ allergies: "Nüsse" }, "aaaaa") };
    expect(changedFields(before, { campDataEncrypted: seal({ allergies: "Nüsse" }, "bbbbb") }, { campDataEncrypted: open })).toEqual([]);
    const changed = changedFields(before, { campDataEncrypted: seal({ allergies: "keine" }, "ccccc") }, { campDataEncrypted: open });
    expect(changed).toEqual(["campData"]);
    expect(JSON.stringify(changed)).not.toMatch(/keine|Nüsse/);
  });
});

describe("insertWithAudit: creates arriving together", () => {
  const principal: Principal = {
    kind: "user",
    userId: 1,
    subject: "s",
    roles: [],
    districtAssociationId: 1,
    associationIds: [],
    blocked: false,
    profileComplete: true,
  };
  /** A database that refuses every statement with `failure` and records what it was sent. */
  function refusing(failure: () => Error) {
    const sent: string[] = [];
    const sql = (async (text: string) => {
      sent.push(text);
      throw failure();
    }) as RawRead;
    const create = (name: string) =>
      insertWithAudit(sql, principal, [{ as: "registration", table: "Association", data: { name, districtAssociationId: 1 } }], {
        action: "create",
        entity: "Association",
      });
    return { sent, create };
  }

  it("[R-API050] a statement PostgreSQL refused wrote nothing: each create runs again alone and gets its own answer", async () => {
    const refused = () => Object.assign(new Error("duplicate key"), { severity: "ERROR", code: "23505" });
    const { sent, create } = refusing(refused);
    const results = await Promise.allSettled([create("A"), create("B"), create("C")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(sent).toHaveLength(4);
    expect(sent[0]).toContain('"registration_2"');
    expect(sent.slice(1).every((t) => !t.includes('"registration_'))).toBe(true);
  });

  it("[R-API050] any other failure (a lost connection, perhaps after the commit) is not run again: every create gets the error", async () => {
    const { sent, create } = refusing(() => new Error("Connection terminated unexpectedly"));
    const results = await Promise.allSettled([create("A"), create("B")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(sent).toHaveLength(1);
  });

  it("a lone create is the one statement it always was", async () => {
    const { sent, create } = refusing(() => new Error("x"));
    await expect(create("A")).rejects.toThrow("x");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^WITH "only_if" AS \(SELECT WHERE true\), ?"registration" AS \(INSERT INTO "Association"/);
    expect(sent[0]).toMatch(/SELECT "registration"\.\* FROM "registration"$/);
  });
});
