import { Suspense, useMemo, useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { SelectField } from "../../components/SelectField";
import { Toolbar } from "../../components/Toolbar";
import { t } from "../../i18n/translate";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { districtOptionsOf } from "../../shell/districtOptions";
import type { StartScreenQuery } from "./__generated__/StartScreenQuery.graphql";
import { StartEvents } from "./StartEvents";
import styles from "./StartScreen.module.css";

const ALL = "all";

/**
 * Start page (route "/", spec §2 "Start page"): a picker of the organising district association
 * (the viewer's own by default, "Alle Kreisverbände" for all; independent of the drawer's selector,
 * R-ST001..R-ST003) and one card per current event. Another district is a transition: the cards
 * shown stay, toned down, until the new district's cards are there.
 */
export function StartScreen() {
  const data = useLazyLoadQuery<StartScreenQuery>(
    graphql`
      query StartScreenQuery {
        viewer {
          firstname
          lastname
          isComplete
          roles
          districtAssociationId
          associations {
            id
          }
          districtAssociation {
            databaseId
          }
        }
        ...districtOptions_query
      }
    `,
    {},
  );
  const [district, setDistrict] = useState<number | null>(data.viewer.districtAssociation.databaseId);
  const [switching, startTransition] = useTransition();
  const options = useMemo(
    () => [
      { value: ALL, label: t("start.allDistrictAssociations") },
      ...districtOptionsOf(data).map((entry) => ({ value: String(entry.databaseId), label: entry.name })),
    ],
    [data],
  );
  return (
    <Page title={routeTitle(findRoute("start"))}>
      <p className={styles.greeting}>{t("start.greeting", { firstname: data.viewer.firstname, lastname: data.viewer.lastname })}</p>
      <Toolbar>
        <SelectField
          className={styles.picker}
          label={t("start.districtAssociation")}
          options={options}
          value={district === null ? ALL : String(district)}
          onChange={(value) => startTransition(() => setDistrict(value === null || value === ALL ? null : Number(value)))}
        />
      </Toolbar>
      <ErrorBoundary resetKey={district ?? ALL} fallback={(error) => <LoadFailure prefix="error.events.load" error={error} />}>
        <Suspense fallback={<PageLoading />}>
          <StartEvents
            districtAssociationId={district}
            loading={switching}
            clubCount={data.viewer.associations.length}
            viewer={data.viewer}
            profileComplete={data.viewer.isComplete}
          />
        </Suspense>
      </ErrorBoundary>
    </Page>
  );
}
