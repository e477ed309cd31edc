import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";

/** The head of a plain table (no sorting, no row menu: that is DataTable): one column header per text. */
export function TableHead({ columns }: { columns: readonly MessageKey[] }) {
  return (
    <thead>
      <tr>
        {columns.map((key) => (
          <th key={key} scope="col">
            {t(key)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
