import { ConfirmDialog } from "../../components/ConfirmDialog";

/**
 * Delete or cancel a registration after confirming (R-RO026, R-ER036): "OK" runs the mutation (its
 * hook shows the notice); on success the list refreshes, otherwise the dialog just closes.
 */
export function ConfirmRowAction({
  text,
  busy,
  run,
  onDone,
  onClose,
}: {
  text: string;
  busy: boolean;
  run: () => Promise<{ ok: boolean }>;
  onDone: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      text={text}
      busy={busy}
      onCancel={onClose}
      onConfirm={async () => {
        const result = await run();
        if (result.ok) onDone();
        else onClose();
      }}
    />
  );
}
