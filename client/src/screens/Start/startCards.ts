import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";

export type FormTypeName = "DEXAM" | "DEXAM_CAMP" | "COMPETITION";
export type LocationTypeName = "DEXAM_THEORY" | "DEXAM_PRACTICE" | "DEXAM_PREPARATION" | "COMPETITION";

/** The groups of an event card, in their order (R-ST015, R-ST016). */
export function locationGroupTypes(formType: string): LocationTypeName[] {
  return formType === "COMPETITION" ? ["COMPETITION"] : ["DEXAM_THEORY", "DEXAM_PRACTICE", "DEXAM_PREPARATION"];
}

export interface LocationGroup<T> {
  type: LocationTypeName;
  /** Catalog key of the group heading ("Theorieprüfung", ..., "Wertungsspielorte"). */
  titleKey: MessageKey;
  locations: T[];
}

const GROUP_TITLES: Record<LocationTypeName, MessageKey> = {
  DEXAM_THEORY: "start.group.DEXAM_THEORY",
  DEXAM_PRACTICE: "start.group.DEXAM_PRACTICE",
  DEXAM_PREPARATION: "start.group.DEXAM_PREPARATION",
  COMPETITION: "start.group.COMPETITION",
};

/**
 * The locations of a card grouped by type (R-ST013): every group of the event's form is present,
 * also an empty one (it reads "Keine Termine vorhanden", R-ST018); locations of another type are left out.
 * The order inside a group is the server's (by start, then name).
 */
export function groupLocations<T extends { readonly type: string }>(formType: string, locations: readonly T[]): LocationGroup<T>[] {
  return locationGroupTypes(formType).map((type) => ({
    type,
    titleKey: GROUP_TITLES[type],
    locations: locations.filter((location) => location.type === type),
  }));
}

export interface NewRegistrationState {
  enabled: boolean;
  /** Why the button is disabled (shown next to it and as its tooltip); null when enabled. */
  reasonKey: MessageKey | null;
}

/**
 * "Neue Anmeldung" (R-ST020..R-ST022, R-ST030): disabled after the deadline, without clubs, or
 * with an incomplete profile; the first reason that applies is shown. `districtClubs`: the viewer
 * registers for any club of the event's district (registration_manage there, admin;
 * registration/formValues.ts choosesDistrictClubs, decision R-ST021), so own clubs are not needed.
 */
export function newRegistrationState(input: {
  deadlinePassed: boolean;
  clubCount: number;
  profileComplete: boolean;
  districtClubs?: boolean;
}): NewRegistrationState {
  if (input.deadlinePassed) return { enabled: false, reasonKey: "start.disabled.deadline" };
  if (input.clubCount === 0 && !input.districtClubs) return { enabled: false, reasonKey: "start.disabled.noClub" };
  if (!input.profileComplete) return { enabled: false, reasonKey: "start.disabled.incomplete" };
  return { enabled: true, reasonKey: null };
}

/**
 * The order of the start page's cards: events still open for registration first, those past their
 * deadline after them (R-ST023 keeps them on the page, disabled); inside each part the server's
 * order (by start) stays.
 */
export function orderStartEvents<T extends { readonly deadlinePassed: boolean }>(events: readonly T[]): T[] {
  return [...events.filter((event) => !event.deadlinePassed), ...events.filter((event) => event.deadlinePassed)];
}

/** Title and piece section of the create dialog (R-ST024..R-ST026). */
export function registrationDialogTexts(formType: string): { titleKey: MessageKey; songsKey: MessageKey } {
  return formType === "COMPETITION"
    ? { titleKey: "start.dialog.competitionTitle", songsKey: "start.dialog.competitionSongs" }
    : { titleKey: "start.dialog.dexamTitle", songsKey: "start.dialog.dexamSongs" };
}

/** The create dialog's subtitle: the event registered for; a camp's says so ("Anmeldung zur Freizeit: …"). */
export function registrationDialogSubtitle(event: { readonly name: string; readonly formType: string }): string {
  return t(event.formType === "DEXAM_CAMP" ? "start.dialog.campEvent" : "start.dialog.event", { event: event.name });
}

/** Competition venues list their competition types on the card (R-ST017); D-exam locations do not. */
export function showsCompetitionTypes(type: string): boolean {
  return type === "COMPETITION";
}

/**
 * The card subtitle every card shows (R-ST011; decision R-ST012, the Event has no subtitle field):
 * the event's date range, else its address, else "Termin wird noch bekannt gegeben".
 */
export function cardSubtitle(dateRange: string, address: string | null | undefined, translate: (key: MessageKey) => string): string {
  return dateRange || address?.trim() || translate("start.datesPending");
}
