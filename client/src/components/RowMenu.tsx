import { Menu } from "@ark-ui/react/menu";
import { Portal } from "@ark-ui/react/portal";
import { useLayoutEffect, useRef, useState } from "react";
import { classNames } from "./classNames";
import { Icon } from "./Icon";
import styles from "./Popup.module.css";
import ownStyles from "./RowMenu.module.css";

export interface RowMenuItem<T extends string = string> {
  value: T;
  label: string;
  danger?: boolean;
}

/**
 * The three-dot menu of a table row on Ark UI's Menu: a button named `label` (e.g. "Aktionen für
 * Musikverein Musterstadt"), arrow keys, typeahead, Enter and Escape. Renders nothing without items
 * (read-only roles). The chosen action runs after the menu has closed and given focus back to its
 * button, so a dialog it opens returns focus there too. Closing by keyboard always leaves focus on
 * the button: Ark gives it back at once, and should a focus request of the menu still queued from a
 * key pressed in the same frame land afterwards on the hiding list (seen under load in CI), focus is
 * put back on the button once the list is hidden. Escape closes the menu from the moment it opens:
 * Ark listens for it only from the next animation frame on, and frames come late on a loaded
 * machine. The list is mounted only while open: a page of 25 rows renders 25 buttons, not 25
 * hidden lists with their items.
 */
export function RowMenu<T extends string>({
  label,
  items,
  onSelect,
  openAt,
}: {
  label: string;
  items: readonly RowMenuItem<T>[];
  onSelect: (value: T) => void;
  /** open from the start (DeferredRowMenu), with the first item highlighted when `"first"` (opened by keyboard) */
  openAt?: "first" | "none";
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(!!openAt);
  const keepFocusOnTrigger = () => {
    const active = document.activeElement;
    if (!active || active === document.body || contentRef.current?.contains(active)) triggerRef.current?.focus();
  };
  const afterClose = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(keepFocusOnTrigger, 0)));
  useLayoutEffect(() => {
    if (!open) return;
    // Ark closes on Escape itself once its layer is set up (and marks the key as handled)
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      afterClose();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  });
  if (items.length === 0) return null;
  return (
    <Menu.Root
      positioning={{ placement: "bottom-end" }}
      lazyMount
      unmountOnExit
      open={open}
      defaultHighlightedValue={openAt === "first" ? items[0]?.value : undefined}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (!details.open) afterClose();
      }}
      onSelect={(details) => {
        const chosen = items.find((item) => item.value === details.value);
        if (!chosen) return;
        setTimeout(() => {
          triggerRef.current?.focus();
          onSelect(chosen.value);
        }, 0);
      }}
    >
      <Menu.Trigger ref={triggerRef} className={ownStyles.trigger} aria-label={label} title={label}>
        <Icon name="more" />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content ref={contentRef} className={styles.content}>
            {items.map((item) => (
              <Menu.Item key={item.value} value={item.value} className={classNames(styles.item, item.danger && styles.danger)}>
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/**
 * A row menu for long tables: until it is first opened, the row holds only a plain button that looks
 * and is named like RowMenu's (no menu machine per row; a day of a timetable has hundreds of rows).
 * Pressing it (mouse, Enter, Space or the down arrow) puts the RowMenu in its place, open, with the
 * first item highlighted when opened by keyboard, as RowMenu's own button does.
 */
export function DeferredRowMenu<T extends string>(props: { label: string; items: readonly RowMenuItem<T>[]; onSelect: (value: T) => void }) {
  const [openAt, setOpenAt] = useState<"first" | "none" | null>(null);
  if (props.items.length === 0) return null;
  if (openAt) return <RowMenu {...props} openAt={openAt} />;
  return (
    <button
      type="button"
      className={ownStyles.trigger}
      aria-label={props.label}
      title={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={(event) => setOpenAt(event.detail === 0 ? "first" : "none")}
      onKeyDown={(event) => {
        if (event.key !== "ArrowDown") return;
        event.preventDefault();
        setOpenAt("first");
      }}
    >
      <Icon name="more" />
    </button>
  );
}
