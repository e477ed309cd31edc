import { useEffect, useId, useRef } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Page } from "../../components/Page";
import { helpPages } from "../../help/content";
import { itemsWithTag, pageTags } from "../../help/filter";
import { t } from "../../i18n/translate";
import { findRoute, type HelpRoute, routeLabel, routeTitle } from "../../routes/routeTable";
import { HelpItemView } from "./HelpItemView";
import styles from "./HelpScreen.module.css";

/** Query parameters of a help page (inside the hash route, so links stay shareable). */
const TAG_PARAM = "schlagwort";
const ITEM_PARAM = "thema";

/**
 * A help page "Hilfe: {screen}" (R-SH073..R-SH077): what the screen is for, a link to it, the table
 * of contents with a tag filter, then the titled items with their tags, field lists, boxes and
 * screenshots. The content is German data from client/src/help/; this chunk is loaded only when a
 * help page opens.
 */
export function HelpScreen({ route }: { route: HelpRoute }) {
  const page = helpPages[route.name];
  const screen = findRoute(route.helpFor);
  const [params, setParams] = useSearchParams();
  const tags = pageTags(page);
  const requestedTag = params.get(TAG_PARAM);
  const tag = requestedTag && tags.includes(requestedTag) ? requestedTag : null;
  const items = itemsWithTag(page, tag);
  const itemId = params.get(ITEM_PARAM);
  const contentsId = useId();
  const main = useRef<HTMLDivElement>(null);

  // a table-of-contents link: bring the item into view and move the focus to its heading
  const showItem = (id: string) => {
    const heading = main.current?.querySelector<HTMLElement>(`[data-help-item="${CSS.escape(id)}"]`);
    if (!heading) return;
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address names another item (also on first load)
  useEffect(() => {
    if (itemId) showItem(itemId);
  }, [itemId]);

  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `?${query}` : "";
  };

  return (
    <div className={styles.screen}>
      <Page title={routeTitle(route)} narrow>
        <div ref={main} className={styles.help}>
          <p className={styles.intro}>{page.intro}</p>
          <p className={styles.screenLink}>
            <Link to={screen.path}>{t("help.toScreen", { title: routeLabel(screen) })}</Link>
          </p>

          <nav className={styles.contents} aria-labelledby={contentsId}>
            <h2 id={contentsId} className={styles.contentsTitle}>
              {t("help.contents")}
            </h2>
            <fieldset className={styles.filter}>
              <legend className={styles.filterLabel}>{t("help.filter")}</legend>
              <div className={styles.tagButtons}>
                <button
                  type="button"
                  className={styles.tagButton}
                  aria-pressed={tag === null}
                  onClick={() => setParams(withParams({ [TAG_PARAM]: null, [ITEM_PARAM]: null }))}
                >
                  {t("help.filterAll")}
                </button>
                {tags.map((name) => (
                  <button
                    key={name}
                    type="button"
                    className={styles.tagButton}
                    aria-pressed={tag === name}
                    onClick={() => setParams(withParams({ [TAG_PARAM]: tag === name ? null : name, [ITEM_PARAM]: null }))}
                  >
                    {name}
                  </button>
                ))}
              </div>
            </fieldset>
            <p className={styles.filtered} role="status">
              {tag ? t("help.filtered", { shown: items.length, total: page.items.length, tag }) : null}
            </p>
            <ol className={styles.toc}>
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={withParams({ [ITEM_PARAM]: item.id })}
                    replace
                    aria-current={item.id === itemId ? "location" : undefined}
                    // the address does not change when the same item is chosen again: show it anyway
                    onClick={() => item.id === itemId && showItem(item.id)}
                  >
                    {item.title}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>

          {items.map((item) => (
            <HelpItemView key={item.id} item={item} />
          ))}
        </div>
      </Page>
    </div>
  );
}
