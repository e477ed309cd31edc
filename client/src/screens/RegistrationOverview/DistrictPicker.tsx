import { type TransitionStartFunction, useMemo } from "react";
import { SelectField } from "../../components/SelectField";
import { t } from "../../i18n/translate";
import { districtOptions } from "../../shell/districtOptions";
import { useAppState } from "../../state/AppStateContext";
import styles from "./RegistrationOverview.module.css";

interface District {
  readonly databaseId: number;
  readonly name: string;
}

/**
 * The overview's district association (R-RO001): the app's active one, as in the drawer, among
 * `districts` (the server's overviewDistrictAssociations); locked when there is only one choice.
 * Changing it clears the active event (R-SH057); the change runs in `startTransition`, so the old
 * district's content stays until the new one is ready.
 */
export function DistrictPicker({
  own,
  districts,
  startTransition,
}: {
  own: District | null;
  districts: readonly District[];
  startTransition: TransitionStartFunction;
}) {
  const { state, dispatch } = useAppState();
  const options = useMemo(
    () => districtOptions(own, districts).map((district) => ({ value: String(district.databaseId), label: district.name })),
    [own, districts],
  );
  const active = state.activeDistrictAssociationId;
  return (
    <SelectField
      className={styles.picker}
      label={t("overview.districtAssociation")}
      options={options}
      value={active === null ? null : String(active)}
      disabled={options.length < 2}
      onChange={(value) => startTransition(() => dispatch({ type: "selectDistrictAssociation", id: value === null ? null : Number(value) }))}
    />
  );
}
