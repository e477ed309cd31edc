// Uploaded documents (the camp consent form): sent as a data URL with the original file name,
// checked by size, extension AND content (magic bytes), so a renamed executable is not stored as
// a "pdf". Accepted: jpeg, jpg, png, pdf, heic, at most 5 MB (spec sections 5 and 9).
import { create as createContentDisposition } from "content-disposition";
import { MSG } from "../../shared/messages.ts";
import { file as fileRule, MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from "../../shared/validation.ts";

export type UploadInput = { name?: string | null; dataUrl?: string | null };
export type ParsedUpload = { name: string; mimeType: string; data: Buffer };

const MIME: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", pdf: "application/pdf", heic: "image/heic" };

/** The real type of a file from its first bytes: jpeg, png, pdf, heic, or null. */
export function sniffType(data: Uint8Array): "jpeg" | "png" | "pdf" | "heic" | null {
  const b = Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 16));
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (b.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  // ISO base media file: size, "ftyp", major brand of the HEIF family
  if (b.subarray(4, 8).toString("latin1") === "ftyp" && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(b.subarray(8, 12).toString("latin1"))) return "heic";
  return null;
}

/** Safe file name for storage and Content-Disposition: no path, no control characters, at most 120 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join("")
    .trim();
  return cleaned.slice(-120) || "datei";
}

/** Parses an upload; returns the German message of the first rule it breaks. */
export function parseUpload(u: UploadInput | null | undefined): ParsedUpload | string {
  if (!u?.dataUrl) return MSG.fileMissing;
  const m = /^data:([\w.+/-]*)(?:;[\w=-]+)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(u.dataUrl);
  if (!m) return MSG.fileType;
  // without a name (a /v1 client sending only file_upload) the data URL's type names the file
  const byMime = Object.entries(MIME).find(([, mime]) => mime === m[1])?.[0];
  const name = u.name ? safeFileName(u.name) : `einverstaendniserklaerung.${byMime ?? "bin"}`;
  const data = Buffer.from(m[2], "base64");
  if (data.length === 0) return MSG.fileMissing;
  if (data.length > MAX_UPLOAD_BYTES) return MSG.fileTooLarge;
  const byName = fileRule({ name, size: data.length }, UPLOAD_EXTENSIONS);
  if (byName) return byName;
  const ext = name.toLowerCase().split(".").pop() as string;
  const real = sniffType(data);
  if (!real || (ext === "jpg" ? "jpeg" : ext) !== real) return "Der Inhalt der Datei passt nicht zu ihrer Endung";
  return { name, mimeType: MIME[real], data };
}

/**
 * Content-Disposition for a download (RFC 6266, the `content-disposition` package): the UTF-8 name
 * in `filename*` (RFC 5987, `'()*` escaped too) and an ASCII fallback without accents in `filename`.
 */
export function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || "download";
  return createContentDisposition(name, { fallback: ascii });
}
