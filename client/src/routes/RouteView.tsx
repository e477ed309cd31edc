import { Suspense, useEffect, useState } from "react";
import { type PreloadedQuery, useRelayEnvironment } from "react-relay";
import { Navigate, useSearchParams } from "react-router-dom";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { LoadError } from "../components/LoadError";
import { PageLoading } from "../components/PageLoading";
import { useAppState } from "../state/AppStateContext";
import { type AppRoute, canAccess, routeTitle } from "./routeTable";
import { HelpScreen, type PreloadedScreen, screenComponents, toolComponents } from "./screenComponents";
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
      <Suspense fallback={<PageLoading />}>
        {Screen ? "load" in Screen ? <LoadedScreen screen={Screen} /> : <Screen /> : route.kind === "help" && <HelpScreen route={route} />}
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * A screen whose route loads its query: the query starts as the route is entered (mounted per
 * entry: RouteView's boundary is keyed by the route), while the screen's code is still on its way,
 * and is released when the route is left.
 */
function LoadedScreen({ screen: { load, Screen } }: { screen: PreloadedScreen }) {
  const environment = useRelayEnvironment();
  const { state } = useAppState();
  const [params] = useSearchParams();
  const [query, setQuery] = useState<PreloadedQuery<any> | null>(null);
  // once per entry, with the app's choices and the URL as they are then: later changes are the screen's own
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route is entered once per mount
  useEffect(() => {
    const loaded = load({ environment, state, params });
    setQuery(loaded);
    return () => loaded.dispose();
  }, [load, environment]);
  return query ? <Screen query={query} /> : <PageLoading />;
}
