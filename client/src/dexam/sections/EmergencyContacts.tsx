import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/Button";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { FieldGroup } from "../../registration/formParts";
import styles from "../../registration/RegistrationForm.module.css";
import { addEmergencyContact, removeEmergencyContact } from "../dexamForm";
import type { SectionProps } from "./types";

/** One or more emergency contacts, each with name and phone (R-DF025, R-VA033, R-VA034); more rows can be added and removed again. */
export function EmergencyContacts({ form, locked }: SectionProps) {
  const { values, errors, change, update } = form;
  const contacts = values.camp.emergencyContacts;
  // keyboard users land in the new row after adding, on "add" after removing
  const blockRef = useRef<HTMLDivElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ kind: "added" | "removed"; n: number } | null>(null);
  useEffect(() => {
    const block = blockRef.current;
    if (!block || !focusAfter) return;
    const target =
      focusAfter.kind === "added"
        ? [...block.querySelectorAll<HTMLElement>("fieldset")].at(-1)?.querySelector<HTMLElement>("input")
        : block.querySelector<HTMLElement>("[data-add-contact]");
    target?.focus();
  }, [focusAfter]);
  return (
    <div ref={blockRef} className={styles.stack}>
      <h4 className={styles.subheading}>{t("dexamForm.camp.contacts")}</h4>
      {contacts.map((contact, i) => {
        const n = i + 1;
        return (
          <FieldGroup
            // rows have no identity of their own; the index is their name ("Notfallkontakt 2")
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            legend={t("dexamForm.camp.contact", { n })}
            actions={
              contacts.length > 1 && !locked ? (
                <Button
                  variant="text"
                  onClick={() => {
                    setFocusAfter((f) => ({ kind: "removed", n: (f?.n ?? 0) + 1 }));
                    update((v) => removeEmergencyContact(v, i));
                  }}
                >
                  {t("dexamForm.camp.removeContact", { n })}
                </Button>
              ) : undefined
            }
          >
            <TextField
              label={t("dexamForm.field.contactName")}
              value={contact.name}
              onChange={(v) => change(`camp.emergencyContacts.${i}.name`, v)}
              error={errors[`camp.emergencyContacts.${i}.name`]}
              required
              disabled={locked}
              autoComplete="off"
            />
            <TextField
              label={t("dexamForm.field.contactPhone")}
              type="tel"
              value={contact.phone}
              onChange={(v) => change(`camp.emergencyContacts.${i}.phone`, v)}
              error={errors[`camp.emergencyContacts.${i}.phone`]}
              hint={t("dexamForm.camp.phoneHint")}
              required
              disabled={locked}
              autoComplete="off"
            />
          </FieldGroup>
        );
      })}
      {!locked && (
        <div>
          <Button
            variant="secondary"
            data-add-contact
            onClick={() => {
              setFocusAfter((f) => ({ kind: "added", n: (f?.n ?? 0) + 1 }));
              update(addEmergencyContact);
            }}
          >
            {t("dexamForm.camp.addContact")}
          </Button>
        </div>
      )}
    </div>
  );
}
