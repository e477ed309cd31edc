// Reading uploaded Office Open XML workbooks (.xlsx, .xlsm) safely, BEFORE any spreadsheet library
// sees them: the zip's central directory is read by hand, the entry count and the declared sizes
// are checked against limits, and every entry is inflated with a hard output limit (a node:zlib
// stream stopped at the entry's declared size), so a zip bomb (tiny file, gigabytes inflated)
// costs at most the limit. Only stored and deflated entries, no encryption, no ZIP64, no duplicate
// names. The result is a map of entry name -> bytes; [Content_Types].xml then tells an .xlsx from an .xlsm (macro workbook).
import zlib from "node:zlib";
import { strToU8, zipSync } from "fflate";
import { safeFileName } from "./rules.ts";

export type ZipLimits = { maxEntries: number; maxUncompressedBytes: number };

/** Limits for one uploaded workbook: at most 1,000 entries and 50 MB inflated. */
export const WORKBOOK_LIMITS: ZipLimits = { maxEntries: 1000, maxUncompressedBytes: 50 * 1024 * 1024 };

export class ZipRejected extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** True when the bytes start like a zip file ("PK\x03\x04"). */
export const hasZipMagic = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Reads an entry's bytes as they are inflated (`feed`, chunk by chunk, then `end`); may throw to stop the reading. */
export type EntryReader = { feed(chunk: Uint8Array): void; end(): void };

/**
 * All entries of a zip file, inflated within the limits. Throws ZipRejected with a German reason
 * (corrupt, too many entries, too large when unpacked). Entries are inflated as streams (zlib's
 * thread pool, in chunks of 64 KB): `inspect` may give a reader for an entry, which sees every chunk
 * as it comes and may stop the whole reading by throwing (its error is passed on), so what an entry
 * describes can be refused after its first kilobytes instead of after all of them; between chunks
 * the server answers other requests.
 */
export async function readZip(
  data: Uint8Array,
  limits: ZipLimits = WORKBOOK_LIMITS,
  inspect: (name: string) => EntryReader | null = () => null,
): Promise<Map<string, Uint8Array>> {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const corrupt = () => new ZipRejected("Die Datei ist beschädigt oder keine gültige Excel-Datei");
  if (!hasZipMagic(buf)) throw corrupt();
  // end of central directory: the last 22 bytes plus a comment of up to 65535 bytes
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw corrupt(); // ZIP64: never written by a spreadsheet program for small files
  if (count > limits.maxEntries) throw new ZipRejected(`Die Datei enthält zu viele Bestandteile (mehr als ${limits.maxEntries})`);
  if (cdOffset + cdSize > eocd) throw corrupt();

  type Entry = { name: string; method: number; compressed: number; size: number; local: number };
  const entries: Entry[] = [];
  let declared = 0;
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) throw corrupt();
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString(flags & 0x800 ? "utf8" : "latin1");
    p += 46 + nameLen + extraLen + commentLen;
    if (flags & 0x1) throw new ZipRejected("Verschlüsselte Dateien werden nicht angenommen");
    if (method !== 0 && method !== 8) throw corrupt();
    if (compressed === 0xffffffff || size === 0xffffffff) throw corrupt();
    declared += size;
    if (declared > limits.maxUncompressedBytes)
      throw new ZipRejected(`Die Datei ist entpackt zu groß (mehr als ${Math.round(limits.maxUncompressedBytes / 1024 / 1024)} MB)`);
    entries.push({ name, method, compressed, size, local });
  }

  const out = new Map<string, Uint8Array>();
  let inflated = 0;
  for (const e of entries) {
    if (out.has(e.name)) throw corrupt();
    if (e.name.endsWith("/")) continue; // a directory
    const l = e.local;
    if (l + 30 > buf.length || buf.readUInt32LE(l) !== LOCAL) throw corrupt();
    const start = l + 30 + buf.readUInt16LE(l + 26) + buf.readUInt16LE(l + 28);
    if (start + e.compressed > buf.length) throw corrupt();
    const raw = buf.subarray(start, start + e.compressed);
    const reader = inspect(e.name);
    let bytes: Buffer;
    if (e.method === 0) {
      if (e.compressed !== e.size) throw corrupt();
      bytes = raw;
      reader?.feed(bytes);
    } else if (e.size === 0) {
      bytes = Buffer.alloc(0);
    } else {
      // never more than the entry declares, and never more than what is left of the budget
      bytes = await inflate(raw, Math.min(e.size, limits.maxUncompressedBytes - inflated), reader, corrupt);
      if (bytes.length !== e.size) throw corrupt();
    }
    reader?.end();
    inflated += bytes.length;
    out.set(e.name, new Uint8Array(bytes));
  }
  return out;
}

/** A deflated entry, inflated as a stream and stopped beyond `max` bytes or when `reader` throws. */
function inflate(raw: Uint8Array, max: number, reader: EntryReader | null, corrupt: () => ZipRejected): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const stream = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    const chunks: Buffer[] = [];
    let total = 0;
    let failed = false;
    const fail = (e: unknown) => {
      if (failed) return;
      failed = true;
      stream.destroy();
      reject(e);
    };
    stream.on("data", (chunk: Buffer) => {
      if (failed) return;
      total += chunk.length;
      if (total > max) return fail(corrupt());
      try {
        reader?.feed(chunk);
      } catch (e) {
        return fail(e);
      }
      chunks.push(chunk);
    });
    stream.on("error", () => fail(corrupt()));
    stream.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks, total));
    });
    stream.end(raw);
  });
}

/** Main content types of the workbook part ([Content_Types].xml). */
export const XLSX_MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml";
export const XLSM_MAIN = "application/vnd.ms-excel.sheet.macroEnabled.main+xml";
export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const XLSM_MIME = "application/vnd.ms-excel.sheet.macroEnabled.12";

/** "xlsx", "xlsm" or null: what the package says its workbook part is. */
export function workbookKind(entries: Map<string, Uint8Array>): "xlsx" | "xlsm" | null {
  const types = entries.get("[Content_Types].xml");
  if (!types) return null;
  const xml = Buffer.from(types).toString("utf8");
  const main = [...xml.matchAll(/<Override\b[^>]*>/g)]
    .map((m) => m[0])
    .map((tag) => ({ part: /PartName="([^"]*)"/.exec(tag)?.[1] ?? "", type: /ContentType="([^"]*)"/.exec(tag)?.[1] ?? "" }))
    .filter((o) => o.type === XLSX_MAIN || o.type === XLSM_MAIN);
  if (main.length !== 1) return null;
  // the part must exist (a content type without a workbook is not a workbook)
  if (!entries.has(main[0].part.replace(/^\//, ""))) return null;
  return main[0].type === XLSM_MAIN ? "xlsm" : "xlsx";
}

/**
 * A zip for download: entry names made safe (no folders) and unique ("a.pdf", "a_2.pdf"); a
 * LIESMICH.txt with `empty` when there are no files. Stored, not compressed: most entries (xlsx,
 * PDF, images) are compressed already.
 */
export function zipOf(files: { name: string; data: Uint8Array }[], empty: string): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) {
    let name = safeFileName(f.name);
    for (let i = 2; name in entries; i++) name = safeFileName(f.name).replace(/(\.[^.]*)?$/, (ext) => `_${i}${ext}`);
    entries[name] = new Uint8Array(f.data);
  }
  if (files.length === 0) entries["LIESMICH.txt"] = strToU8(`${empty}\r\n`);
  return zipSync(entries, { level: 0 });
}
