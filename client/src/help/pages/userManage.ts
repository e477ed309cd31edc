import { label, ui } from "../labels";
import { PHONE_PREFIX_RULE } from "../rules";
import type { HelpPage } from "../types";

const role = (name: Parameters<typeof label>[0], text: string) => ({ label: label(name), text });

export const userManageHelp: HelpPage = {
  route: "userManageHelp",
  intro:
    "In der Benutzerverwaltung legen Sie Benutzer Ihres Kreisverbands an, laden sie ein, ordnen sie ihren Vereinen zu und sperren oder löschen sie. Mit „Benutzer lesen“ sehen Sie die Liste, mit „Benutzer verwalten“ ändern Sie sie auch.",
  items: [
    {
      id: "tabelle",
      title: "Die Benutzerliste",
      tags: ["Übersicht", "Suche"],
      blocks: [
        {
          kind: "screenshot",
          file: "benutzerverwaltung.png",
          alt: "Benutzerverwaltung mit Vereinsfilter, Suche, der Schaltfläche „Neuer Benutzer“ und der Tabelle der Benutzer",
          caption: "Die Benutzerverwaltung",
        },
        {
          kind: "fields",
          entries: [
            {
              label: `${label("user.field.id")}, ${label("user.field.firstname")}, ${label("user.field.lastname")}, ${label("user.field.email")}`,
              text: "Wer der Benutzer ist.",
            },
            { label: label("user.field.associations"), text: "Die Vereine, für die der Benutzer anmelden darf." },
            {
              label: label("user.field.lastActive"),
              text: "Wann sich der Benutzer zuletzt angemeldet hat; leer, solange er die Einladung noch nicht angenommen hat.",
            },
            { label: label("table.symbols"), text: `Gesperrte Benutzer sind ausgegraut und tragen das Symbol ${ui("user.blocked")}.` },
          ],
        },
        {
          kind: "paragraph",
          text: `Mit dem Filter ${ui("user.filter.association")} zeigen Sie nur die Benutzer eines Vereins (${ui("user.filter.all")} zeigt alle); die ${ui("search.label")} findet Namen und E-Mail-Adressen. Die Liste zeigt den Kreisverband, der im Menü ausgewählt ist. Ein Klick auf eine Spaltenüberschrift (außer ${ui("user.field.associations")}) sortiert alle Benutzer nach dieser Spalte aufsteigend, ein zweiter absteigend, ein dritter hebt die Sortierung auf. Suche und Sortierung stehen in der Adresse der Seite und bleiben beim Neuladen erhalten.`,
        },
      ],
    },
    {
      id: "anlegen",
      title: "Neuen Benutzer anlegen und einladen",
      tags: ["Anlegen", "Einladung"],
      blocks: [
        {
          kind: "paragraph",
          text: `${ui("user.create")} fragt nur ${label("user.field.firstname")}, ${label("user.field.lastname")} und ${label("user.field.email")} ab. ${label("user.invitationHint")} Telefon und Adresse trägt der Benutzer danach selbst unter „Mein Account bearbeiten“ ein.`,
        },
        {
          kind: "box",
          box: "info",
          text: `Hat jemand die Einladung nicht erhalten, wählen Sie im Zeilenmenü ${ui("user.action.resendInvitation")}. Das geht nur, solange sich der Benutzer noch nie angemeldet hat (Spalte ${ui("user.field.lastActive")} leer).`,
        },
      ],
    },
    {
      id: "zeilenmenue",
      title: "Das Zeilenmenü",
      tags: ["Bearbeiten", "Verein", "Sperren", "Löschen"],
      blocks: [
        {
          kind: "fields",
          entries: [
            {
              label: label("user.action.edit"),
              text: "Name, E-Mail, Telefon und Adresse ändern. Telefon und Adresse sind hier freiwillig; eine eingetragene Telefonnummer muss aber gültig sein. Die E-Mail-Adresse eines Benutzers, der sein Konto schon nutzt, ändert nur die Person selbst oder ein Administrator (das Feld ist dann gesperrt und nennt den Grund); solange die Einladung offen ist, lässt sie sich korrigieren. Die bisherige Adresse erhält eine Nachricht über die Änderung.",
            },
            {
              label: label("user.action.assignAssociations"),
              text: "Die Vereine des Benutzers auswählen; gewählte Vereine erscheinen als Chips und lassen sich einzeln wieder entfernen. Angeboten werden die Vereine des ausgewählten Kreisverbands. Sich selbst ordnet niemand Vereine zu: für das eigene Konto fehlt der Eintrag, das übernimmt eine andere Person der Benutzerverwaltung.",
            },
            { label: label("user.action.resendInvitation"), text: "Die Einladung noch einmal per E-Mail senden (nur vor der ersten Anmeldung)." },
            {
              label: `${label("user.action.deactivate")} / ${label("user.action.reactivate")}`,
              text: "Einen Benutzer sperren bzw. wieder freigeben. Gesperrte Benutzer können sich nicht anmelden; ihre Daten bleiben erhalten.",
            },
            {
              label: label("user.action.delete"),
              text: `Den Benutzer löschen, nach einer Rückfrage, die seinen Namen nennt: ${label("user.deleteConsequence")}`,
            },
          ],
        },
        { kind: "box", box: "warning", text: PHONE_PREFIX_RULE },
        {
          kind: "box",
          box: "error",
          text: "Gelöschte Benutzer lassen sich nicht wiederherstellen. Wer nur vorübergehend keinen Zugang haben soll, wird besser deaktiviert.",
        },
        {
          kind: "box",
          box: "info",
          text: "Sich selbst kann niemand deaktivieren. Administratoren können nur von Administratoren geändert, deaktiviert oder gelöscht werden.",
        },
      ],
    },
    {
      id: "webhooks",
      title: "Webhooks: Änderungen an andere Programme melden",
      tags: ["Webhooks", "Schnittstelle"],
      blocks: [
        {
          kind: "paragraph",
          text: `Mit „Benutzer verwalten“ richten Sie im Menü unter ${ui("route.webhookManage")} Webhook-Endpunkte des Kreisverbands ein: ${ui("webhook.create")} fragt ${label("webhook.field.url")} (https), ${label("webhook.field.description")} und die ${label("webhook.field.eventTypes")} ab, z. B. „Veranstaltung angelegt“. Jede solche Änderung sendet das System danach als signierte Nachricht an die Adresse.`,
        },
        {
          kind: "box",
          box: "info",
          text: `Das ${label("webhook.field.secret")} („whsec_…“) wird nur nach dem Anlegen und nach ${ui("webhook.action.rotate")} angezeigt; hinterlegen Sie es sofort beim Empfänger. Nach dem Erneuern signiert das bisherige Geheimnis noch 24 Stunden lang mit.`,
        },
        {
          kind: "paragraph",
          text: `Antwortet der Empfänger nicht, versucht das System es mit wachsenden Abständen erneut; nach 20 Fehlversuchen in Folge schaltet es den Endpunkt ab und schreibt seinem Ersteller eine E-Mail. ${ui("webhook.action.deliveries")} zeigt die letzten Zustellungen; ${ui("webhook.deliveries.redeliver")} schickt eine davon noch einmal, ${ui("webhook.action.enable")} nimmt einen abgeschalteten Endpunkt wieder auf.`,
        },
      ],
    },
    {
      id: "rollen",
      title: "Rollen: wer was sieht und darf",
      tags: ["Rollen", "Rechte"],
      blocks: [
        {
          kind: "paragraph",
          text: "Benutzer ohne Rolle sind Vereinsmitglieder: Sie melden für ihre eigenen Vereine an, pflegen ihren Account und ihren Verein und sehen die Anmeldungen ihrer Vereine. Rollen erweitern das für Mitarbeitende des Kreisverbands. Die Rollen werden beim Anmeldedienst vergeben; mit dem eingebauten Anmeldedienst setzt ein Administrator sie im Dialog „Benutzer bearbeiten“.",
        },
        {
          kind: "fields",
          entries: [
            role("role.admin", "Darf alles, auch in allen Kreisverbänden; verwaltet die Kreisverbände und wählt im Menü den Kreisverband."),
            role("role.user_read", "Sieht die Benutzerverwaltung."),
            role("role.user_manage", "Legt Benutzer an, ändert, sperrt und löscht sie, ordnet sie Vereinen zu und richtet die Webhooks des Kreisverbands ein."),
            role("role.association_read", "Sieht die Vereinsverwaltung."),
            role("role.association_manage", "Legt Vereine an, ändert und löscht sie."),
            role("role.registration_read", "Sieht die Anmeldungen aller Vereine, Veranstaltungen, Veranstaltungsorte und Statistiken."),
            role(
              "role.registration_manage",
              "Legt Anmeldungen für alle Vereine an, ändert und löscht sie, setzt Stornierung, „Teilprüfung geprüft“ und „Unterlagen vollständig“.",
            ),
            role("role.registration_create", "Vorgesehen für das Anlegen von Anmeldungen; zurzeit ohne eigene Wirkung."),
            role("role.event_manage", "Legt Veranstaltungen und Veranstaltungsorte an, ändert, kopiert und löscht sie."),
            role("role.results_read", "Sieht die Ergebnisverwaltung und lädt Auswertungsbögen und die Liste für den Urkundendruck herunter."),
            role("role.results_manage", "Trägt Ergebnisse ein, lädt Praxisbögen und PC-Juror-Dateien hoch und löscht Ergebnisse."),
            role("role.invoice_read", "Vorgesehen für Rechnungen; zurzeit ohne eigene Seite."),
            role("role.invoice_manage", "Vorgesehen für Rechnungen; zurzeit ohne eigene Seite."),
          ],
        },
        {
          kind: "box",
          box: "info",
          text: "Das Menü zeigt jedem nur die Seiten, die seine Rollen erlauben. Wer eine Seite ohne passende Rolle aufruft, landet auf der Startseite.",
        },
      ],
    },
  ],
};
