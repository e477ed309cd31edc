// Monaco's web workers (editor, GraphQL language service, JSON) as Vite worker chunks, served from
// our own origin like every script (CSP script-src 'self'); must run before GraphiQL mounts.
import "graphiql/setup-workers/vite";
import "graphiql/style.css";
import { GraphiQL } from "graphiql";
import { useMemo } from "react";
import { Page } from "../../components/Page";
import { getConfig } from "../../http/config";
import { t } from "../../i18n/translate";
import { apiExplorerRoute, routeTitle } from "../../routes/routeTable";
import styles from "./ApiExplorerScreen.module.css";
import { createExplorerFetcher } from "./apiExplorerFetcher";

const DEFAULT_QUERY = `{
  viewer {
    email
    roles
  }
}
`;

/**
 * "API-Explorer": GraphiQL for signed-in staff, with their own token. Schema
 * documentation and autocompletion come from introspection, which the server allows in
 * production for staff and machine clients only (server/src/graphql/introspection.ts). Own chunk:
 * GraphiQL and Monaco load only when this route is opened.
 */
export function ApiExplorerScreen() {
  const fetcher = useMemo(() => createExplorerFetcher(getConfig().graphqlPath), []);
  return (
    <Page title={routeTitle(apiExplorerRoute)}>
      <p className={styles.intro}>{t("apiExplorer.intro")}</p>
      <p className={styles.intro}>
        {/* the OpenAPI reference of /v1, served by the API itself (server/src/http/openapi.ts) */}
        <a href={`${getConfig().apiBase}/docs/`} target="_blank" rel="noopener" data-testid="rest-reference">
          {t("apiExplorer.restReference")}
        </a>
      </p>
      <section className={styles.explorer} aria-label={routeTitle(apiExplorerRoute)} data-testid="graphiql">
        <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} forcedTheme="light" shouldPersistHeaders={false} />
      </section>
    </Page>
  );
}
