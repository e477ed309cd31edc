import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useAssociationOptions } from "../associations/useAssociationOptions";
import { SelectField, type SelectOption } from "../components/SelectField";
import { t } from "../i18n/translate";
import type { ClubFieldQuery } from "./__generated__/ClubFieldQuery.graphql";
import styles from "./RegistrationForm.module.css";

interface ClubFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The registration's club (D-exams R-DF003, competitions R-CF002): ordinary users choose from their own clubs (R-VA042);
 * registration_manage of the event's district from all clubs of that district (R-VA043). The
 * district's clubs are loaded only for them (the list needs a staff role).
 */
export function ClubField({
  districtClubsOf,
  ownClubs,
  ...field
}: ClubFieldProps & {
  /** the event's district when the viewer holds registration_manage there; null otherwise */
  districtClubsOf: number | null;
  ownClubs: readonly SelectOption[];
}) {
  if (districtClubsOf === null) return <ClubSelect options={ownClubs} {...field} />;
  return (
    <Suspense fallback={<ClubSelect options={ownClubs} {...field} disabled />}>
      <DistrictClubs districtAssociationId={districtClubsOf} {...field} />
      <p className={styles.hint}>{t("dexamForm.club.district")}</p>
    </Suspense>
  );
}

function DistrictClubs({ districtAssociationId, ...field }: ClubFieldProps & { districtAssociationId: number }) {
  const data = useLazyLoadQuery<ClubFieldQuery>(
    graphql`
      query ClubFieldQuery($districtAssociationId: Int!) {
        ...useAssociationOptions_query @arguments(districtAssociationId: $districtAssociationId)
      }
    `,
    { districtAssociationId },
  );
  const options = useAssociationOptions(data, "id");
  return <ClubSelect options={options} {...field} />;
}

function ClubSelect({ options, value, onChange, error, disabled }: ClubFieldProps & { options: readonly SelectOption[] }) {
  return (
    <SelectField
      label={t("dexamForm.field.association")}
      options={options}
      value={value || null}
      onChange={(next) => onChange(next ?? "")}
      error={error}
      required
      disabled={disabled}
      placeholder={options.length === 0 ? t("dexamForm.club.none") : undefined}
    />
  );
}
