// GraphQL: API clients (API-Zugänge) of a district association, OAuth 2 client credentials.
import { builder } from "../../graphql/builder.ts";
import { DISTRICT_ASSOCIATION, districtAssociationFilterArgs, inOldShape, oldArgs, useInstead } from "../../graphql/sameShape.ts";
import { RoleEnum } from "../users/graphql.ts";
import { createApiClient, listApiClients, revokeApiClient } from "./service.ts";

const ApiClientType = builder.prismaObject("ApiClient", {
  description:
    "A machine client (API-Zugang): gets access tokens from the embedded provider's token endpoint with grant_type=client_credentials and acts with its roles within its district association.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id (revokeApiClient takes it)." }),
    clientId: t.exposeString("clientId", { description: "The OAuth 2 client_id." }),
    name: t.exposeString("name", { description: "What the client is for." }),
    roles: t.field({ type: [RoleEnum], description: "The roles the client acts with.", resolve: (c) => c.roles }),
    districtAssociationId: t.exposeInt("districtAssociationId", { description: "The district association the client acts in." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was created." }),
    revokedAt: t.expose("revokedAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was revoked (then its token requests and tokens are refused); null while active.",
    }),
  }),
});

const CreatedApiClient = builder.objectRef<{ client: { id: number }; secret: string | null }>("CreatedApiClient").implement({
  description: "A new API client and its secret. The secret is shown only here; the server keeps a hash.",
  fields: (t) => ({
    client: t.prismaField({
      type: ApiClientType,
      description: "The new client.",
      resolve: (query, parent, _args, ctx) => ctx.prisma.apiClient.findUniqueOrThrow({ ...query, where: { id: parent.client.id } }),
    }),
    clientSecret: t.exposeString("secret", {
      nullable: true,
      description: "The OAuth 2 client_secret: shown once, store it safely. Null with an external issuer (it authenticates the service user).",
    }),
  }),
});

builder.queryField("apiClients", (t) =>
  t.prismaField({
    type: [ApiClientType],
    description: "API clients of a district association (user_manage; admin any district), active ones first, by name.",
    authScopes: { operation: "apiClient.list" },
    args: {
      ...districtAssociationFilterArgs(
        "District association: its global id (DistrictAssociation.id); non-admins may name only their own (another is FORBIDDEN).",
        "District association (numeric id); non-admins may name only their own (another is FORBIDDEN).",
      ),
    },
    resolve: async (query, _root, args, ctx) => {
      const { districtAssociationId } = oldArgs(args, [DISTRICT_ASSOCIATION]);
      const ids = (await listApiClients(ctx, districtAssociationId)).map((c) => c.id);
      const rows = await ctx.prisma.apiClient.findMany({ ...query, where: { id: { in: ids } } });
      return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
    },
  }),
);

const CreateApiClientInput = builder.inputType("CreateApiClientInput", {
  description: "A new API client.",
  fields: (t) => ({
    name: t.string({ required: true, description: "What the client is for (at most 100 characters)." }),
    roles: t.field({
      type: [RoleEnum],
      required: true,
      description: "At least one role; only roles the creator holds; admin only by admin.",
    }),
    districtAssociation: t.globalID({
      required: false,
      description: "District association (Kreisverband): its global id (DistrictAssociation.id); non-admins may name only their own (another is FORBIDDEN).",
    }),
    districtAssociationId: t.int({
      required: false,
      deprecationReason: useInstead("districtAssociation", "the district association's global id"),
      description: "District association (numeric id); non-admins may name only their own (another is FORBIDDEN).",
    }),
    externalSubject: t.string({
      required: false,
      description: "External issuer only (and required there): the service user's subject, the sub claim of its access tokens. Embedded provider: leave empty.",
    }),
  }),
});

builder.mutationField("createApiClient", (t) =>
  t.field({
    type: CreatedApiClient,
    description: "Creates an API client and answers its secret once (user_manage; admin any district).",
    authScopes: { operation: "apiClient.create" },
    args: { input: t.arg({ type: CreateApiClientInput, required: true, description: "Name, roles and district association." }) },
    resolve: (_root, { input }, ctx) => inOldShape(input, [DISTRICT_ASSOCIATION], (old) => createApiClient(ctx, old)),
  }),
);

builder.mutationField("revokeApiClient", (t) =>
  t.prismaField({
    type: ApiClientType,
    description: "Revokes an API client: token requests answer invalid_client, issued tokens are refused at once. Another district's client: NOT_FOUND.",
    authScopes: { operation: "apiClient.revoke" },
    args: { id: t.arg.int({ required: true, description: "The client's databaseId." }) },
    resolve: async (query, _root, { id }, ctx) => ctx.prisma.apiClient.findUniqueOrThrow({ ...query, where: { id: (await revokeApiClient(ctx, id)).id } }),
  }),
);
