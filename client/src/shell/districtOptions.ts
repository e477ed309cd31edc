/** The viewer's own district association first, then the listed ones, each id once. */
export function districtOptions<T extends { readonly databaseId: number }>(own: T | null | undefined, listed: readonly T[]): T[] {
  const seen = new Set<number>();
  const result: T[] = [];
  for (const district of own ? [own, ...listed] : listed) {
    if (seen.has(district.databaseId)) continue;
    seen.add(district.databaseId);
    result.push(district);
  }
  return result;
}
