import { useId, useRef, useState } from "react";
import { checkImageFile, IMAGE_ACCEPT, readAsDataUrl } from "../forms/imageFile";
import { t } from "../i18n/translate";
import { Button } from "./Button";
import fieldStyles from "./Field.module.css";
import { Icon } from "./Icon";
import styles from "./ImageUploadField.module.css";

/**
 * Image upload of a form (the district association's signature): a .jpeg/.jpg/.png file of at
 * most 5 MB is read as data URL in the browser (FileReader) and previewed; a wrong file shows the
 * shared German message. "Bild entfernen" clears it.
 */
export function ImageUploadField({
  label,
  image,
  onChange,
  onRemove,
  error,
}: {
  label: string;
  /** The image shown: a data URL, or null for none. */
  image: string | null;
  onChange: (dataUrl: string) => void;
  onRemove: () => void;
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const shownError = fileError ?? error;

  const choose = async (chosen: File | undefined) => {
    const message = checkImageFile(chosen);
    if (message || !chosen) {
      setFileError(message);
      return;
    }
    try {
      onChange(await readAsDataUrl(chosen));
      setFileError(null);
    } catch {
      setFileError(t("upload.readFailed"));
    }
  };

  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.row}>
        <div className={styles.preview}>
          {image ? <img src={image} alt={t("upload.preview", { label })} /> : <Icon name="image" className={styles.placeholder} />}
        </div>
        <div className={styles.actions}>
          <input
            ref={inputRef}
            id={id}
            className="visually-hidden"
            type="file"
            accept={IMAGE_ACCEPT}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <Button variant="secondary" onClick={() => inputRef.current?.click()}>
            {image ? t("upload.replace") : t("upload.choose")}
          </Button>
          {image && (
            <Button
              variant="text"
              onClick={() => {
                setFileError(null);
                onRemove();
              }}
            >
              {t("upload.remove")}
            </Button>
          )}
        </div>
      </div>
      <p id={hintId} className={fieldStyles.hint}>
        {t("upload.hint")}
      </p>
      {shownError && (
        <p id={errorId} className={fieldStyles.error}>
          {shownError}
        </p>
      )}
    </div>
  );
}
