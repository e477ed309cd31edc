import { t } from "../i18n/translate";
import styles from "./Chip.module.css";
import { Icon } from "./Icon";

/** A chip (assigned clubs, chosen roles); with `onRemove` it has a remove button named "{label} entfernen". */
export function Chip({ label, onRemove, disabled }: { label: string; onRemove?: () => void; disabled?: boolean }) {
  return (
    <span className={styles.chip}>
      <span className={styles.label}>{label}</span>
      {onRemove && (
        <button type="button" className={styles.remove} aria-label={t("chips.remove", { label })} onClick={onRemove} disabled={disabled}>
          <Icon name="close" />
        </button>
      )}
    </span>
  );
}
