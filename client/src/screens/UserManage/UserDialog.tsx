import { Role, type RoleName } from "@shared/roles";
import { useMemo, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { ChipsMultiSelect } from "../../components/ChipsMultiSelect";
import { FormDialog } from "../../components/FormDialog";
import { Notice } from "../../components/Notice";
import { type FieldErrors, hasErrors, NO_ERRORS, withoutError } from "../../forms/fieldErrors";
import { updateVersion } from "../../forms/version";
import { getConfig } from "../../http/config";
import { t } from "../../i18n/translate";
import { ALL_ROLES, canEditRoles, isAdmin } from "../../routes/permissions";
import { useDistrictAssociationGlobalId } from "../../shell/useDistrictAssociationGlobalId";
import { UserFormFields } from "../../users/UserFormFields";
import { adminUserInput, EMPTY_USER_FORM, type UserField, type UserFormMode, userFormValues, userNameInput, validateUserForm } from "../../users/userForm";
import type { UserDialog_user$key } from "./__generated__/UserDialog_user.graphql";
import { useCreateUser } from "./useCreateUser";
import { useUpdateUser } from "./useUpdateUser";

/**
 * "Neuer Benutzer" (create mode: first name, last name and e-mail only, R-UM008) or "Benutzer
 * bearbeiten" (admin mode: phone and address optional, R-UM011). With the embedded sign-in an admin
 * also sets the roles here.
 */
export function UserDialog({
  user,
  districtAssociationId,
  viewerRoles,
  onClose,
  onSaved,
}: {
  user: UserDialog_user$key | null;
  districtAssociationId: number;
  viewerRoles: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const data = useFragment(
    graphql`
      fragment UserDialog_user on User {
        id
        ...UserFormFields_values @relay(mask: false)
        roles
        emailChangeRefusal
      }
    `,
    user,
  );
  const mode: UserFormMode = data ? "staff" : "create";
  const rolesEditable = canEditRoles(viewerRoles, getConfig().rolesEditable);
  const [values, setValues] = useState(() => (data ? userFormValues(data) : EMPTY_USER_FORM));
  // no lost updates: the save names the version the form was filled from (a newer one is refused)
  const [version] = useState(data?.version);
  const [roles, setRoles] = useState<RoleName[]>(() => ALL_ROLES.filter((role) => data?.roles.includes(role)));
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [create, creating] = useCreateUser();
  const districtAssociation = useDistrictAssociationGlobalId(districtAssociationId);
  const [update, updating] = useUpdateUser();
  const roleOptions = useMemo(
    () => ALL_ROLES.filter((role) => role !== Role.RoleAdmin || isAdmin(viewerRoles)).map((role) => ({ value: role, label: t(`role.${role}`) })),
    [viewerRoles],
  );

  const change = (field: UserField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  const submit = async () => {
    const found = validateUserForm(values, mode);
    setErrors(found);
    if (hasErrors(found)) return;
    const chosenRoles = rolesEditable ? roles : null;
    const result = data
      ? await update({ id: data.id, input: { ...adminUserInput(values), roles: chosenRoles, ...updateVersion(version) } })
      : await create({ input: { ...userNameInput(values), districtAssociation, roles: chosenRoles } }, { required: ["input.districtAssociation"] });
    if (result.ok) onSaved();
    else setErrors(result.fieldErrors);
  };

  return (
    <FormDialog title={data ? t("user.editTitle") : t("user.create")} onCancel={onClose} onSubmit={submit} submitting={creating || updating} wide>
      {!data && <Notice>{t("user.invitationHint")}</Notice>}
      <UserFormFields
        mode={mode}
        values={values}
        errors={errors}
        onChange={change}
        locked={data?.emailChangeRefusal ? { email: data.emailChangeRefusal } : undefined}
      />
      {rolesEditable && (
        <ChipsMultiSelect
          label={t("user.field.roles")}
          options={roleOptions}
          value={roles}
          onChange={(chosen) => {
            setRoles(ALL_ROLES.filter((role) => chosen.includes(role)));
            setErrors((current) => withoutError(current, "roles"));
          }}
          error={errors.roles}
        />
      )}
    </FormDialog>
  );
}
