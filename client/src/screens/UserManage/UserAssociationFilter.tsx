import { useMemo } from "react";
import type { useAssociationOptions_query$key } from "../../associations/__generated__/useAssociationOptions_query.graphql";
import { useAssociationOptions } from "../../associations/useAssociationOptions";
import { SelectField } from "../../components/SelectField";
import { t } from "../../i18n/translate";

const ALL = "all";

/** The club filter of the user table (R-UM006): "Alle Vereine" or one club of the active district association. */
export function UserAssociationFilter({
  query,
  associationId,
  onChange,
}: {
  query: useAssociationOptions_query$key;
  associationId: number | null;
  onChange: (associationId: number | null) => void;
}) {
  const clubs = useAssociationOptions(query, "databaseId");
  const options = useMemo(() => [{ value: ALL, label: t("user.filter.all") }, ...clubs], [clubs]);
  return (
    <SelectField
      label={t("user.filter.association")}
      options={options}
      value={associationId === null ? ALL : String(associationId)}
      onChange={(value) => onChange(value === null || value === ALL ? null : Number(value))}
    />
  );
}
