/** File name used when the server sends none (spec §7 "Exports"). */
export const FALLBACK_FILE_NAME = "error";

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return trimmed;
}

/** Decodes an RFC 5987 ext-value such as `UTF-8''Anmeldungen%20%C3%BCbersicht.xlsx`. */
function decodeExtValue(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]+)'[\w-]*'(.*)$/.exec(unquote(value));
  if (!match) return null;
  const [, charset, encoded] = match;
  try {
    if (charset.toLowerCase() === "utf-8") return decodeURIComponent(encoded);
    // ISO-8859-1: every %XX is one byte = one code point.
    return encoded.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  } catch {
    return null;
  }
}

/** Splits the header into parameters, respecting quoted strings that may contain ";". */
function parameters(header: string): Map<string, string> {
  const result = new Map<string, string>();
  const pattern = /;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1].toLowerCase();
    if (!result.has(name)) result.set(name, match[2].trim());
  }
  return result;
}

/** Strips any directory part, so a hostile header cannot suggest a path. */
function baseName(name: string): string {
  const parts = name.split(/[/\\]/);
  return parts[parts.length - 1].trim();
}

/**
 * The download file name from a Content-Disposition header: `filename*` (RFC 5987) first, then
 * `filename`, else the fallback "error" (R-API032).
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string {
  if (!header) return FALLBACK_FILE_NAME;
  const params = parameters(`;${header.replace(/^[^;]*/, "")}`);
  const extended = params.get("filename*");
  if (extended) {
    const decoded = decodeExtValue(extended);
    if (decoded && baseName(decoded)) return baseName(decoded);
  }
  const plain = params.get("filename");
  if (plain) {
    const name = baseName(unquote(plain));
    if (name) return name;
  }
  return FALLBACK_FILE_NAME;
}
