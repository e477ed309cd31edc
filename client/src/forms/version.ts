/**
 * No lost updates (docs/decisions.md "No lost updates"): an edit sends the version of the record
 * its form was filled from, not whatever the store holds at save time; the server refuses the save
 * with CONFLICT when the record has changed meanwhile. Every GraphQL update input requires it
 * (docs/api.md "Concurrent edits"); a create sends none. The input builders of the forms
 * (eventForm.ts, userForm.ts, ...) build the fields, the edit forms add this.
 */
export function updateVersion(version: number | null | undefined): { version: number } {
  if (version == null) throw new Error("Die Version des bearbeiteten Eintrags ist unbekannt");
  return { version };
}
