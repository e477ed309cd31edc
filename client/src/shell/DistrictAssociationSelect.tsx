import { useId } from "react";
import { graphql, useFragment } from "react-relay";
import { t } from "../i18n/translate";
import { useAppState } from "../state/AppStateContext";
import type { DistrictAssociationSelect_query$key } from "./__generated__/DistrictAssociationSelect_query.graphql";
import styles from "./DistrictAssociationSelect.module.css";
import { districtOptionsOf } from "./districtOptions";

/**
 * The active district association (R-SH041, R-SH054..R-SH057): admins may change it, everyone
 * else sees their own, read-only. Changing it clears event, location and stored lists.
 */
export function DistrictAssociationSelect({ query, editable }: { query: DistrictAssociationSelect_query$key; editable: boolean }) {
  const data = useFragment(
    graphql`
      fragment DistrictAssociationSelect_query on Query {
        ...districtOptions_query
      }
    `,
    query,
  );
  const { state, dispatch } = useAppState();
  const id = useId();
  const active = state.activeDistrictAssociationId;
  const options = districtOptionsOf(data);
  const known = options.some((district) => district.databaseId === active);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t("menu.districtAssociation")}
      </label>
      <select
        id={id}
        className={styles.select}
        value={active === null ? "" : String(active)}
        disabled={!editable}
        onChange={(event) => dispatch({ type: "selectDistrictAssociation", id: event.target.value === "" ? null : Number(event.target.value) })}
      >
        {!known && <option value={active === null ? "" : String(active)}>{t("menu.noDistrictAssociation")}</option>}
        {options.map((district) => (
          <option key={district.databaseId} value={String(district.databaseId)}>
            {district.name}
          </option>
        ))}
      </select>
    </div>
  );
}
