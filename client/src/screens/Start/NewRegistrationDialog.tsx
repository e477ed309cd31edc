import { graphql, useFragment } from "react-relay";
import { FormDialog } from "../../components/FormDialog";
import { DexamCreateDialog } from "../../dexam/DexamCreateDialog";
import { registrationDialogTexts } from "../../events/startCards";
import { t } from "../../i18n/translate";
import type { NewRegistrationDialog_event$key } from "./__generated__/NewRegistrationDialog_event.graphql";
import styles from "./StartScreen.module.css";

/**
 * The create dialog of "Neue Anmeldung" (R-ST024..R-ST027): D-exams and camps get the D-exam form
 * "Neue D-Prüfungsanmeldung anlegen" (section "Prüfungsstücke", camps also the camp section);
 * competitions "Neue Wertungsspielanmeldung anlegen" (section "Vortragsstücke"), whose form comes
 * with its own issue; until then its "Absenden" stays disabled.
 */
export function NewRegistrationDialog({ event, onClose }: { event: NewRegistrationDialog_event$key; onClose: () => void }) {
  const data = useFragment(
    graphql`
      fragment NewRegistrationDialog_event on Event {
        id
        name
        formType
      }
    `,
    event,
  );
  if (data.formType === "DEXAM" || data.formType === "DEXAM_CAMP") return <DexamCreateDialog eventId={data.id} onClose={onClose} />;
  const texts = registrationDialogTexts(data.formType);
  return (
    <FormDialog title={t(texts.titleKey)} onCancel={onClose} onSubmit={onClose} submitDisabled acceptLabel={t("start.dialog.submit")} wide>
      <p className={styles.description}>{t("start.dialog.pending", { name: data.name })}</p>
      <h3 className={styles.section}>{t(texts.songsKey)}</h3>
      <p className={styles.empty}>{t("start.dialog.songsPending")}</p>
    </FormDialog>
  );
}
