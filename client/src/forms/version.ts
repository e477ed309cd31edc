/**
 * No lost updates (docs/decisions.md "No lost updates"): an edit sends the version of the record
 * its form was filled from; the server refuses the save with CONFLICT when the record has changed
 * meanwhile. Without a known version (a create) nothing is sent.
 */
export function versionField(version: number | null | undefined): { version?: number } {
  return version == null ? {} : { version };
}

/**
 * The version an update sends: every GraphQL update input requires it (docs/api.md "Concurrent
 * edits"); an edit form always has the version of the record it was filled from.
 */
export function updateVersion(version: number | null | undefined): { version: number } {
  if (version == null) throw new Error("Die Version des bearbeiteten Eintrags ist unbekannt");
  return { version };
}
