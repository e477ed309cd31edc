import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { formatTableDateTime } from "../events/eventDates";
import { t } from "../i18n/translate";
import type { ChangeHistoryDialogQuery } from "./__generated__/ChangeHistoryDialogQuery.graphql";
import styles from "./ChangeHistoryDialog.module.css";
import { ErrorBoundary } from "./ErrorBoundary";
import { InfoDialog } from "./InfoDialog";
import { LoadFailure } from "./LoadFailure";
import { TableHead } from "./TableHead";

/** Entries shown at once: the newest ones. */
const NEWEST = 100;

/**
 * "Änderungen" of a registration, a user or a club: who changed what when, newest first, with the
 * changed fields' German names and their old and new values ("Vorname: Lena → Lene"; health data
 * and remarks only as the fact that they changed: the server keeps no values of them). The server decides
 * who may read it (auditTrail); the row menus offer it only with the matching operation allowed.
 * With `healthAccesses` (a camp registration, viewer with registration_manage) it also lists who read
 * the registration's health data ("Zugriffe auf Gesundheitsdaten", healthDataAccesses).
 */
export function ChangeHistoryDialog({
  id,
  name,
  onClose,
  healthAccesses = false,
}: {
  id: string;
  name: string;
  onClose: () => void;
  healthAccesses?: boolean;
}) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="history.loadFailed" error={error} onDismiss={onClose} />}>
      <InfoDialog title={t("history.title", { name })} onClose={onClose} className={styles.dialog}>
        <Suspense fallback={<p>{t("app.loading")}</p>}>
          <ChangeHistory id={id} healthAccesses={healthAccesses} />
        </Suspense>
      </InfoDialog>
    </ErrorBoundary>
  );
}

function ChangeHistory({ id, healthAccesses }: { id: string; healthAccesses: boolean }) {
  const data = useLazyLoadQuery<ChangeHistoryDialogQuery>(
    graphql`
      query ChangeHistoryDialogQuery($id: ID!, $first: Int!, $healthAccesses: Boolean!) {
        healthDataAccesses(registration: $id, first: $first) @include(if: $healthAccesses) {
          edges {
            cursor
            node {
              at
              actorName
              doorLabel
            }
          }
          pageInfo {
            hasNextPage
          }
        }
        auditTrail(id: $id, first: $first) {
          edges {
            cursor
            node {
              at
              actorName
              actionLabel
              changes {
                label
                before
                after
              }
            }
          }
          pageInfo {
            hasNextPage
          }
        }
      }
    `,
    { id, first: NEWEST, healthAccesses },
    { fetchPolicy: "network-only" },
  );
  const entries = data.auditTrail.edges.map((e) => ({ key: e.cursor, ...e.node }));
  const accesses = data.healthDataAccesses;
  return (
    <>
      {entries.length === 0 ? <p>{t("history.empty")}</p> : <Changes entries={entries} more={data.auditTrail.pageInfo.hasNextPage} />}
      {accesses && (
        <section aria-label={t("history.accessesTitle")}>
          <h3>{t("history.accessesTitle")}</h3>
          {accesses.edges.length === 0 ? (
            <p>{t("history.accessesEmpty")}</p>
          ) : (
            <div className={styles.scroll}>
              <table className={styles.table}>
                <caption className={styles.caption}>{t("healthAccess.caption")}</caption>
                <TableHead columns={["history.when", "history.who", "healthAccess.door"]} />
                <tbody>
                  {accesses.edges.map(({ cursor, node }) => (
                    <tr key={cursor}>
                      <td>{formatTableDateTime(node.at)}</td>
                      <td>{node.actorName}</td>
                      <td>{node.doorLabel}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {accesses.pageInfo.hasNextPage && <p>{t("history.accessesMore", { count: NEWEST })}</p>}
        </section>
      )}
    </>
  );
}

type Entry = {
  key: string;
  at: string;
  actorName: string;
  actionLabel: string;
  changes: readonly { label: string; before: string | null | undefined; after: string | null | undefined }[];
};

function Changes({ entries, more }: { entries: readonly Entry[]; more: boolean }) {
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t("history.caption")}</caption>
          <TableHead columns={["history.when", "history.who", "history.what", "history.fields"]} />
          <tbody>
            {entries.map((e) => (
              <tr key={e.key}>
                <td>{formatTableDateTime(e.at)}</td>
                <td>{e.actorName}</td>
                <td>{e.actionLabel}</td>
                <td>
                  {e.changes.map((c) => (
                    <div key={c.label}>
                      {c.before == null || c.after == null ? c.label : t("history.change", { label: c.label, before: c.before, after: c.after })}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more && <p>{t("history.more", { count: NEWEST })}</p>}
    </>
  );
}
