import { COMPETITION_TYPE_LABELS, FORM_TYPE_LABELS } from "@shared/labels";
import { useId } from "react";
import { graphql, useFragment } from "react-relay";
import { Button } from "../../components/Button";
import { classNames } from "../../components/classNames";
import { formatCalendarDay, formatDateTimeRange, formatDayRange } from "../../events/eventDates";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import { choosesDistrictClubs } from "../../registration/formValues";
import type { EventCard_event$key } from "./__generated__/EventCard_event.graphql";
import type { NewRegistrationDialog_event$key } from "./__generated__/NewRegistrationDialog_event.graphql";
import styles from "./StartScreen.module.css";
import { cardSubtitle, groupLocations, newRegistrationState, showsCompetitionTypes } from "./startCards";

/**
 * One event card (R-ST008..R-ST023): name, type, organiser, subtitle (the date range, else the
 * address, else "Termin wird noch bekannt gegeben", R-ST011, R-ST012), description, deadline, the locations grouped by type, "Neue Anmeldung".
 */
export function EventCard({
  event,
  clubCount,
  viewer,
  profileComplete,
  onPrepare,
  onRegister,
  opening,
}: {
  event: EventCard_event$key;
  clubCount: number;
  viewer: { roles: readonly string[]; districtAssociationId: number };
  profileComplete: boolean;
  /** the pointer is over "Neue Anmeldung" or the keyboard focus is on it: the dialog's data may be fetched ahead */
  onPrepare: (event: NewRegistrationDialog_event$key) => void;
  onRegister: (event: NewRegistrationDialog_event$key) => void;
  /** the dialog of this card is on its way: the button is busy */
  opening: boolean;
}) {
  const data = useFragment(
    graphql`
      fragment EventCard_event on Event {
        databaseId
        name
        description
        formType
        published
        deadlinePassed
        districtAssociationId
        registrationDeadlineDay
        start
        end
        address
        districtAssociation {
          name
        }
        locations {
          id
          name
          type
          start
          end
          street
          postcode
          city
          competitionTypes
        }
        ...NewRegistrationDialog_event
      }
    `,
    event,
  );
  const headingId = useId();
  const reasonId = useId();
  const subtitle = cardSubtitle(formatDayRange(data.start, data.end), data.address, t);
  const button = newRegistrationState({
    deadlinePassed: data.deadlinePassed,
    clubCount,
    profileComplete,
    districtClubs: choosesDistrictClubs(viewer, data),
  });
  const reason = button.reasonKey ? t(button.reasonKey) : null;
  return (
    <article
      className={classNames(styles.card, data.deadlinePassed && styles.closed)}
      aria-labelledby={headingId}
      data-testid="event-card"
      data-closed={data.deadlinePassed || undefined}
    >
      <div className={styles.header}>
        <h2 id={headingId} className={styles.name}>
          {data.name}
        </h2>
        {!data.published && <span className={styles.badge}>{t("start.unpublished")}</span>}
      </div>
      <p className={styles.meta}>
        {FORM_TYPE_LABELS[data.formType as keyof typeof FORM_TYPE_LABELS] ?? data.formType} · {t("start.organizer", { name: data.districtAssociation.name })}
      </p>
      <p className={styles.subtitle}>{subtitle}</p>
      {data.description && <p className={styles.description}>{data.description}</p>}
      <p className={styles.deadline}>{t("start.deadline", { date: formatCalendarDay(data.registrationDeadlineDay) })}</p>
      {groupLocations(data.formType, data.locations).map((group) => (
        <section key={group.type} className={styles.group} aria-label={t(group.titleKey)}>
          <h3 className={styles.groupTitle}>{t(group.titleKey)}</h3>
          {group.locations.length === 0 ? (
            <p className={styles.empty}>{t("start.noDates")}</p>
          ) : (
            <ul className={styles.locations}>
              {group.locations.map((location) => {
                const range = formatDateTimeRange(location.start, location.end);
                const address = [location.street, [location.postcode, location.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
                return (
                  <li key={location.id} className={styles.location}>
                    <span className={styles.locationName}>{location.name}</span>
                    {range && <span className={styles.locationLine}>{range}</span>}
                    {address && <span className={styles.locationLine}>{address}</span>}
                    {showsCompetitionTypes(location.type) && location.competitionTypes.length > 0 && (
                      <span className={styles.locationLine}>
                        {t("start.competitionTypes", {
                          types: location.competitionTypes
                            .map((type) => COMPETITION_TYPE_LABELS[type as keyof typeof COMPETITION_TYPE_LABELS] ?? type)
                            .join(", "),
                        })}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
      <div className={styles.actions}>
        <Button
          disabled={!button.enabled}
          title={reason ?? undefined}
          aria-describedby={reason ? reasonId : undefined}
          aria-busy={opening || undefined}
          className={opening ? styles.busy : undefined}
          onPointerEnter={() => onPrepare(data)}
          // keyboard focus only: the focus a closing dialog gives back is no intent to open it again
          onFocus={(focus) => focus.currentTarget.matches(":focus-visible") && onPrepare(data)}
          onClick={() => onRegister(data)}
        >
          {t("start.newRegistration")}
        </Button>
        {(data.start || data.locations.some((l) => l.start)) && (
          <Button variant="secondary" onClick={() => void runDownload(`/event/${data.databaseId}/calendar`, "calendar.downloadFailed")}>
            {t("calendar.download")}
          </Button>
        )}
        {reason && (
          <p id={reasonId} className={styles.reason}>
            {reason}
          </p>
        )}
      </div>
    </article>
  );
}
