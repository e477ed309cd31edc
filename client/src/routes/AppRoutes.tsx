import { Navigate, Route, Routes } from "react-router-dom";
import { RouteView } from "./RouteView";
import { appRoutes, toolRoutes } from "./routeTable";

/** Every path of the route table (spec §2) and the tools; unknown paths go to the start route. */
export function AppRoutes({ roles }: { roles: readonly string[] }) {
  return (
    <Routes>
      {[...appRoutes, ...toolRoutes].map((route) => (
        <Route key={route.name} path={route.path} element={<RouteView route={route} roles={roles} />} />
      ))}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
