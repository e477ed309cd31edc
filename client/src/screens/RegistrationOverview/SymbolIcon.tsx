/**
 * The row symbols of the overview (24×24 line icons in currentColor, like components/Icon): a
 * cancelled registration, a warning (unverified partial result), songs complete or missing.
 */
const paths = {
  cancelled: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 9l6 6M15 9l-6 6",
  warning: "M12 4 2.8 19.5h18.4L12 4zM12 10v4.5M12 17.2v.1",
  complete: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.3l2.8 2.8L16.2 9.5",
  missing: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7.5v5.5M12 16.2v.1",
} as const;

export type SymbolName = keyof typeof paths;

/** Decorative: the accessible name and tooltip belong to the element around it. */
export function SymbolIcon({ name, className }: { name: SymbolName; className?: string }) {
  return (
    <svg
      className={className}
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
