import { Combobox, createListCollection } from "@ark-ui/react/combobox";
import { useId, useMemo, useState } from "react";
import { t } from "../i18n/translate";
import { ChipList } from "./ChipList";
import ownStyles from "./ChipsMultiSelect.module.css";
import { chosenChips, matchingOptions } from "./chipsOptions";
import { classNames } from "./classNames";
import fieldStyles from "./Field.module.css";
import { useMarkDirty } from "./formDirty";
import { Icon } from "./Icon";
import styles from "./Popup.module.css";
import type { SelectOption } from "./SelectField";

/**
 * Multi-select with chips (assign clubs, roles) on Ark UI's Combobox: type to filter, pick with
 * mouse or keyboard (the list closes after a pick so it never covers the dialog's buttons; typing or
 * the arrow opens it again), remove with a chip's button or by picking the entry again. The chosen entries show as chips above the input.
 */
export function ChipsMultiSelect({
  label,
  options,
  value,
  onChange,
  error,
  disabled,
  required,
}: {
  label: string;
  options: readonly SelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
  /** at least one entry must be chosen: shows the required mark "*" and sets aria-required */
  required?: boolean;
}) {
  const errorId = `${useId()}-error`;
  const markDirty = useMarkDirty();
  const [inputValue, setInputValue] = useState("");
  const matching = useMemo(() => matchingOptions(options, inputValue), [options, inputValue]);
  const collection = useMemo(() => createListCollection<SelectOption>({ items: matching }), [matching]);
  const chips = chosenChips(options, value);
  return (
    <Combobox.Root
      className={classNames(fieldStyles.field, ownStyles.root)}
      collection={collection}
      multiple
      closeOnSelect
      openOnClick
      selectionBehavior="clear"
      value={[...value]}
      onValueChange={(details) => {
        markDirty();
        onChange(details.value);
      }}
      inputValue={inputValue}
      onInputValueChange={(details) => setInputValue(details.inputValue)}
      disabled={disabled}
      invalid={Boolean(error)}
      positioning={{ sameWidth: true, strategy: "fixed" }}
    >
      <Combobox.Label className={fieldStyles.label}>
        {label}
        {required && (
          <span className={fieldStyles.requiredMark} title={t("common.required")} aria-hidden="true">
            *
          </span>
        )}
      </Combobox.Label>
      <ChipList
        label={t("chips.selected", { label })}
        items={chips}
        emptyText={t("chips.none")}
        disabled={disabled}
        onRemove={(removed) => {
          markDirty();
          onChange(value.filter((entry) => entry !== removed));
        }}
      />
      <Combobox.Control className={ownStyles.control}>
        <Combobox.Input
          className={classNames(fieldStyles.input, ownStyles.input)}
          placeholder={t("chips.placeholder")}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Combobox.Trigger className={ownStyles.trigger} aria-label={t("chips.open", { label })}>
          <Icon name="chevronDown" />
        </Combobox.Trigger>
      </Combobox.Control>
      {error && (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      )}
      <Combobox.Positioner>
        <Combobox.Content className={styles.content}>
          {collection.items.length === 0 && <div className={styles.empty}>{t("chips.noMatch")}</div>}
          {collection.items.map((item) => (
            <Combobox.Item key={item.value} item={item} className={styles.item}>
              <Combobox.ItemText>{item.label}</Combobox.ItemText>
              <Combobox.ItemIndicator className={styles.itemIndicator}>
                <Icon name="check" />
              </Combobox.ItemIndicator>
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}
