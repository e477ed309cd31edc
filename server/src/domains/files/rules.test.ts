import { describe, expect, it } from "vitest";
import { contentDisposition, parseUpload, safeFileName, sniffType } from "./rules.ts";

const dataUrl = (bytes: Buffer, mime = "application/octet-stream") => `data:${mime};base64,${bytes.toString("base64")}`;
const PDF = Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic"), Buffer.alloc(12)]);

describe("uploaded documents", () => {
  it("[R-VA007][R-BC003] jpeg, jpg, png, pdf and heic are accepted by name and content", () => {
    expect(sniffType(PDF)).toBe("pdf");
    expect(sniffType(PNG)).toBe("png");
    expect(sniffType(JPEG)).toBe("jpeg");
    expect(sniffType(HEIC)).toBe("heic");
    for (const [name, bytes, mime] of [
      ["erklaerung.pdf", PDF, "application/pdf"],
      ["scan.PNG", PNG, "image/png"],
      ["foto.jpg", JPEG, "image/jpeg"],
      ["foto.jpeg", JPEG, "image/jpeg"],
      ["iphone.heic", HEIC, "image/heic"],
    ] as const) {
      const parsed = parseUpload({ name, dataUrl: dataUrl(bytes) });
      expect(parsed, name).toMatchObject({ name, mimeType: mime });
    }
  });

  it("[R-VA005][R-VA006][R-BC002][R-VA046] a missing file and one above 5 MB are rejected with the spec's messages", () => {
    expect(parseUpload(null)).toBe("Bitte eine Datei auswählen");
    expect(parseUpload({ name: "a.pdf", dataUrl: "data:application/pdf;base64," })).toBe("Bitte eine Datei auswählen");
    const big = Buffer.concat([PDF, Buffer.alloc(5_242_880 - PDF.length + 1)]);
    expect(parseUpload({ name: "a.pdf", dataUrl: dataUrl(big) })).toBe("Die Datei ist zu groß. Maximal 5 MB erlaubt");
    const exact = Buffer.concat([PDF, Buffer.alloc(5_242_880 - PDF.length)]);
    expect(typeof parseUpload({ name: "a.pdf", dataUrl: dataUrl(exact) })).toBe("object");
  });

  it("[R-VA007] another extension, or content that does not match the extension, is rejected", () => {
    expect(parseUpload({ name: "tool.exe", dataUrl: dataUrl(PDF) })).toBe("Dieser Dateityp ist nicht erlaubt");
    expect(parseUpload({ name: "fake.pdf", dataUrl: dataUrl(Buffer.from("MZ\x90\x00 executable")) })).toBe("Der Inhalt der Datei passt nicht zu ihrer Endung");
    expect(parseUpload({ name: "bild.png", dataUrl: dataUrl(JPEG) })).toBe("Der Inhalt der Datei passt nicht zu ihrer Endung");
    expect(parseUpload({ name: "a.pdf", dataUrl: "not a data url" })).toBe("Dieser Dateityp ist nicht erlaubt");
    // without a name the data URL's type names the file
    expect(parseUpload({ dataUrl: dataUrl(PDF, "application/pdf") })).toMatchObject({ name: "einverstaendniserklaerung.pdf" });
    expect(parseUpload({ dataUrl: dataUrl(PDF, "text/html") })).toBe("Dieser Dateityp ist nicht erlaubt");
  });

  it("file names lose paths and control characters; downloads carry an ASCII and a UTF-8 name", () => {
    expect(safeFileName("C:\\Users\\x\\Einverständnis.pdf")).toBe("Einverständnis.pdf");
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName('a\u0000b"c.pdf')).toBe("abc.pdf");
    expect(contentDisposition("Einverständnis Müller.pdf")).toBe(
      `attachment; filename="Einverstandnis Muller.pdf"; filename*=UTF-8''Einverst%C3%A4ndnis%20M%C3%BCller.pdf`,
    );
    // RFC 5987 attr-char: ' ( ) * are escaped in filename* too (encodeURIComponent leaves them)
    expect(contentDisposition("Ergebnis (Bläser)*'n.pdf")).toBe(
      `attachment; filename="Ergebnis (Blaser)*'n.pdf"; filename*=UTF-8''Ergebnis%20%28Bl%C3%A4ser%29%2A%27n.pdf`,
    );
    expect(contentDisposition("Liste.xlsx")).toBe("attachment; filename=Liste.xlsx");
  });
});
