import { graphql, useFragment } from "react-relay";
import { getConfig } from "../http/config";
import { t } from "../i18n/translate";
import { useAppState } from "../state/AppStateContext";
import type { AppFooter_query$key } from "./__generated__/AppFooter_query.graphql";
import styles from "./AppFooter.module.css";
import { districtOptions } from "./districtOptions";

function openInNewTab(url: string) {
  window.open(url, "_blank", "noopener");
}

/**
 * Footer: imprint and privacy links of the ACTIVE district association in a new tab (R-SH058,
 * R-SH059), the current year and the federation name from /config.json (R-SH060..R-SH062), and
 * the version (R-SH010).
 */
export function AppFooter({ query }: { query: AppFooter_query$key }) {
  const data = useFragment(
    graphql`
      fragment AppFooter_query on Query {
        viewer {
          districtAssociation {
            databaseId
            impressLink
            gdprLink
          }
        }
        districtAssociations {
          databaseId
          impressLink
          gdprLink
        }
      }
    `,
    query,
  );
  const { state } = useAppState();
  const active = districtOptions(data.viewer.districtAssociation, data.districtAssociations).find(
    (district) => district.databaseId === state.activeDistrictAssociationId,
  );
  const config = getConfig();
  const impress = active?.impressLink;
  const gdpr = active?.gdprLink;
  return (
    <footer className={styles.footer}>
      <div className={styles.links}>
        <button type="button" className={styles.link} disabled={!impress} onClick={() => impress && openInNewTab(impress)}>
          {t("footer.impress")}
        </button>
        <button type="button" className={styles.link} disabled={!gdpr} onClick={() => gdpr && openInNewTab(gdpr)}>
          {t("footer.gdpr")}
        </button>
      </div>
      <div className={styles.meta}>
        <span>
          © {new Date().getFullYear()} {config.federationName}
        </span>
        <span className={styles.version} data-testid="app-version">
          {config.version || __APP_VERSION__}
        </span>
      </div>
    </footer>
  );
}
