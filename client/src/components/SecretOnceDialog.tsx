import { InfoDialog } from "./InfoDialog";

/** One value the dialog shows: its label and the value in a code element (testId for the tests). */
export type SecretEntry = { label: string; value: string; testId: string };

/**
 * A secret shown only this once (an API client's secret, a webhook endpoint's signing secret).
 * Unlike other info dialogs, clicks outside (the snackbar, the page) do not close it: only
 * "Schließen" or Escape, so the secret is not lost by accident.
 */
export function SecretOnceDialog({ title, text, entries, onClose }: { title: string; text: string; entries: readonly SecretEntry[]; onClose: () => void }) {
  return (
    <InfoDialog title={title} onClose={onClose} closeOnOutside={false}>
      <p>{text}</p>
      <dl>
        {entries.map((entry) => (
          <div key={entry.testId}>
            <dt>{entry.label}</dt>
            <dd>
              <code data-testid={entry.testId}>{entry.value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </InfoDialog>
  );
}
