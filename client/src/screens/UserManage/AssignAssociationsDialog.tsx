import { useState } from "react";
import { graphql, useFragment, useLazyLoadQuery } from "react-relay";
import { useAssociationOptions } from "../../associations/useAssociationOptions";
import { ChipsMultiSelect } from "../../components/ChipsMultiSelect";
import { FormDialog } from "../../components/FormDialog";
import { t } from "../../i18n/translate";
import type { AssignAssociationsDialog_user$key } from "./__generated__/AssignAssociationsDialog_user.graphql";
import type { AssignAssociationsDialogQuery } from "./__generated__/AssignAssociationsDialogQuery.graphql";
import { useSetUserAssociations } from "./useSetUserAssociations";

/**
 * "Vereine zuordnen" (R-UM012): a multi-select with chips of the clubs of the USER's district
 * association (decision for R-UM013), preset with the user's clubs; saving replaces them.
 */
export function AssignAssociationsDialog({ user, onClose, onSaved }: { user: AssignAssociationsDialog_user$key; onClose: () => void; onSaved: () => void }) {
  const data = useFragment(
    graphql`
      fragment AssignAssociationsDialog_user on User {
        id
        firstname
        lastname
        districtAssociationId
        districtAssociation {
          name
        }
        associations {
          id
        }
      }
    `,
    user,
  );
  const clubs = useLazyLoadQuery<AssignAssociationsDialogQuery>(
    graphql`
      query AssignAssociationsDialogQuery($districtAssociationId: Int!) {
        ...useAssociationOptions_query @arguments(districtAssociationId: $districtAssociationId)
      }
    `,
    { districtAssociationId: data.districtAssociationId },
  );
  const options = useAssociationOptions(clubs, "id");
  const [chosen, setChosen] = useState<string[]>(() => data.associations.map((association) => association.id));
  const [error, setError] = useState<string | undefined>();
  const [assign, assigning] = useSetUserAssociations();

  const submit = async () => {
    const result = await assign({ id: data.id, associations: chosen });
    if (result.ok) onSaved();
    else setError(result.fieldErrors.associations);
  };

  return (
    <FormDialog title={t("user.assignTitle")} onCancel={onClose} onSubmit={submit} submitting={assigning} wide>
      <p>
        <strong>
          {data.firstname} {data.lastname}
        </strong>
        <br />
        {t("user.assignHint", { district: data.districtAssociation.name })}
      </p>
      <ChipsMultiSelect
        label={t("user.field.associations")}
        options={options}
        value={chosen}
        onChange={(value) => {
          setChosen(value);
          setError(undefined);
        }}
        error={error}
      />
    </FormDialog>
  );
}
