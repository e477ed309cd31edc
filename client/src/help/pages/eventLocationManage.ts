import { LOCATION_TYPE_LABELS } from "@shared/labels";
import { label, ui } from "../labels";
import { PUBLISHING_RULE } from "../rules";
import type { HelpPage } from "../types";

export const eventLocationManageHelp: HelpPage = {
  route: "eventLocationManageHelp",
  intro:
    "Unter „Veranstaltungsorte“ legen Sie für jede Veranstaltung die Orte und Termine an: Theorie- und Praxisprüfungen, Vorbereitungslehrgänge und Wertungsspielorte. Hier schalten Sie auch die Ergebnisse frei.",
  items: [
    {
      id: "tabelle",
      title: "Die Orte einer Veranstaltung",
      tags: ["Übersicht", "Veranstaltungen"],
      blocks: [
        {
          kind: "paragraph",
          text: `Wählen Sie oben unter ${ui("event.picker")} die Veranstaltung. Die Tabelle zeigt ${[
            "location.field.id",
            "location.field.name",
            "location.field.type",
            "location.field.categories",
            "location.field.start",
            "location.field.end",
            "location.field.publishResults",
          ]
            .map((key) => label(key as Parameters<typeof label>[0]))
            .join(", ")}.`,
        },
        {
          kind: "screenshot",
          file: "veranstaltungsorte.png",
          alt: "Seite „Veranstaltungsorte“ mit der gewählten Veranstaltung „D-Prüfungen Frühjahr“ und ihren Theorie-, Praxis- und Vorbereitungsorten",
          caption: "Die Orte einer D-Prüfung",
        },
      ],
    },
    {
      id: "formular",
      title: "Ort anlegen und bearbeiten",
      tags: ["Anlegen", "Bearbeiten", "Pflichtfelder", "Instrumente"],
      blocks: [
        {
          kind: "fields",
          entries: [
            { label: label("location.field.name"), text: "Pflichtfeld, z. B. „Musikschule (Theorie)“." },
            {
              label: label("location.field.type"),
              text: `${[LOCATION_TYPE_LABELS.DEXAM_THEORY, LOCATION_TYPE_LABELS.DEXAM_PRACTICE, LOCATION_TYPE_LABELS.DEXAM_PREPARATION].join(", ")} bei D-Prüfungen; Orte von Wertungsspielen sind immer ${LOCATION_TYPE_LABELS.COMPETITION}. ${label("location.typeFixed")}`,
            },
            {
              label: `${label("location.field.street")}, ${label("location.field.postcode")}, ${label("location.field.city")}, ${label("location.field.country")}`,
              text: "Die Adresse; Straße und Ort sind Pflicht.",
            },
            { label: `${label("location.field.start")}, ${label("location.field.end")}`, text: "Der Termin; Pflicht außer bei Vorbereitungslehrgängen." },
            { label: label("location.field.courses"), text: "Welche Kurse (D1, D2, D3) hier geprüft werden; nur diese werden bei der Anmeldung angeboten." },
            { label: label("location.field.competitionTypes"), text: "Bei Wertungsspielorten: welche Wertungsarten hier stattfinden." },
            { label: label("location.field.instruments"), text: "Bei Praxisprüfungen Pflicht: nur für diese Instrumente kann man sich hier anmelden." },
            { label: label("location.field.publishSwitch"), text: "Schaltet die Ergebnisse dieses Ortes für die Vereine frei." },
          ],
        },
        { kind: "box", box: "warning", text: "Einen Ort, für den schon Anmeldungen bestehen, können Sie nicht löschen." },
      ],
    },
    {
      id: "ergebnisse",
      title: "Ergebnisse veröffentlichen",
      tags: ["Ergebnisse", "Veröffentlichung"],
      blocks: [
        { kind: "paragraph", text: `Öffnen Sie den Ort mit ${ui("location.action.edit")} und schalten Sie ${ui("location.field.publishSwitch")} ein.` },
        { kind: "box", box: "warning", text: PUBLISHING_RULE },
        {
          kind: "paragraph",
          text: "Erst nach der Veröffentlichung sehen die Vereine Punkte und Note in der Anmeldungsübersicht und können den Praxisbogen herunterladen.",
        },
      ],
    },
    {
      id: "zeilenmenue",
      title: "Statistik, Übersichtsliste und Auswertungsbögen",
      tags: ["Statistik", "Praxisbögen", "Download"],
      blocks: [
        {
          kind: "fields",
          entries: [
            { label: label("location.action.statistic"), text: "Die Zahlen dieses Ortes (nur D-Prüfungen)." },
            { label: label("location.action.overview"), text: "Eine Liste der Anmeldungen dieses Ortes zum Herunterladen (nur D-Prüfungen)." },
            { label: label("location.action.blankSheets"), text: "Nur bei Praxisprüfungen: die leeren Auswertungsbögen, ein Bogen je Anmeldung." },
            {
              label: label("location.action.sheets"),
              text: "Nur bei Praxisprüfungen: die ausgefüllten Bögen. Der Eintrag erscheint erst, wenn in der Ergebnisverwaltung mindestens ein Bogen hochgeladen wurde.",
            },
          ],
        },
        { kind: "paragraph", text: "Wie Sie die Praxisbögen ausfüllen und hochladen, steht in der Hilfe zur Ergebnisverwaltung." },
      ],
    },
  ],
};
