import { MAX_SEARCH_LENGTH } from "@shared/validation";
import { useEffect, useId, useRef, useState } from "react";
import { t } from "../i18n/translate";
import { classNames } from "./classNames";
import fieldStyles from "./Field.module.css";
import { Icon } from "./Icon";
import styles from "./SearchField.module.css";

/** Search input of the tables: reports the text after a short pause in typing, or at once on Enter. */
export function SearchField({
  value,
  onSearch,
  label = t("search.label"),
  delayMs = 350,
}: {
  value: string;
  onSearch: (text: string) => void;
  label?: string;
  delayMs?: number;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  return (
    <div className={classNames(fieldStyles.field, styles.search)}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        <Icon name="search" className={styles.icon} />
        <input
          id={id}
          className={classNames(fieldStyles.input, styles.input)}
          type="search"
          maxLength={MAX_SEARCH_LENGTH}
          value={text}
          placeholder={t("search.placeholder")}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              if (text !== value) onSearch(text);
            }
          }}
        />
      </div>
    </div>
  );
}
