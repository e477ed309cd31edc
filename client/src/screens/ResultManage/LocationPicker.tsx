import { createListCollection, Select } from "@ark-ui/react/select";
import { useMemo } from "react";
import { classNames } from "../../components/classNames";
import fieldStyles from "../../components/Field.module.css";
import { Icon } from "../../components/Icon";
import popupStyles from "../../components/Popup.module.css";
import { SelectOptions } from "../../components/SelectField";
import { t } from "../../i18n/translate";
import type { LocationOption } from "./locations";
import styles from "./ResultManage.module.css";

const ALL = "all";

/**
 * The location picker of results management (R-RE002..R-RE004) on Ark UI's Select: "Alle
 * Prüfungsorte" and the event's theory and practice locations, each option with the location type
 * as its second line. The trigger is a combobox named "Prüfungsort".
 */
export function LocationPicker({
  options,
  value,
  onChange,
}: {
  options: readonly LocationOption[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const collection = useMemo(
    () => createListCollection<LocationOption>({ items: [{ value: ALL, label: t("results.location.all"), subtitle: "" }, ...options] }),
    [options],
  );
  return (
    <Select.Root
      className={fieldStyles.field}
      collection={collection}
      value={[value ?? ALL]}
      onValueChange={(details) => {
        const chosen = details.value[0];
        onChange(!chosen || chosen === ALL ? null : chosen);
      }}
      positioning={{ sameWidth: true, strategy: "fixed" }}
    >
      <Select.Label className={fieldStyles.label}>{t("results.location")}</Select.Label>
      <Select.Control>
        <Select.Trigger className={classNames(fieldStyles.input, popupStyles.trigger)}>
          <Select.ValueText className={popupStyles.valueText} />
          <Select.Indicator className={popupStyles.indicator}>
            <Icon name="chevronDown" />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <SelectOptions
        items={collection.items}
        text={(item) => (
          <span className={styles.option}>
            <Select.ItemText>{item.label}</Select.ItemText>
            {item.subtitle && <span className={styles.optionSubtitle}>{item.subtitle}</span>}
          </span>
        )}
      />
    </Select.Root>
  );
}
