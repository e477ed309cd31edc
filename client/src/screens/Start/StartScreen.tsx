import { graphql, useLazyLoadQuery } from "react-relay";
import { t } from "../../i18n/translate";
import type { StartScreenQuery } from "./__generated__/StartScreenQuery.graphql";
import styles from "./StartScreen.module.css";

/** Start page (route "/"); the event overview of spec §2 "Start page" comes with a later issue. */
export function StartScreen() {
  const data = useLazyLoadQuery<StartScreenQuery>(
    graphql`
      query StartScreenQuery {
        viewer {
          firstname
          lastname
        }
      }
    `,
    {},
  );
  return (
    <section className={styles.page}>
      <h1>{t("route.start")}</h1>
      <p className={styles.greeting}>{t("start.greeting", { firstname: data.viewer.firstname, lastname: data.viewer.lastname })}</p>
    </section>
  );
}
