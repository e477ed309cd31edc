import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { RecordSourceSelectorProxy } from "relay-runtime";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { t } from "../../i18n/translate";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import { notify } from "../../shell/snackbarQueue";
import type { CalendarFeedCard_user$key } from "./__generated__/CalendarFeedCard_user.graphql";
import type { CalendarFeedCardDisableMutation } from "./__generated__/CalendarFeedCardDisableMutation.graphql";
import type { CalendarFeedCardEnableMutation } from "./__generated__/CalendarFeedCardEnableMutation.graphql";
import styles from "./EditProfileScreen.module.css";

const setEnabled = (enabled: boolean) => (store: RecordSourceSelectorProxy) =>
  store.getRoot().getLinkedRecord("viewer")?.setValue(enabled, "calendarFeedEnabled");

/**
 * "Kalender-Abo": a secret address with the appointments of all registrations of the own clubs for
 * a calendar program (Outlook, Google, Apple). The address is shown once, right after switching on
 * or renewing (the server keeps only its hash); renewing or switching off revokes the old one.
 */
export function CalendarFeedCard({ user }: { user: CalendarFeedCard_user$key }) {
  const { calendarFeedEnabled } = useFragment(
    graphql`
      fragment CalendarFeedCard_user on User {
        calendarFeedEnabled
      }
    `,
    user,
  );
  const [enable, enabling] = useFeedbackMutation<CalendarFeedCardEnableMutation>(
    graphql`
      mutation CalendarFeedCardEnableMutation {
        enableCalendarFeed {
          url
        }
      }
    `,
    { success: "profile.calendar.enabled", failure: "profile.calendar.failed" },
  );
  const [disable, disabling] = useFeedbackMutation<CalendarFeedCardDisableMutation>(
    graphql`
      mutation CalendarFeedCardDisableMutation {
        disableCalendarFeed
      }
    `,
    { success: "profile.calendar.disabled", failure: "profile.calendar.failed" },
  );
  const [url, setUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState<"renew" | "disable" | null>(null);

  const switchOn = async () => {
    setAsking(null);
    const result = await enable({}, { updater: setEnabled(true) });
    if (result.ok) setUrl(result.response.enableCalendarFeed.url);
  };
  const switchOff = async () => {
    setAsking(null);
    const result = await disable({}, { updater: setEnabled(false) });
    if (result.ok) setUrl(null);
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify({ type: "success", text: t("profile.calendar.copied") });
    } catch {
      notify({ type: "error", text: t("profile.calendar.copyFailed") });
    }
  };

  return (
    <Card title={t("profile.card.calendar")}>
      <p>{t("profile.calendar.text")}</p>
      {url && (
        <div className={styles.calendarUrl}>
          <label htmlFor="calendar-feed-url">{t("profile.calendar.urlLabel")}</label>
          <input id="calendar-feed-url" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <p>{t("profile.calendar.urlHint")}</p>
          <Button variant="secondary" onClick={copy}>
            {t("profile.calendar.copy")}
          </Button>
        </div>
      )}
      {calendarFeedEnabled ? (
        <div className={styles.calendarActions}>
          <p>{t("profile.calendar.on")}</p>
          <Button variant="secondary" onClick={() => setAsking("renew")} disabled={enabling} aria-busy={enabling}>
            {t("profile.calendar.renew")}
          </Button>
          <Button variant="secondary" onClick={() => setAsking("disable")} disabled={disabling} aria-busy={disabling}>
            {t("profile.calendar.disable")}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={switchOn} disabled={enabling} aria-busy={enabling}>
          {t("profile.calendar.enable")}
        </Button>
      )}
      {asking && (
        <ConfirmDialog
          text={t(asking === "renew" ? "profile.calendar.confirmRenew" : "profile.calendar.confirmDisable")}
          busy={enabling || disabling}
          onCancel={() => setAsking(null)}
          onConfirm={asking === "renew" ? switchOn : switchOff}
        />
      )}
    </Card>
  );
}
