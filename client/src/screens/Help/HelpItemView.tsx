import { useId } from "react";
import { SCREENSHOT_DIR, SCREENSHOTS } from "../../help/screenshots";
import type { BoxKind, HelpBlock, HelpItem } from "../../help/types";
import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";
import styles from "./HelpScreen.module.css";

const BOX_LABELS: Record<BoxKind, MessageKey> = { info: "help.box.info", warning: "help.box.warning", error: "help.box.error" };

/** One help item: its heading (level 2, focusable target of the table of contents), tags and blocks. */
export function HelpItemView({ item }: { item: HelpItem }) {
  const headingId = useId();
  return (
    <article className={styles.item} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.itemTitle} tabIndex={-1} data-help-item={item.id}>
        {item.title}
      </h2>
      <ul className={styles.tags} aria-label={t("help.tags")}>
        {item.tags.map((tag) => (
          <li key={tag} className={styles.tag}>
            {tag}
          </li>
        ))}
      </ul>
      {item.blocks.map((block, index) => (
        // blocks are static content: their position is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
        <HelpBlockView key={index} block={block} />
      ))}
    </article>
  );
}

function HelpBlockView({ block }: { block: HelpBlock }) {
  const labelId = useId();
  switch (block.kind) {
    case "paragraph":
      return <p className={styles.paragraph}>{block.text}</p>;
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List className={styles.list}>
          {block.items.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </List>
      );
    }
    case "fields":
      return (
        <dl className={styles.fields}>
          {block.entries.map((entry) => (
            <div key={entry.label} className={styles.field}>
              <dt>{entry.label}</dt>
              <dd>{entry.text}</dd>
            </div>
          ))}
        </dl>
      );
    case "box":
      return (
        <div role="note" aria-labelledby={labelId} className={`${styles.box} ${styles[block.box]}`} data-box={block.box}>
          <strong id={labelId} className={styles.boxLabel}>
            {t(BOX_LABELS[block.box])}
          </strong>
          <p className={styles.boxText}>{block.text}</p>
        </div>
      );
    case "screenshot": {
      const size = SCREENSHOTS[block.file];
      return (
        <figure className={styles.figure}>
          <img
            className={styles.screenshot}
            src={`${import.meta.env.BASE_URL}${SCREENSHOT_DIR}${block.file}`}
            alt={block.alt}
            width={size.width}
            height={size.height}
            loading="lazy"
            decoding="async"
          />
          {block.caption && <figcaption className={styles.caption}>{block.caption}</figcaption>}
        </figure>
      );
    }
  }
}
