/** Simple line icons (24×24, drawn with currentColor) for the drawer rail, tables, fields and the overview's row symbols; decorative only. */
const paths = {
  home: "M3 11.5 12 4l9 7.5M5.5 10v10h5v-6h3v6h5V10",
  account: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6 8-6s8 2 8 6",
  club: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM17 11a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM3 20c0-3.4 2.7-5.5 6-5.5s6 2.1 6 5.5M15.5 14.6c3 .1 5.5 1.8 5.5 5.4",
  list: "M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01",
  users: "M3 5h18v14H3zM9 12.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5.5 16.5c.4-1.5 1.8-2.3 3.5-2.3s3.1.8 3.5 2.3M15 10h3M15 14h3",
  association: "M5 21V4M5 4h11l-1.5 3.5L16 11H5",
  district: "M9 4 3 6.5v13.5l6-2.5 6 2.5 6-2.5V4l-6 2.5L9 4zM9 4v13.5M15 6.5V20",
  calendar: "M4 6h16v14H4zM4 10.5h16M8.5 3.5v4M15.5 3.5v4",
  event: "M4 6h16v14H4zM4 10.5h16M8.5 3.5v4M15.5 3.5v4M8 14.5h3v3H8z",
  location: "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  results: "M8 4h8v5a4 4 0 0 1-8 0V4zM8 6H4.5v1A3.5 3.5 0 0 0 8 10.5M16 6h3.5v1a3.5 3.5 0 0 1-3.5 3.5M12 13v4M8 20h8M9.5 17h5v3h-5z",
  shield: "M12 3 5 6v5c0 4.4 3 8.3 7 10 4-1.7 7-5.6 7-10V6l-7-3zM9 12l2 2 4-4",
  code: "M8.5 7.5 4 12l4.5 4.5M15.5 7.5 20 12l-4.5 4.5M13.5 5l-3 14",
  invoice: "M6 3h12v18l-3-2-3 2-3-2-3 2V3zM9 8h6M9 12h6M9 16h3",
  send: "M20.5 3.5 10 14M20.5 3.5l-6.5 17-4-6.5-6.5-4 17-6.5z",
  help: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.6 9.2a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6M12 16.8v.2",
  logout: "M10 16.5 14.5 12 10 7.5M14.5 12H3.5M13 4h6v16h-6",
  chevronDown: "M6 9.5l6 6 6-6",
  chevronLeft: "M14.5 6l-6 6 6 6",
  chevronRight: "M9.5 6l6 6-6 6",
  menu: "M4 6.5h16M4 12h16M4 17.5h16",
  close: "M6 6l12 12M18 6 6 18",
  collapse: "M11 17l-5-5 5-5M18 17l-5-5 5-5",
  expand: "M6 17l5-5-5-5M13 17l5-5-5-5",
  more: "M12 5.5h.01M12 12h.01M12 18.5h.01",
  blocked: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.7 5.7l12.6 12.6",
  plus: "M12 5v14M5 12h14",
  search: "M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5 20 20",
  check: "M5 12.5l4.5 4.5L19 7.5",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 2.5-2.5L20 16M15.5 9.5h.01",
  // the overview's row symbols: a cancelled registration, a warning (unverified partial result), songs complete or missing
  cancelled: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 9l6 6M15 9l-6 6",
  warning: "M12 4 2.8 19.5h18.4L12 4zM12 10v4.5M12 17.2v.1",
  complete: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.3l2.8 2.8L16.2 9.5",
  missing: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7.5v5.5M12 16.2v.1",
} as const;

export type IconName = keyof typeof paths;

/** `size`: the drawn size in pixels (the drawing is 24×24). */
export function Icon({ name, className, size = 24 }: { name: IconName; className?: string; size?: number }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
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
