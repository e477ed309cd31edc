import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readZip, WORKBOOK_LIMITS, workbookKind, XLSM_MAIN, XLSX_MAIN, ZipRejected } from "./zip.ts";

const types = (main: string) =>
  strToU8(
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${main}"/></Types>`,
  );

/** Central directory entry of the first file: uncompressed size at +24. */
function patchDeclaredSize(zip: Uint8Array, size: number): Uint8Array {
  const b = Buffer.from(zip);
  const cd = b.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  b.writeUInt32LE(size, cd + 24);
  return new Uint8Array(b);
}

describe("zip guard", () => {
  it("[R-BC004] reads the entries of a small zip, stored and deflated", async () => {
    const zip = zipSync({ "a.txt": strToU8("hallo"), "b/c.xml": [strToU8("x".repeat(5000)), { level: 9 }] }, { level: 0 });
    const entries = await readZip(zip);
    expect(Buffer.from(entries.get("a.txt")!).toString()).toBe("hallo");
    expect(entries.get("b/c.xml")!.length).toBe(5000);
  });

  it("[R-BC004] rejects what is not a zip, and truncated zips", async () => {
    await expect(readZip(strToU8("%PDF-1.4 kein zip"))).rejects.toThrow(ZipRejected);
    const zip = zipSync({ "a.txt": strToU8("hallo") });
    await expect(readZip(zip.subarray(0, zip.length - 30))).rejects.toThrow(/beschädigt/);
  });

  it("[R-BC002] a zip bomb is refused from its central directory before anything is inflated", async () => {
    // 60 MB of zeros deflate to about 60 KB
    const bomb = zipSync({ "xl/worksheets/sheet1.xml": new Uint8Array(60 * 1024 * 1024) }, { level: 1 });
    expect(bomb.length).toBeLessThan(200_000);
    await expect(readZip(bomb)).rejects.toThrow(/entpackt zu groß/);
  });

  it("[R-BC002] an entry that inflates beyond its declared size is stopped at the declared size", async () => {
    const bomb = zipSync({ "xl/worksheets/sheet1.xml": new Uint8Array(20 * 1024 * 1024) }, { level: 1 });
    await expect(readZip(patchDeclaredSize(bomb, 1000))).rejects.toThrow(/beschädigt/);
  });

  it("[R-BC002] an inspector sees an entry's bytes as they are inflated and can stop the reading early", async () => {
    const big = zipSync({ "a.xml": new Uint8Array(20 * 1024 * 1024), "b.txt": strToU8("hallo") }, { level: 1 });
    const seen: Record<string, number> = {};
    const count = (name: string) => ({
      feed: (c: Uint8Array) => {
        seen[name] = (seen[name] ?? 0) + c.length;
      },
      end: () => {},
    });
    const all = await readZip(big, WORKBOOK_LIMITS, count);
    expect(seen).toEqual({ "a.xml": 20 * 1024 * 1024, "b.txt": 5 });
    expect(all.get("b.txt")!.length).toBe(5);
    let chunks = 0;
    const stop = new Error("genug");
    const inspect = (name: string) =>
      name === "a.xml"
        ? {
            feed: () => {
              if (++chunks === 2) throw stop;
            },
            end: () => {},
          }
        : null;
    await expect(readZip(big, WORKBOOK_LIMITS, inspect)).rejects.toBe(stop);
    expect(chunks).toBe(2); // the rest of the 20 MB was never inflated
  });

  it("[R-BC002] too many entries are refused", async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= WORKBOOK_LIMITS.maxEntries; i++) many[`f${i}.xml`] = strToU8("<a/>");
    await expect(readZip(zipSync(many, { level: 0 }))).rejects.toThrow(/zu viele Bestandteile/);
  });

  it("[R-BC004][R-BC005] [Content_Types].xml tells .xlsx from .xlsm", async () => {
    const wb = strToU8("<workbook/>");
    expect(workbookKind(await readZip(zipSync({ "[Content_Types].xml": types(XLSX_MAIN), "xl/workbook.xml": wb })))).toBe("xlsx");
    expect(workbookKind(await readZip(zipSync({ "[Content_Types].xml": types(XLSM_MAIN), "xl/workbook.xml": wb })))).toBe("xlsm");
    // no workbook part, or no content types: not a workbook
    expect(workbookKind(await readZip(zipSync({ "[Content_Types].xml": types(XLSX_MAIN) })))).toBeNull();
    expect(workbookKind(await readZip(zipSync({ "xl/workbook.xml": wb })))).toBeNull();
    expect(workbookKind(await readZip(zipSync({ "[Content_Types].xml": types("application/pdf"), "xl/workbook.xml": wb })))).toBeNull();
  });
});
