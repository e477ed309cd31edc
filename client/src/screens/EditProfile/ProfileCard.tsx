import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { SwitchField } from "../../components/SwitchField";
import { type FieldErrors, hasErrors, NO_ERRORS, withoutError } from "../../forms/fieldErrors";
import { updateVersion } from "../../forms/version";
import { t } from "../../i18n/translate";
import { UserFormFields } from "../../users/UserFormFields";
import { profileInput, type UserField, userFormValues, validateUserForm } from "../../users/userForm";
import type { ProfileCard_user$key } from "./__generated__/ProfileCard_user.graphql";
import styles from "./ProfileCard.module.css";
import { useUpdateViewer } from "./useUpdateViewer";

/**
 * "Benutzerprofil": first name, last name, e-mail, phone, street, postcode, city and country with
 * "Speichern" (R-PR001) and the switch for result e-mails, checked in user-edit mode (R-PR004: everything required, phone with the
 * international prefix, postcode rule); the server's field messages show under the fields too.
 */
export function ProfileCard({ user }: { user: ProfileCard_user$key }) {
  const data = useFragment(
    graphql`
      fragment ProfileCard_user on User {
        ...UserFormFields_values @relay(mask: false)
        resultMails
      }
    `,
    user,
  );
  const [values, setValues] = useState(() => userFormValues(data));
  const [resultMails, setResultMails] = useState(data.resultMails);
  // no lost updates: the save names the version the form was filled from (a newer one is refused).
  // A newer stored version (the own save's answer, or fresher data from the network) fills the form again.
  const [version, setVersion] = useState(data.version);
  if (data.version !== version) {
    setVersion(data.version);
    setValues(userFormValues(data));
    setResultMails(data.resultMails);
  }
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [save, saving] = useUpdateViewer();

  const change = (field: UserField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  const submit = async () => {
    const found = validateUserForm(values, "self");
    setErrors(found);
    if (hasErrors(found)) return;
    const result = await save({ input: { ...profileInput(values), resultMails, ...updateVersion(version) } });
    if (!result.ok) setErrors(result.fieldErrors);
  };

  return (
    <Card title={t("profile.card.profile")}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <UserFormFields mode="self" values={values} errors={errors} onChange={change} />
        <SwitchField label={t("profile.field.resultMails")} checked={resultMails} onChange={setResultMails} />
        <div className={styles.actions}>
          <Button type="submit" disabled={saving}>
            {t("common.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
