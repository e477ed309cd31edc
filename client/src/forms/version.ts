/**
 * No lost updates (docs/decisions.md "No lost updates"): an edit sends the version of the record
 * its form was filled from; the server refuses the save with CONFLICT when the record has changed
 * meanwhile. Without a known version nothing is sent (the server then keeps last-write-wins).
 */
export function versionField(version: number | null | undefined): { version?: number } {
  return version == null ? {} : { version };
}
