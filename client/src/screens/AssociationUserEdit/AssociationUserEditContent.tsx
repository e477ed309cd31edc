import { useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { canSaveOwnAssociation, preselectedAssociation } from "../../associations/associationForm";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { Notice } from "../../components/Notice";
import { SelectField } from "../../components/SelectField";
import { t } from "../../i18n/translate";
import { ClubInvoices } from "../../invoices/ClubInvoices";
import type { AssociationUserEditContentQuery } from "./__generated__/AssociationUserEditContentQuery.graphql";
import { AssociationUserEditForm } from "./AssociationUserEditForm";
import styles from "./AssociationUserEditScreen.module.css";

/**
 * Pick one of the user's own clubs (the first is preselected, R-MC002) and edit it. Without a club
 * there is nothing to pick: a hint explains why, and "Speichern" stays disabled (R-MC004). Below, the
 * chosen club's invoices to read and download (docs/decisions.md "Invoices").
 */
export function AssociationUserEditContent() {
  const data = useLazyLoadQuery<AssociationUserEditContentQuery>(
    graphql`
      query AssociationUserEditContentQuery {
        viewer {
          associations {
            id
            name
            ...AssociationUserEditForm_association
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const clubs = data.viewer.associations;
  const [choice, setChoice] = useState<string | null>(null);
  const selectedId = preselectedAssociation(
    clubs.map((club) => club.id),
    choice,
  );
  const selected = clubs.find((club) => club.id === selectedId) ?? null;
  const options = useMemo(() => clubs.map((club) => ({ value: club.id, label: club.name })), [clubs]);

  return (
    <>
      {clubs.length === 0 && <Notice>{t("associationUserEdit.none")}</Notice>}
      <Card title={t("associationUserEdit.cardTitle")}>
        <div className={styles.form}>
          <SelectField label={t("associationUserEdit.select")} options={options} value={selectedId} onChange={setChoice} disabled={clubs.length === 0} />
          {selected ? (
            <AssociationUserEditForm key={selected.id} association={selected} />
          ) : (
            <div className={styles.actions}>
              <Button disabled={!canSaveOwnAssociation(selectedId)}>{t("common.save")}</Button>
            </div>
          )}
        </div>
      </Card>
      {selected && (
        <Card title={t("invoice.club.title")}>
          <ClubInvoices associationId={selected.id} />
        </Card>
      )}
    </>
  );
}
