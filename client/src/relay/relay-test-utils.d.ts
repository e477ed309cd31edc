// relay-test-utils ships Flow types only: the part the component tests use, on relay-runtime's types.
declare module "relay-test-utils" {
  import type { Environment, GraphQLSingularResponse, OperationDescriptor } from "relay-runtime";

  /** Per GraphQL type name: the fields of a generated object (the rest is filled with mock data). */
  export type MockResolvers = Readonly<Record<string, (context: unknown, generateId: () => number) => unknown>>;

  export interface RelayMockEnvironment extends Environment {
    mock: {
      /** answers every operation from now on (queries and mutations) */
      queueOperationResolver(resolver: (operation: OperationDescriptor) => GraphQLSingularResponse | Error | undefined): void;
      getAllOperations(): readonly OperationDescriptor[];
      resolveMostRecentOperation(payload: GraphQLSingularResponse | ((operation: OperationDescriptor) => GraphQLSingularResponse)): void;
      resolve(operation: OperationDescriptor, payload: GraphQLSingularResponse): void;
    };
  }

  export function createMockEnvironment(): RelayMockEnvironment;

  export const MockPayloadGenerator: {
    generate(operation: OperationDescriptor, resolvers?: MockResolvers): GraphQLSingularResponse;
  };
}
