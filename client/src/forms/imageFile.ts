import { file } from "@shared/validation";

/** Signature images: .jpeg, .jpg and .png only (R-DA004), at most 5 MB (R-VA005). */
export const IMAGE_EXTENSIONS = ["jpeg", "jpg", "png"] as const;
export const IMAGE_ACCEPT = ".jpeg,.jpg,.png,image/jpeg,image/png";

/** The German message for a chosen image file, or null when it may be uploaded (shared rule and messages). */
export function checkImageFile(chosen: { name: string; size: number } | null | undefined): string | null {
  return file(chosen, IMAGE_EXTENSIONS);
}

/** Reads a file as a data URL (data:image/png;base64,...), as the API expects it. */
export function readAsDataUrl(chosen: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("no data URL")));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(chosen);
  });
}
