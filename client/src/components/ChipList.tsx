import { Chip } from "./Chip";
import styles from "./ChipList.module.css";

export interface ChipItem {
  value: string;
  label: string;
}

/**
 * A wrapping list of chips named `label` for assistive technology; with `onRemove` every chip has a
 * remove button. `emptyText` stands in for an empty list.
 */
export function ChipList({
  label,
  items,
  onRemove,
  emptyText,
  disabled,
}: {
  label: string;
  items: readonly ChipItem[];
  onRemove?: (value: string) => void;
  emptyText?: string;
  disabled?: boolean;
}) {
  if (items.length === 0) return emptyText ? <p className={styles.empty}>{emptyText}</p> : null;
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map((item) => (
        <li key={item.value}>
          <Chip label={item.label} onRemove={onRemove ? () => onRemove(item.value) : undefined} disabled={disabled} />
        </li>
      ))}
    </ul>
  );
}
