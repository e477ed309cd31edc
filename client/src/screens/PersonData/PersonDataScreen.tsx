import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DateField } from "../../components/DateField";
import { formatGermanDate } from "../../components/dateText";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { TableHead } from "../../components/TableHead";
import { TextField } from "../../components/TextField";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import { personDataRoute, routeTitle } from "../../routes/routeTable";
import { useDeleteDexamRegistration } from "../RegistrationOverview/useDeleteDexamRegistration";
import { useEraseDexamCampData } from "../RegistrationOverview/useEraseDexamCampData";
import type { PersonDataScreenQuery } from "./__generated__/PersonDataScreenQuery.graphql";
import styles from "./PersonData.module.css";

type Person = { firstname: string; lastname: string; birthdate: string };

/**
 * "Auskunft und Löschung" (docs/decisions.md "Erasure on request"): registration_manage answers an
 * access or erasure request for a child whose parents have no account. The search (first name,
 * last name, birth date) lists the child's D-exam registrations in the district's events; the
 * downloads are the export (JSON, Excel: GET /v1/export/person); each registration is deleted
 * (also a cancelled one) or only its camp data erased, after confirming. The server decides and
 * enforces every action (viewerCan).
 */
export function PersonDataScreen() {
  const [firstname, setFirstname] = useState("");
  const [lastname, setLastname] = useState("");
  const [birthdate, setBirthdate] = useState("");
  const [searched, setSearched] = useState<Person | null>(null);
  const [missing, setMissing] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const person = { firstname: firstname.trim(), lastname: lastname.trim(), birthdate };
    const complete = !!person.firstname && !!person.lastname && !!person.birthdate;
    setMissing(!complete);
    if (complete) setSearched(person);
  };
  return (
    <Page title={routeTitle(personDataRoute)}>
      <p>{t("personData.intro")}</p>
      <form className={styles.form} onSubmit={submit} aria-label={t("personData.search")}>
        <TextField label={t("personData.firstname")} value={firstname} onChange={setFirstname} required autoComplete="off" />
        <TextField label={t("personData.lastname")} value={lastname} onChange={setLastname} required autoComplete="off" />
        <DateField label={t("personData.birthdate")} value={birthdate} onChange={setBirthdate} required />
        <Button type="submit">{t("personData.search")}</Button>
      </form>
      {missing && <Notice>{t("personData.required")}</Notice>}
      {searched && (
        <ErrorBoundary resetKey={JSON.stringify(searched)} fallback={(error) => <LoadFailure prefix="personData.loadFailed" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <PersonResults person={searched} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Page>
  );
}

type Dialog = { kind: "delete" | "eraseCampData"; id: string; name: string; cancelled: boolean };

function PersonResults({ person }: { person: Person }) {
  const { fetchKey, refresh } = useRefresh();
  const data = useLazyLoadQuery<PersonDataScreenQuery>(
    graphql`
      query PersonDataScreenQuery($firstname: String!, $lastname: String!, $birthdate: String!) {
        personRegistrations(firstname: $firstname, lastname: $lastname, birthdate: $birthdate) {
          id
          databaseId
          firstname
          lastname
          birthdate
          cancelledAt
          event {
            name
          }
          association {
            name
          }
          viewerCan {
            delete
            eraseCampData
          }
        }
      }
    `,
    person,
    { fetchKey, fetchPolicy: "network-only" },
  );
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleteRegistration, deleting] = useDeleteDexamRegistration();
  const [eraseCampData, erasing] = useEraseDexamCampData();
  const rows = data.personRegistrations;
  const query = { firstname: person.firstname, lastname: person.lastname, birthdate: person.birthdate };
  const done = async (result: Promise<{ ok: boolean }>) => {
    const { ok } = await result;
    setDialog(null);
    if (ok) refresh();
  };
  return (
    <>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void runDownload("/export/person", "personData.exportFailed", query)}>
          {t("personData.exportJson")}
        </Button>
        <Button variant="secondary" onClick={() => void runDownload("/export/person/xlsx", "personData.exportFailed", query)}>
          {t("personData.exportXlsx")}
        </Button>
      </div>
      {rows.length === 0 ? (
        <Notice>{t("personData.none")}</Notice>
      ) : (
        <div className={styles.wrapper}>
          <table className={styles.table}>
            <caption>
              {t("personData.caption")} ({t("personData.found", { count: rows.length })})
            </caption>
            <TableHead
              columns={[
                "overview.column.id",
                "personData.event",
                "personData.firstname",
                "personData.lastname",
                "personData.birthdate",
                "personData.club",
                "personData.status",
                "personData.actions",
              ]}
            />
            <tbody>
              {rows.map((r) => {
                const name = `${r.firstname} ${r.lastname}`;
                return (
                  <tr key={r.id}>
                    <td>{r.databaseId}</td>
                    <td>{r.event.name}</td>
                    <td>{r.firstname}</td>
                    <td>{r.lastname}</td>
                    <td>{formatGermanDate(String(r.birthdate))}</td>
                    <td>{r.association.name}</td>
                    <td>{r.cancelledAt ? t("personData.cancelled") : t("personData.active")}</td>
                    <td>
                      <div className={styles.actions}>
                        {r.viewerCan.eraseCampData && (
                          <Button
                            variant="secondary"
                            aria-label={`${t("overview.action.eraseCampData")}: ${name}, ${r.event.name}`}
                            onClick={() => setDialog({ kind: "eraseCampData", id: r.id, name, cancelled: !!r.cancelledAt })}
                          >
                            {t("overview.action.eraseCampData")}
                          </Button>
                        )}
                        {r.viewerCan.delete && (
                          <Button
                            variant="secondary"
                            aria-label={`${t("overview.action.delete")}: ${name}, ${r.event.name}`}
                            onClick={() => setDialog({ kind: "delete", id: r.id, name, cancelled: !!r.cancelledAt })}
                          >
                            {t("overview.action.delete")}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          text={t(dialog.cancelled ? "overview.confirmDeleteCancelled" : "overview.confirmDelete", { name: dialog.name })}
          busy={deleting}
          onCancel={() => setDialog(null)}
          onConfirm={() => void done(deleteRegistration({ id: dialog.id }))}
        />
      )}
      {dialog?.kind === "eraseCampData" && (
        <ConfirmDialog
          text={t("overview.confirmEraseCampData", { name: dialog.name })}
          busy={erasing}
          onCancel={() => setDialog(null)}
          onConfirm={() => void done(eraseCampData({ id: dialog.id }))}
        />
      )}
    </>
  );
}
