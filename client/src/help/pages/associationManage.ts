import { label, ui } from "../labels";
import type { HelpPage } from "../types";

export const associationManageHelp: HelpPage = {
  route: "associationManageHelp",
  intro:
    "In der Vereinsverwaltung pflegen Sie die Vereine Ihres Kreisverbands. Mit „Vereine lesen“ sehen Sie die Liste, mit „Vereine verwalten“ legen Sie Vereine an, ändern und löschen sie.",
  items: [
    {
      id: "tabelle",
      title: "Die Vereinsliste",
      tags: ["Übersicht", "Suche", "Verein"],
      blocks: [
        {
          kind: "screenshot",
          file: "vereinsverwaltung.png",
          alt: "Vereinsverwaltung mit Suche, der Schaltfläche „Neuer Verein“ und der Tabelle mit ID und Name der Vereine",
          caption: "Die Vereinsverwaltung",
        },
        {
          kind: "paragraph",
          text: `Die Tabelle zeigt ${label("association.field.id")} und ${label("association.field.name")} jedes Vereins des im Menü ausgewählten Kreisverbands. Die ${ui("search.label")} findet Vereine nach ihrem Namen. Ein Klick auf eine Spaltenüberschrift sortiert die Vereine nach dieser Spalte aufsteigend, ein zweiter absteigend, ein dritter hebt die Sortierung auf. Suche und Sortierung stehen in der Adresse der Seite und bleiben beim Neuladen erhalten.`,
        },
      ],
    },
    {
      id: "anlegen-bearbeiten",
      title: "Verein anlegen und bearbeiten",
      tags: ["Anlegen", "Bearbeiten", "Verein"],
      blocks: [
        {
          kind: "paragraph",
          text: `${ui("association.create")} öffnet ein leeres Formular, ${ui("association.action.edit")} im Zeilenmenü das Formular eines Vereins.`,
        },
        {
          kind: "fields",
          entries: [
            { label: label("association.field.name"), text: "Der Name des Vereins (Pflichtfeld)." },
            {
              label: label("association.field.invoiceEmail"),
              text: "Die E-Mail-Adresse für Rechnungen. Die Vereine können sie auch selbst unter „Mein Verein bearbeiten“ pflegen.",
            },
          ],
        },
        {
          kind: "box",
          box: "info",
          text: "Damit Mitglieder für einen neuen Verein anmelden können, ordnen Sie sie in der Benutzerverwaltung mit „Vereine zuordnen“ dem Verein zu.",
        },
      ],
    },
    {
      id: "loeschen",
      title: "Verein löschen",
      tags: ["Löschen", "Verein"],
      blocks: [
        {
          kind: "paragraph",
          text: `${ui("association.action.delete")} fragt zur Sicherheit mit dem Namen des Vereins nach. ${label("association.deleteConsequence")}`,
        },
        {
          kind: "box",
          box: "warning",
          text: "Mit dem Verein werden auch alle seine Anmeldungen samt Ergebnissen und die Zuordnungen seiner Benutzer gelöscht. Das lässt sich nicht rückgängig machen.",
        },
      ],
    },
  ],
};
