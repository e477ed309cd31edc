import { useState } from "react";
import { signOut } from "../../auth/session";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { t } from "../../i18n/translate";
import { notify } from "../../shell/snackbarQueue";
import { useDeleteViewer } from "./useDeleteViewer";

/**
 * "Benutzerkonto löschen" (R-PR008..R-PR011): asks "Möchten Sie Ihr Benutzerkonto wirklich
 * löschen? …"; "Abbrechen" changes nothing, "OK" deletes the account and signs out via redirect.
 */
export function DeleteAccountCard() {
  const [confirming, setConfirming] = useState(false);
  const [deleteViewer, deleting] = useDeleteViewer();
  const [leaving, setLeaving] = useState(false);

  const confirm = async () => {
    const result = await deleteViewer({});
    if (!result.ok) {
      setConfirming(false);
      return;
    }
    setLeaving(true);
    try {
      await signOut();
    } catch (error) {
      console.error("Sign-out after account deletion failed", error);
      notify({ type: "error", text: `${t("auth.logoutFailed")}: ${error instanceof Error ? error.message : String(error)}` });
      setLeaving(false);
      setConfirming(false);
    }
  };

  return (
    <Card title={t("profile.card.delete")}>
      <p>{t("profile.delete.text")}</p>
      <p>{t("profile.delete.keeps")}</p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {t("profile.delete.button")}
      </Button>
      {confirming && <ConfirmDialog text={t("profile.confirmDelete")} busy={deleting || leaving} onCancel={() => setConfirming(false)} onConfirm={confirm} />}
    </Card>
  );
}
