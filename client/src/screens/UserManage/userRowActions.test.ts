import { describe, expect, it } from "vitest";
import { userRowActions } from "./userRowActions";

const MANAGER = ["user_manage"];
const active = { invitationPending: false, blocked: false, viewerCanAssignClubs: true };

describe("user row menu", () => {
  it("[R-UM014] resend invitation is offered only while last_active is empty", () => {
    expect(userRowActions({ ...active, invitationPending: true }, MANAGER)).toContain("resendInvitation");
    expect(userRowActions(active, MANAGER)).not.toContain("resendInvitation");
  });

  it("[R-UM015] block (Deaktivieren) is offered only when the user is not blocked", () => {
    expect(userRowActions(active, MANAGER)).toContain("deactivate");
    expect(userRowActions({ ...active, blocked: true }, MANAGER)).not.toContain("deactivate");
  });

  it("[R-UM016][R-UM017] unblock (Reaktivieren) is offered only when the user is blocked", () => {
    expect(userRowActions({ ...active, blocked: true }, MANAGER)).toContain("reactivate");
    expect(userRowActions(active, MANAGER)).not.toContain("reactivate");
  });

  it("[R-UM012] assign clubs is not offered for the own account (the server answers viewerCanAssignClubs: false)", () => {
    expect(userRowActions({ ...active, viewerCanAssignClubs: false }, MANAGER)).toEqual(["edit", "deactivate", "history", "delete"]);
  });

  it("[R-UM011][R-UM012][R-UM018] edit, assign clubs and delete are offered to managers, in the spec's order", () => {
    expect(userRowActions({ ...active, invitationPending: true, blocked: true }, MANAGER)).toEqual([
      "edit",
      "assignAssociations",
      "resendInvitation",
      "reactivate",
      "history",
      "delete",
    ]);
    expect(userRowActions(active, ["admin"])).toEqual(["edit", "assignAssociations", "deactivate", "history", "delete"]);
  });

  it("[R-UM001] user_read (and everyone without user_manage) gets no actions", () => {
    expect(userRowActions({ ...active, invitationPending: true, blocked: true }, ["user_read"])).toEqual([]);
    expect(userRowActions(active, [])).toEqual([]);
  });
});
