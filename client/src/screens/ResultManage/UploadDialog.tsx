import { useId, useRef, useState } from "react";
import { Button } from "../../components/Button";
import fieldStyles from "../../components/Field.module.css";
import { formatFileSize } from "../../components/FileUploadField";
import { FormDialog } from "../../components/FormDialog";
import { FieldLabel, HiddenFileInput } from "../../components/fieldParts";
import { upload } from "../../http/upload";
import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";
import { notify } from "../../shell/snackbarQueue";
import styles from "./ResultManage.module.css";
import { UploadProgress } from "./UploadProgress";
import { acceptOf, checkUploadFiles, mergeChosenFiles, UPLOAD_KINDS, type UploadFailure, type UploadKind, uploadedText, uploadFailure } from "./uploadFiles";

/**
 * Uploading result files (R-RE009, R-RE016, R-VA045, R-VA046): choose the file(s) — several .xlsx
 * practice sheets (or their .zip) or the one pcjuror.xlsm — checked in the browser first (type, 5 MB
 * each, at least one), then sent as multipart with a progress card. Success: the success notice
 * with the number of sheets or rows matched, the dialog
 * closes and the list refreshes. Failure: the error notice "{prefix}: {server message}" and, in the
 * dialog, the server's problems one line per file (or row) so they can be read and fixed; nothing
 * of a rejected upload was stored (the server's all-or-nothing rule).
 */
export function UploadDialog({
  kind,
  title,
  text,
  hint,
  fieldLabel,
  path,
  success,
  failure,
  onClose,
  onUploaded,
}: {
  kind: UploadKind;
  title: string;
  text: string;
  hint?: string;
  fieldLabel: string;
  /** the /v1 route below the API base */
  path: string;
  success: MessageKey;
  failure: MessageKey;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const { multiple, field } = UPLOAD_KINDS[kind];
  const id = useId();
  const labelId = `${id}-label`;
  const buttonTextId = `${id}-button`;
  const statusId = `${id}-status`;
  const problemsId = `${id}-problems`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [rejected, setRejected] = useState<UploadFailure | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  const change = (next: File[]) => {
    setFiles(next);
    setProblems(next.length ? checkUploadFiles(kind, next) : []);
    setRejected(null);
  };

  const submit = async () => {
    const found = checkUploadFiles(kind, files);
    setProblems(found);
    if (found.length) return;
    setRejected(null);
    setProgress(0);
    try {
      const answer = await upload(path, files, field, t(failure), setProgress);
      setProgress(null);
      notify({ type: "success", text: uploadedText(kind, t(success), answer) });
      onUploaded();
    } catch (error) {
      setProgress(null);
      const details = uploadFailure(error);
      notify({ type: "error", text: details.text });
      setRejected(details);
    }
  };

  return (
    <FormDialog title={title} acceptLabel={t("results.upload.submit")} onCancel={onClose} onSubmit={() => void submit()} submitting={uploading} wide>
      <p className={styles.dialogText}>{text}</p>
      {hint && <p className={styles.warning}>{hint}</p>}
      <div className={fieldStyles.field}>
        <FieldLabel id={labelId} htmlFor={id} label={fieldLabel} required />
        <HiddenFileInput
          ref={inputRef}
          id={id}
          accept={acceptOf(kind)}
          multiple={multiple}
          disabled={uploading}
          invalid={problems.length > 0}
          describedBy={problems.length ? `${statusId} ${problemsId}` : statusId}
          onFiles={(chosen) => {
            if (chosen.length) change(mergeChosenFiles(files, chosen, multiple));
          }}
        />
        <div>
          <Button
            variant="secondary"
            disabled={uploading}
            aria-labelledby={`${labelId} ${buttonTextId}`}
            aria-describedby={problems.length ? `${statusId} ${problemsId}` : statusId}
            onClick={() => inputRef.current?.click()}
          >
            <span id={buttonTextId}>{multiple ? t("results.upload.choose") : t("results.upload.chooseOne")}</span>
          </Button>
        </div>
        {files.length === 0 ? (
          <p id={statusId} className={styles.fileStatus}>
            {t("results.upload.none")}
          </p>
        ) : (
          <ul id={statusId} className={styles.fileList}>
            {files.map((chosen) => (
              <li key={chosen.name} className={styles.fileItem}>
                <span className={styles.fileName}>{chosen.name}</span>
                <span className={styles.fileSize}>{formatFileSize(chosen.size)}</span>
                <Button
                  variant="text"
                  disabled={uploading}
                  aria-label={t("results.upload.removeFile", { name: chosen.name })}
                  onClick={() => change(files.filter((entry) => entry !== chosen))}
                >
                  {t("results.upload.remove")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {problems.length > 0 && (
          <ul id={problemsId} className={styles.problems} role="alert">
            {problems.map((problem) => (
              <li key={problem} className={fieldStyles.error}>
                {problem}
              </li>
            ))}
          </ul>
        )}
      </div>
      {rejected && (
        <div className={styles.failure} role="alert">
          <p className={styles.failureTitle}>{t(failure)}</p>
          {rejected.summary && <p>{rejected.summary}</p>}
          {rejected.lines.length > 0 && (
            <ul>
              {rejected.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {progress !== null && <UploadProgress fraction={progress} />}
    </FormDialog>
  );
}
