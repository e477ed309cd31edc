import { createListCollection, Select } from "@ark-ui/react/select";
import { useMemo } from "react";
import { t } from "../i18n/translate";
import { classNames } from "./classNames";
import fieldStyles from "./Field.module.css";
import { Icon } from "./Icon";
import styles from "./Popup.module.css";

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled single choice on Ark UI's Select (listbox behaviour, keyboard, typeahead); the trigger
 * is a combobox named by the label. `value` null shows the placeholder.
 */
export function SelectField({
  label,
  options,
  value,
  onChange,
  placeholder = t("select.placeholder"),
  disabled,
  error,
  className,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
  className?: string;
}) {
  const collection = useMemo(() => createListCollection<SelectOption>({ items: [...options] }), [options]);
  return (
    <Select.Root
      className={classNames(fieldStyles.field, className)}
      collection={collection}
      value={value === null ? [] : [value]}
      onValueChange={(details) => onChange(details.value[0] ?? null)}
      disabled={disabled}
      invalid={Boolean(error)}
      positioning={{ sameWidth: true, strategy: "fixed" }}
    >
      <Select.Label className={fieldStyles.label}>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger className={classNames(fieldStyles.input, styles.trigger)}>
          <Select.ValueText className={styles.valueText} placeholder={placeholder} />
          <Select.Indicator className={styles.indicator}>
            <Icon name="chevronDown" />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      {error && <p className={fieldStyles.error}>{error}</p>}
      <Select.Positioner>
        <Select.Content className={styles.content}>
          {collection.items.map((item) => (
            <Select.Item key={item.value} item={item} className={styles.item}>
              <Select.ItemText>{item.label}</Select.ItemText>
              <Select.ItemIndicator className={styles.itemIndicator}>
                <Icon name="check" />
              </Select.ItemIndicator>
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
    </Select.Root>
  );
}
