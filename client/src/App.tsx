import { Suspense, useState } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { createHashRouter, RouterProvider } from "react-router-dom";
import type { Environment } from "relay-runtime";
import { SignInProblem } from "./auth/SignInProblem";
import { isRefusedSignIn } from "./auth/signInProblem";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { LoadError } from "./components/LoadError";
import { LeaveGuardProvider } from "./components/leaveGuard";
import { AppShell } from "./shell/AppShell";
import { LoadingOverlay } from "./shell/LoadingOverlay";
import { Snackbar } from "./shell/Snackbar";

/** Everything inside the router: the shell (its own routes, routes/AppRoutes.tsx), spinner overlay, snackbar and the leave guard. */
function Root() {
  return (
    <LeaveGuardProvider>
      {/* the API refuses this sign-in (no user row, token for another API, no roles claim): offer another sign-in */}
      <ErrorBoundary fallback={(error) => (isRefusedSignIn(error) ? <SignInProblem error={error} /> : <LoadError error={error} />)}>
        {/* While the shell query runs, the request counter shows the LoadingOverlay. */}
        <Suspense fallback={null}>
          <AppShell />
        </Suspense>
      </ErrorBoundary>
      <LoadingOverlay />
      <Snackbar />
    </LeaveGuardProvider>
  );
}

/**
 * The mounted application: Relay, the hash router (R-SH011), the shell, spinner overlay and
 * snackbar. The router is a data router (one splat route; the shell's <Routes> match below it) so
 * that a form dialog with entries can hold back Back and route changes (components/leaveGuard.tsx).
 */
export function App({ environment }: { environment: Environment }) {
  const [router] = useState(() => createHashRouter([{ path: "*", element: <Root /> }]));
  return (
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>
  );
}
