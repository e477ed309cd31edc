import { t } from "../../i18n/translate";
import styles from "./PartialResultAlert.module.css";
import { SymbolIcon } from "./SymbolIcon";

/** R-RO033: the registration states an existing partial exam that staff have not verified yet. */
export function PartialResultAlert() {
  return (
    <p className={styles.alert} role="alert">
      <SymbolIcon name="warning" />
      {t("overview.partialResultUnverified")}
    </p>
  );
}
