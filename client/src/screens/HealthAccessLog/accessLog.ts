import { t } from "../../i18n/translate";

/**
 * The registrations of an access, for people: "Vorname Nachname (Veranstaltung)" each, a deleted one
 * as "gelöschte Anmeldung {id}", and "und {count} weitere" beyond those listed.
 */
export function accessedRegistrationsText(
  registrations: readonly { readonly databaseId: number; readonly name: string | null | undefined; readonly eventName: string | null | undefined }[],
  count: number,
): string {
  const named = registrations.map((r) =>
    r.name ? (r.eventName ? `${r.name} (${r.eventName})` : r.name) : t("healthAccess.deletedRegistration", { id: r.databaseId }),
  );
  const more = count - registrations.length;
  return more > 0 ? `${named.join(", ")} ${t("healthAccess.more", { count: more })}` : named.join(", ");
}
