import { Suspense } from "react";
import { Navigate } from "react-router-dom";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { LoadError } from "../components/LoadError";
import { PageLoading } from "../components/PageLoading";
import { type AppRoute, canAccess, routeTitle } from "./routeTable";
import { HelpScreen, screenComponents, toolComponents } from "./screenComponents";
import { useDocumentTitle } from "./useDocumentTitle";

/**
 * One route: the navigation guard (R-SH032, R-SH033: a route whose roles the viewer lacks ends on
 * "/"), the page title (R-SH012) and the screen, with its own loading and error state.
 */
export function RouteView({ route, roles }: { route: AppRoute; roles: readonly string[] }) {
  const allowed = canAccess(route, roles);
  useDocumentTitle(allowed ? routeTitle(route) : null);
  if (!allowed) return <Navigate to="/" replace />;
  const Screen = route.kind === "screen" ? screenComponents[route.name] : route.kind === "tool" ? toolComponents[route.name] : null;
  return (
    <ErrorBoundary key={route.name} fallback={(error) => <LoadError error={error} />}>
      <Suspense fallback={<PageLoading />}>{Screen ? <Screen /> : route.kind === "help" && <HelpScreen route={route} />}</Suspense>
    </ErrorBoundary>
  );
}
