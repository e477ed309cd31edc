import { useMemo } from "react";
import { SelectField, type SelectOption } from "../../components/SelectField";
import { t } from "../../i18n/translate";

const ALL = "all";

/** The club picker (R-RE002, R-RE006): "Alle Vereine" or one of the clubs that have rows in the table. */
export function ClubPicker({
  options,
  value,
  onChange,
  disabled,
}: {
  options: readonly SelectOption[];
  value: number | null;
  onChange: (associationId: number | null) => void;
  disabled?: boolean;
}) {
  const all = useMemo(() => [{ value: ALL, label: t("results.club.all") }, ...options], [options]);
  return (
    <SelectField
      label={t("results.club")}
      options={all}
      value={value === null ? ALL : String(value)}
      disabled={disabled}
      onChange={(chosen) => onChange(chosen === null || chosen === ALL ? null : Number(chosen))}
    />
  );
}
