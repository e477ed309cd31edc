// Every request resolves to one Principal. The user row is read on every request, so blocking,
// role and club changes act at once, whatever an earlier token said.
import type { User } from "../generated/prisma/client.ts";
import type { RoleName } from "../shared/roles.ts";

/** The user row as authentication read it in this request, without secrets (password hash, invite code). */
export type Account = Omit<User, "passwordHash" | "inviteCode">;

export type Principal = {
  /** "client": a machine client (ApiClient, OAuth 2 client credentials): userId 0, no clubs, subject "client:<clientId>" */
  kind: "user" | "client";
  /** the user row; 0 for machine clients (no row has id 0) */
  userId: number;
  subject: string;
  roles: RoleName[];
  districtAssociationId: number;
  /** clubs (Vereine) the user belongs to */
  associationIds: number[];
  blocked: boolean;
  /** city, street, postcode and phone are set (R-EN004): needed to register */
  profileComplete: boolean;
  /**
   * the start-page version (events, locations, district associations) read with the user row: the
   * key of answers shared across requests (graphql/sharedResults.ts); absent for machine clients
   */
  startPageVersion?: string;
  /** the user row read for this request (users only; absent when the request also updated it) */
  account?: Account;
};

export function isStaff(p: Principal): boolean {
  return p.roles.length > 0;
}

/** Machine clients have no user row: operations on the own account are not theirs. */
export function isMachine(p: Principal): boolean {
  return p.kind === "client";
}
