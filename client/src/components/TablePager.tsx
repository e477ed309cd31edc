import { t } from "../i18n/translate";
import { Button } from "./Button";
import styles from "./TablePager.module.css";

/** Under a paged table: "{shown} von {total} Einträgen" and "Mehr laden" while more pages exist. */
export function TablePager({
  shown,
  total,
  hasNext,
  loading,
  onLoadMore,
}: {
  shown: number;
  total: number;
  hasNext: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  if (total === 0) return null;
  return (
    <div className={styles.pager}>
      <span className={styles.count}>{t("table.count", { shown, total })}</span>
      {hasNext && (
        <Button variant="secondary" onClick={onLoadMore} disabled={loading}>
          {t("table.loadMore")}
        </Button>
      )}
    </div>
  );
}
