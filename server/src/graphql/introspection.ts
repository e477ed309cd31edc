// Introspection in production: the schema is the integrators' contract, so staff and machine
// clients (any principal with a role) may ask `__schema` / `__type`; members (no role) may not —
// they only run the app's persisted operations anyway. `__typename` stays allowed for everybody
// (Relay asks it in every operation). Outside production nobody is refused. The refusal is
// @envelop/disable-introspection's (graphql-js's NoSchemaIntrospectionCustomRule), answered in
// German with the code FORBIDDEN (graphql/errors.ts).
//
// GraphiQL is not served by the server (every /graphql request needs a bearer token, which a
// browser's plain page load does not carry); staff use the client's API-Explorer
// (client/src/screens/ApiExplorer, GraphiQL with their session's token), integrators any GraphQL
// client (GraphiQL, Altair, Insomnia, curl) with `Authorization: Bearer <token>` — see docs/api.md.
import { useDisableIntrospection as disableIntrospection } from "@envelop/disable-introspection";
import type { Plugin } from "graphql-yoga";
import { isStaff, type Principal } from "../auth/principal.ts";

export const INTROSPECTION_REFUSED = "Die Schema-Abfrage (Introspection) ist nur für Mitarbeitende und API-Zugänge erlaubt";

export function introspectionGate(opts: { production: boolean }): Plugin<Record<string, unknown>, { principal: Principal }> {
  return disableIntrospection({
    disableIf: ({ context }) => {
      const principal = (context as { principal?: Principal }).principal;
      return opts.production && !(principal && isStaff(principal));
    },
  }) as Plugin<Record<string, unknown>, { principal: Principal }>;
}
