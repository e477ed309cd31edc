import { file, UPLOAD_EXTENSIONS } from "@shared/validation";
import { useId, useRef, useState } from "react";
import { readAsDataUrl } from "../forms/imageFile";
import { t } from "../i18n/translate";
import { Button } from "./Button";
import fieldStyles from "./Field.module.css";
import styles from "./FileUploadField.module.css";
import { describedBy, FieldLabel, FieldMessages, type FieldProps, HiddenFileInput } from "./fieldParts";

/** Documents (the camp consent form): .jpeg, .jpg, .png, .pdf, .heic (R-VA007). */
export const DOCUMENT_ACCEPT = UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(",");

/** The German message for a chosen document, or null when it may be uploaded (shared rule: 5 MB, type). */
export function checkDocumentFile(chosen: { name: string; size: number } | null | undefined): string | null {
  return file(chosen, UPLOAD_EXTENSIONS);
}

const decimal = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 1 });

/** "512 Bytes", "12,3 KB", "4,8 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return t("dexamForm.upload.bytes", { n: bytes });
  if (bytes < 1024 * 1024) return t("dexamForm.upload.kilobytes", { n: decimal.format(bytes / 1024) });
  return t("dexamForm.upload.megabytes", { n: decimal.format(bytes / (1024 * 1024)) });
}

export interface ChosenFile {
  name: string;
  size: number;
  dataUrl: string;
}

/**
 * A document upload of a form: the file is checked in the browser with the shared file rule
 * ("Die Datei ist zu groß. Maximal 5 MB erlaubt", "Bitte eine Datei auswählen", the type) and read as
 * data URL (FileReader). Name and size of the chosen file are shown; "Datei entfernen" clears it.
 * The button is the control for keyboard and screen readers (named by the field's label); the
 * native file input behind it carries the label for programmatic use.
 */
export function FileUploadField({ label, value, onChange, error, hint, required, disabled }: Omit<FieldProps<ChosenFile | null>, "className">) {
  const id = useId();
  const labelId = `${id}-label`;
  const buttonTextId = `${id}-button`;
  const statusId = `${id}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const shownError = fileError ?? error;
  const described = [statusId, describedBy(id, hint, shownError)].filter(Boolean).join(" ");

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const message = checkDocumentFile(chosen);
    if (message) {
      setFileError(message);
      onChange(null);
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(chosen);
      setFileError(null);
      onChange({ name: chosen.name, size: chosen.size, dataUrl });
    } catch {
      setFileError(t("dexamForm.upload.readFailed"));
    }
  };

  return (
    <div className={fieldStyles.field}>
      <FieldLabel id={labelId} htmlFor={id} label={label} required={required} />
      <HiddenFileInput
        ref={inputRef}
        id={id}
        accept={DOCUMENT_ACCEPT}
        disabled={disabled}
        invalid={Boolean(shownError)}
        describedBy={described}
        onFiles={(files) => void choose(files[0])}
      />
      <div className={styles.row}>
        <Button
          variant="secondary"
          disabled={disabled}
          aria-labelledby={`${labelId} ${buttonTextId}`}
          aria-describedby={described}
          data-invalid={shownError ? "true" : undefined}
          onClick={() => inputRef.current?.click()}
        >
          <span id={buttonTextId}>{value ? t("dexamForm.upload.replace") : t("dexamForm.upload.choose")}</span>
        </Button>
        {value && !disabled && (
          <Button
            variant="text"
            onClick={() => {
              setFileError(null);
              onChange(null);
            }}
          >
            {t("dexamForm.upload.remove")}
          </Button>
        )}
      </div>
      <p id={statusId} className={styles.status}>
        {value ? t("dexamForm.upload.chosen", { name: value.name, size: formatFileSize(value.size) }) : t("dexamForm.upload.none")}
      </p>
      <FieldMessages id={id} hint={hint} error={shownError} />
    </div>
  );
}
