import { useEffect } from "react";
import { pageTitle } from "./routeTable";

/** Sets the page title "{title} - Anmeldesystem", or "Anmeldesystem" without a title (R-SH012, R-SH013). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
