import { useLayoutEffect, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { classNames } from "../components/classNames";
import { Icon } from "../components/Icon";
import { t } from "../i18n/translate";
import styles from "./Snackbar.module.css";
import { appSnackbar } from "./snackbarQueue";

/**
 * The snackbar: one message at a time, a newer one in its place, coloured by type (R-SH064..R-SH066).
 * It lives in a region directly under <body> marked as live announcer, so a modal dialog (which
 * hides the rest of the page from assistive technology) does not hide an error message shown while
 * it is open. It sits at the bottom of the window, but above the footer while the footer is in
 * view, so "Impressum" and "Datenschutz" stay clickable.
 */
export function Snackbar() {
  const message = useSyncExternalStore(appSnackbar.subscribe, appSnackbar.current);
  const bottom = useAboveFooter(message !== null);
  return createPortal(
    <div data-live-announcer="">
      {message && (
        <div
          key={message.id}
          className={classNames(styles.snackbar, styles[message.type])}
          role={message.type === "error" ? "alert" : "status"}
          data-type={message.type}
          style={bottom === undefined ? undefined : { bottom }}
        >
          <span className={styles.text}>{message.text}</span>
          <button type="button" className={styles.dismiss} aria-label={t("snackbar.dismiss")} onClick={() => appSnackbar.dismiss()}>
            <Icon name="close" />
          </button>
        </div>
      )}
    </div>,
    document.body,
  );
}

/** Gap between the snackbar and the footer's top edge, in px. */
const FOOTER_GAP = 12;

/** While `active`: the snackbar's distance from the window's bottom that clears the footer in view (undefined: the footer is out of view, the style sheet's place holds). */
function useAboveFooter(active: boolean): number | undefined {
  const [bottom, setBottom] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!active) return;
    const update = () => {
      const footer = document.querySelector("footer");
      const overlap = footer ? window.innerHeight - footer.getBoundingClientRect().top : 0;
      setBottom(overlap > 0 ? Math.ceil(overlap) + FOOTER_GAP : undefined);
    };
    update();
    // scroll events do not bubble: listening in the capture phase hears every scrolling element
    window.addEventListener("scroll", update, { capture: true, passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update, { capture: true });
      window.removeEventListener("resize", update);
    };
  }, [active]);
  return bottom;
}
