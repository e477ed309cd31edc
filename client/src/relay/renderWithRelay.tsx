import { act, cleanup, configure, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import type { OperationDescriptor } from "relay-runtime";
import { createMockEnvironment, MockPayloadGenerator, type MockResolvers, type RelayMockEnvironment } from "relay-test-utils";
import { vi } from "vitest";

// relay-test-utils wraps the mock environment's methods in jest.fn; Vitest's vi offers the same
vi.stubGlobal("jest", vi);
// findBy… and waitFor: room for a loaded machine (the default is one second)
configure({ asyncUtilTimeout: 5000 });

/** An operation the component sent: its name and variables. */
export interface SentOperation {
  name: string;
  variables: Record<string, unknown>;
}

/**
 * Renders `ui` inside a RelayEnvironmentProvider with relay-test-utils' mock environment (for
 * component tests, as artsy/force does): every query and mutation is answered at once with
 * MockPayloadGenerator's data, shaped by `resolvers` (per GraphQL type). `sent` lists what went out.
 * `ui` may be a function of the environment, for a component that takes a preloaded query (loadQuery).
 */
export function renderWithRelay(ui: ReactElement | ((environment: RelayMockEnvironment) => ReactElement), resolvers: MockResolvers) {
  const environment = createMockEnvironment();
  const sent: SentOperation[] = [];
  // a queued resolver answers one operation: each answer queues the next one
  const answerNext = () =>
    environment.mock.queueOperationResolver((operation: OperationDescriptor) => {
      answerNext();
      sent.push({ name: operation.request.node.params.name, variables: operation.request.variables });
      return MockPayloadGenerator.generate(operation, resolvers);
    });
  answerNext();
  const element = typeof ui === "function" ? ui(environment) : ui;
  const rendered = render(<RelayEnvironmentProvider environment={environment}>{element}</RelayEnvironmentProvider>);
  // a query loaded ahead (loadQuery) went to the network before the mock environment listed it as
  // pending, so the queue above did not answer it: answer what is still pending
  for (const operation of environment.mock.getAllOperations()) {
    sent.push({ name: operation.request.node.params.name, variables: operation.request.variables });
    act(() => environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, resolvers)));
  }
  return { environment, sent, ...rendered };
}

/**
 * Unmounts what the test rendered, one animation frame later: an Ark UI dialog hides the rest of
 * the page from assistive technology in the frame after it opens, which must not land on the next
 * test's page.
 */
export async function unmountAll() {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  cleanup();
}
