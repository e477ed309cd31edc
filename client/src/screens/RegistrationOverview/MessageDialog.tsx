import { messageErrors } from "@shared/registrantMessage";
import { useEffect, useState } from "react";
import { graphql } from "react-relay";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormDialog } from "../../components/FormDialog";
import { SwitchField } from "../../components/SwitchField";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { MessageDialogMutation } from "./__generated__/MessageDialogMutation.graphql";
import type { FilterVariables } from "./overviewFilters";

const MESSAGE = graphql`
  mutation MessageDialogMutation($input: MessageRegistrantsInput!) {
    messageRegistrants(input: $input) {
      registrations
      recipients
      sent
    }
  }
`;

type Count = { registrations: number; recipients: number };

/**
 * "Nachricht an Angemeldete" (issue 40 item 5): subject, text and "Auch an die Konten der Vereine"
 * for the registrations the overview shows (its event, search and filters; the server chooses them
 * by the same list read). The dry run's count ("Geht an N Empfänger") is shown before sending and
 * asked again in the confirmation; the rules (required, lengths, placeholders) are the server's
 * (shared/registrantMessage.ts).
 */
export function MessageDialog({ eventId, search, filters, onClose }: { eventId: string; search: string; filters: FilterVariables; onClose: () => void }) {
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [clubs, setClubs] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [count, setCount] = useState<Count | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [countRun] = useFeedbackMutation<MessageDialogMutation>(MESSAGE, { failure: "error.registrantMessage" });
  const [sendRun, sending] = useFeedbackMutation<MessageDialogMutation>(MESSAGE, { success: "success.registrantMessage", failure: "error.registrantMessage" });
  const selection = { eventId, search: search || null, location: filters.location, association: filters.association, filter: filters.filter };

  // the count of the overview's selection, again when the clubs' accounts are added or taken away
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection is fixed while the dialog is open
  useEffect(() => {
    let current = true;
    setCount(null);
    void countRun({ input: { ...selection, includeClubAccounts: clubs, dryRun: true } }).then((result) => {
      if (current && result.ok) setCount(result.response.messageRegistrants);
    });
    return () => {
      current = false;
    };
  }, [clubs, countRun]);

  const submit = () => {
    const found = messageErrors({ subject, body });
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };
  const send = async () => {
    const result = await sendRun({ input: { ...selection, subject, body, includeClubAccounts: clubs, dryRun: false } });
    setConfirming(false);
    if (result.ok) onClose();
    else setErrors(result.fieldErrors);
  };

  return (
    <FormDialog
      title={t("overview.message")}
      onCancel={onClose}
      onSubmit={submit}
      submitting={sending}
      submitDisabled={!count || count.recipients === 0}
      acceptLabel={t("overview.message.send")}
      wide
    >
      <p role="status" aria-live="polite">
        {!count
          ? t("overview.message.counting")
          : count.recipients === 0
            ? t("overview.message.none")
            : t("overview.message.count", { n: count.recipients, registrations: count.registrations })}
      </p>
      <SwitchField label={t("overview.message.clubAccounts")} checked={clubs} onChange={setClubs} />
      <TextField label={t("overview.message.subject")} value={subject} onChange={setSubject} error={errors.subject} required />
      <TextField
        label={t("overview.message.body")}
        value={body}
        onChange={setBody}
        error={errors.body}
        hint={t("overview.message.placeholders")}
        rows={10}
        required
      />
      {confirming && count && (
        <ConfirmDialog
          text={t("overview.message.confirm", { n: count.recipients })}
          confirmLabel={t("overview.message.send")}
          busy={sending}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </FormDialog>
  );
}
