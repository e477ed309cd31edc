import { graphql, useFragment } from "react-relay";
import { FormDialog } from "../../components/FormDialog";
import { registrationDialogTexts } from "../../events/startCards";
import { t } from "../../i18n/translate";
import type { NewRegistrationDialog_event$key } from "./__generated__/NewRegistrationDialog_event.graphql";
import styles from "./StartScreen.module.css";

/**
 * The create dialog of "Neue Anmeldung" (R-ST024..R-ST027): "Neue D-Prüfungsanmeldung anlegen"
 * (D-exams and camps, section "Prüfungsstücke") or "Neue Wertungsspielanmeldung anlegen"
 * (competitions, section "Vortragsstücke"). The registration forms come with the registration
 * issues; until then "Absenden" stays disabled.
 */
export function NewRegistrationDialog({ event, onClose }: { event: NewRegistrationDialog_event$key; onClose: () => void }) {
  const data = useFragment(
    graphql`
      fragment NewRegistrationDialog_event on Event {
        name
        formType
      }
    `,
    event,
  );
  const texts = registrationDialogTexts(data.formType);
  return (
    <FormDialog title={t(texts.titleKey)} onCancel={onClose} onSubmit={onClose} submitDisabled acceptLabel={t("start.dialog.submit")} wide>
      <p className={styles.description}>{t("start.dialog.pending", { name: data.name })}</p>
      <h3 className={styles.section}>{t(texts.songsKey)}</h3>
      <p className={styles.empty}>{t("start.dialog.songsPending")}</p>
    </FormDialog>
  );
}
