import { MSG } from "@shared/messages";
import { describe, expect, it } from "vitest";
import { checkImageFile } from "../../forms/imageFile";
import { updateVersion } from "../../forms/version";
import { districtAssociationInput, shownSignature, validateDistrictAssociationForm } from "./districtAssociationForm";

const filled = { name: "KV", iamRef: "org-1", gdprLink: "https://kv.example/datenschutz", impressLink: "https://kv.example/impressum" };

describe("district association form", () => {
  it("[R-VA017] name, IamRef, privacy URL and imprint URL are required", () => {
    expect(validateDistrictAssociationForm({ name: "", iamRef: "", gdprLink: "", impressLink: " " })).toEqual({
      name: MSG.required,
      iamRef: MSG.required,
      gdprLink: MSG.required,
      impressLink: MSG.required,
    });
    expect(validateDistrictAssociationForm(filled)).toEqual({});
  });

  it("[R-VA017] the privacy and imprint URLs are checked before sending: web addresses only, with the server's message", () => {
    expect(validateDistrictAssociationForm({ ...filled, gdprLink: "kv.example/datenschutz", impressLink: "ftp://kv.example" })).toEqual({
      gdprLink: MSG.webAddress,
      impressLink: MSG.webAddress,
    });
    expect(validateDistrictAssociationForm({ ...filled, gdprLink: "http://kv.example/ds" })).toEqual({});
  });

  it("[R-DA003][R-DA004] the signature image is sent as data URL; null keeps it and an empty string removes it", () => {
    expect(districtAssociationInput(filled, { kind: "set", dataUrl: "data:image/png;base64,AAAA" }).signatureImage).toBe("data:image/png;base64,AAAA");
    expect(districtAssociationInput(filled, { kind: "keep" }).signatureImage).toBeNull();
    expect(districtAssociationInput(filled, { kind: "remove" }).signatureImage).toBe("");
    expect(shownSignature("data:image/png;base64,OLD", { kind: "keep" })).toBe("data:image/png;base64,OLD");
    expect(shownSignature("data:image/png;base64,OLD", { kind: "remove" })).toBeNull();
  });

  it("[R-DA006] no lost updates: an edit sends the version the form was filled from; a new district association none", () => {
    expect({ ...districtAssociationInput(filled, { kind: "keep" }), ...updateVersion(7) }.version).toBe(7);
    expect("version" in districtAssociationInput(filled, { kind: "keep" })).toBe(false);
  });

  it("[R-DA004][R-VA005][R-VA006] the signature accepts .jpeg, .jpg and .png up to 5 MB, with the German messages", () => {
    for (const name of ["a.jpeg", "a.JPG", "unterschrift.png"]) expect(checkImageFile({ name, size: 5_242_880 })).toBeNull();
    expect(checkImageFile({ name: "a.png", size: 5_242_881 })).toBe("Die Datei ist zu groß. Maximal 5 MB erlaubt");
    expect(checkImageFile({ name: "a.pdf", size: 10 })).toBe(MSG.fileType);
    expect(checkImageFile({ name: "a.heic", size: 10 })).toBe(MSG.fileType);
    expect(checkImageFile(null)).toBe("Bitte eine Datei auswählen");
  });
});
