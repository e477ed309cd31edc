import { Icon } from "../../components/Icon";

/** The row symbols of the overview (components/Icon, drawn at 20 px). */
export type SymbolName = "cancelled" | "warning" | "complete" | "missing";

/** Decorative: the accessible name and tooltip belong to the element around it. */
export function SymbolIcon({ name, className }: { name: SymbolName; className?: string }) {
  return <Icon name={name} className={className} size={20} />;
}
