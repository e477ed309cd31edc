import { createListCollection, Select } from "@ark-ui/react/select";
import { type ReactNode, useId, useMemo } from "react";
import { t } from "../i18n/translate";
import { classNames } from "./classNames";
import fieldStyles from "./Field.module.css";
import { describedBy, FieldMessages, RequiredMark } from "./fieldParts";
import { useMarkDirty } from "./formDirty";
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
  hint,
  required,
  className,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  /** German message under the field; linked to the control with aria-describedby like the hint. */
  error?: string;
  hint?: string;
  /** shows the required mark "*" and sets aria-required on the control */
  required?: boolean;
  className?: string;
}) {
  const id = useId();
  const markDirty = useMarkDirty();
  const collection = useMemo(() => createListCollection<SelectOption>({ items: [...options] }), [options]);
  return (
    <Select.Root
      className={classNames(fieldStyles.field, className)}
      collection={collection}
      value={value === null ? [] : [value]}
      onValueChange={(details) => {
        markDirty();
        onChange(details.value[0] ?? null);
      }}
      disabled={disabled}
      invalid={Boolean(error)}
      required={required}
      positioning={{ sameWidth: true, strategy: "fixed" }}
    >
      <Select.Label className={fieldStyles.label}>
        {label}
        <RequiredMark required={required} />
      </Select.Label>
      <Select.Control>
        <Select.Trigger
          className={classNames(fieldStyles.input, styles.trigger)}
          aria-describedby={describedBy(id, hint, error)}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
        >
          <Select.ValueText className={styles.valueText} placeholder={placeholder} />
          <Select.Indicator className={styles.indicator}>
            <Icon name="chevronDown" />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <FieldMessages id={id} hint={hint} error={error} />
      <SelectOptions items={collection.items} />
    </Select.Root>
  );
}

/** The open list of a select: one item per option, the chosen one checked; `text` draws an item's text (default: its label). */
export function SelectOptions<T extends SelectOption>({
  items,
  text = (item) => <Select.ItemText>{item.label}</Select.ItemText>,
}: {
  items: readonly T[];
  text?: (item: T) => ReactNode;
}) {
  return (
    <Select.Positioner>
      <Select.Content className={styles.content}>
        {items.map((item) => (
          <Select.Item key={item.value} item={item} className={styles.item}>
            {text(item)}
            <Select.ItemIndicator className={styles.itemIndicator}>
              <Icon name="check" />
            </Select.ItemIndicator>
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Positioner>
  );
}
