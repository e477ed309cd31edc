import { de, type MessageKey } from "../i18n/de";

/**
 * A label exactly as the screen shows it, in German quotes: the help takes field and button names
 * from the German catalog, so it names what users see even after a label changes.
 */
export function ui(key: MessageKey): string {
  return `„${de[key]}“`;
}

/** The bare German text of a catalog key (field lists, where the label stands alone). */
export function label(key: MessageKey): string {
  return de[key];
}
