import { Suspense } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { HashRouter } from "react-router-dom";
import type { Environment } from "relay-runtime";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { LoadError } from "./components/LoadError";
import { AppShell } from "./shell/AppShell";
import { LoadingOverlay } from "./shell/LoadingOverlay";
import { Snackbar } from "./shell/Snackbar";

/** The mounted application: Relay, the hash router (R-SH011), the shell, spinner overlay and snackbar. */
export function App({ environment }: { environment: Environment }) {
  return (
    <RelayEnvironmentProvider environment={environment}>
      <HashRouter>
        <ErrorBoundary fallback={(error) => <LoadError error={error} />}>
          {/* While the shell query runs, the request counter shows the LoadingOverlay. */}
          <Suspense fallback={null}>
            <AppShell />
          </Suspense>
        </ErrorBoundary>
        <LoadingOverlay />
        <Snackbar />
      </HashRouter>
    </RelayEnvironmentProvider>
  );
}
