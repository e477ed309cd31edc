import { Role, type RoleName } from "@shared/roles";
import { useMemo, useState } from "react";
import { ChipsMultiSelect } from "../../components/ChipsMultiSelect";
import { FormDialog } from "../../components/FormDialog";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { ALL_ROLES, isAdmin } from "../../routes/permissions";
import { useDistrictAssociationGlobalId } from "../../shell/useDistrictAssociationGlobalId";
import { useCreateApiClient } from "./useApiClientMutations";

export type CreatedClient = { clientId: string; clientSecret: string | null; name: string };

/** "API-Zugang anlegen": name and roles (only the viewer's own roles; admin only for admins). */
export function ApiClientDialog({
  viewerRoles,
  districtAssociationId,
  onClose,
  onCreated,
}: {
  viewerRoles: readonly RoleName[];
  districtAssociationId: number | null;
  onClose: () => void;
  onCreated: (created: CreatedClient) => void;
}) {
  const [name, setName] = useState("");
  const [roles, setRoles] = useState<RoleName[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreateApiClient();
  const districtAssociation = useDistrictAssociationGlobalId(districtAssociationId);
  const options = useMemo(
    () =>
      ALL_ROLES.filter((role) => (isAdmin(viewerRoles) ? true : role !== Role.RoleAdmin && viewerRoles.includes(role))).map((role) => ({
        value: role,
        label: t(`role.${role}`),
      })),
    [viewerRoles],
  );
  return (
    <FormDialog
      title={t("apiClients.create")}
      acceptLabel={t("apiClients.createAccept")}
      submitting={creating}
      onCancel={onClose}
      onSubmit={async () => {
        const result = await create({ input: { name, roles, districtAssociation } });
        if (!result.ok) {
          setErrors(result.fieldErrors);
          return;
        }
        const created = result.response.createApiClient;
        onCreated({ clientId: created.client.clientId, clientSecret: created.clientSecret ?? null, name: created.client.name });
      }}
    >
      <TextField label={t("apiClients.field.name")} value={name} onChange={setName} required error={errors.name} hint={t("apiClients.nameHint")} />
      <ChipsMultiSelect
        label={t("apiClients.field.roles")}
        options={options}
        value={roles}
        onChange={(chosen) => setRoles(ALL_ROLES.filter((role) => chosen.includes(role)))}
        error={errors.roles}
      />
    </FormDialog>
  );
}
