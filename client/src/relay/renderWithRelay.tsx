import { cleanup, configure, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import type { OperationDescriptor } from "relay-runtime";
import { createMockEnvironment, MockPayloadGenerator, type MockResolvers } from "relay-test-utils";
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
 */
export function renderWithRelay(ui: ReactElement, resolvers: MockResolvers) {
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
  return { environment, sent, ...render(<RelayEnvironmentProvider environment={environment}>{ui}</RelayEnvironmentProvider>) };
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
