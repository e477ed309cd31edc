import { label, ui } from "../labels";
import { PHONE_PREFIX_RULE } from "../rules";
import type { HelpPage } from "../types";

export const userAccountHelp: HelpPage = {
  route: "userAccountHelp",
  intro:
    "Unter „Mein Account bearbeiten“ pflegen Sie Ihre eigenen Daten: Name, Kontakt und Adresse, Ihr Passwort und Ihr Benutzerkonto. Sie sehen auch, welchen Vereinen Sie zugeordnet sind.",
  items: [
    {
      id: "ueberblick",
      title: "Die Seite im Überblick",
      tags: ["Übersicht", "Profil"],
      blocks: [
        {
          kind: "screenshot",
          file: "account-bearbeiten.png",
          alt: "Seite „Mein Account bearbeiten“, Karte „Benutzerprofil“ mit Vorname, Nachname, E-Mail, Telefon (Hinweis: mit internationaler Vorwahl), Straße, Postleitzahl, Ort, Land und der Schaltfläche „Speichern“",
          caption: "„Mein Account bearbeiten“",
        },
        {
          kind: "paragraph",
          text: `Die Seite hat fünf Karten: ${ui("profile.card.profile")}, ${ui("profile.card.password")}, ${ui("profile.card.associations")}, ${ui("profile.card.data")} und ${ui("profile.card.delete")}.`,
        },
      ],
    },
    {
      id: "profil",
      title: "Benutzerprofil",
      tags: ["Profil", "Telefon", "Adresse", "Pflichtfelder"],
      blocks: [
        {
          kind: "fields",
          entries: [
            { label: `${label("user.field.firstname")}, ${label("user.field.lastname")}`, text: "Ihr Name, wie er in Anmeldungen und Listen erscheint." },
            {
              label: label("user.field.email"),
              text: "Ihre E-Mail-Adresse; an sie gehen Einladungen und Nachrichten. Sie muss ein @ und einen Punkt enthalten. Ändern Sie sie, erhält die bisherige Adresse eine Nachricht darüber.",
            },
            { label: label("user.field.phone"), text: "Ihre Telefonnummer mit internationaler Vorwahl, z. B. +49123456." },
            {
              label: `${label("user.field.street")}, ${label("user.field.postcode")}, ${label("user.field.city")}, ${label("user.field.country")}`,
              text: "Ihre Anschrift. Die Postleitzahl muss mit Ziffern enden.",
            },
          ],
        },
        { kind: "paragraph", text: `Alle Felder sind Pflichtfelder. Mit ${ui("common.save")} übernehmen Sie die Änderungen.` },
        {
          kind: "paragraph",
          text: `Zu jeder Ihrer Anmeldungen erhalten Sie eine Bestätigung per E-Mail: wenn Sie sie anlegen, wenn jemand anderes sie ändert und wenn sie storniert oder gelöscht wird. Der Schalter ${ui("profile.field.resultMails")} (mit ${ui("common.save")} übernommen) bestimmt, ob Sie auch eine E-Mail erhalten, sobald Ergebnisse Ihrer Anmeldungen veröffentlicht werden. Angaben zur Gesundheit aus Freizeitanmeldungen stehen nie in einer E-Mail.`,
        },
        { kind: "box", box: "warning", text: PHONE_PREFIX_RULE },
        {
          kind: "box",
          box: "error",
          text: "Fehlt die Vorwahl, erscheint die Meldung „Bitte eine gültige Telefonnummer inkl. internationaler Vorwahl eingeben (z.B. +49123456)“. Tragen Sie die Nummer dann mit + und Ländervorwahl ein.",
        },
        {
          kind: "box",
          box: "info",
          text: `Solange Straße, Postleitzahl, Ort oder Telefonnummer fehlen, zeigt das Anmeldesystem den Hinweis ${ui("banner.incompleteProfile.title")} und Sie können keine Anmeldungen anlegen.`,
        },
      ],
    },
    {
      id: "passwort",
      title: "Passwort ändern",
      tags: ["Passwort", "Anmeldung"],
      blocks: [
        {
          kind: "paragraph",
          text: `Ihr Passwort verwaltet der Anmeldedienst, nicht das Anmeldesystem selbst. ${ui("profile.password.button")} öffnet die Seite des Anmeldedienstes in einem neuen Tab; dort ändern Sie das Passwort.`,
        },
      ],
    },
    {
      id: "vereine",
      title: "Zugeordnete Vereine",
      tags: ["Verein", "Rollen"],
      blocks: [
        {
          kind: "paragraph",
          text: "Hier sehen Sie die Vereine, für die Sie Anmeldungen anlegen und einsehen dürfen. Sie können die Zuordnung hier nicht ändern.",
        },
        {
          kind: "box",
          box: "info",
          text: "Fehlt Ihr Verein, wenden Sie sich an Ihren Kreisverband. Dort werden Benutzer in der Benutzerverwaltung ihren Vereinen zugeordnet.",
        },
      ],
    },
    {
      id: "meine-daten",
      title: "Meine Daten herunterladen",
      tags: ["Datenschutz", "Download"],
      blocks: [
        {
          kind: "paragraph",
          text: `${ui("profile.data.button")} lädt alles, was das Anmeldesystem über Sie gespeichert hat, als eine JSON-Datei herunter: Ihr Konto, Ihre Vereine, Ihre Anmeldungen (mit den Angaben zur Freizeit), das Protokoll Ihrer Änderungen und der Änderungen anderer an Ihren Anmeldungen, die E-Mails an Sie und ob Ihr Kalender-Abo eingeschaltet ist. ${ui("profile.data.consentForms")} lädt die Einverständniserklärungen Ihrer Anmeldungen als eine ZIP-Datei herunter.`,
        },
      ],
    },
    {
      id: "kalender-abo",
      title: "Kalender-Abo",
      tags: ["Kalender", "Termine", "ics"],
      blocks: [
        {
          kind: "paragraph",
          text: `${ui("profile.calendar.enable")} erzeugt eine geheime Adresse. Tragen Sie sie in Ihrem Kalenderprogramm (Outlook, Google Kalender, Apple Kalender) als Abonnement ein: Dort erscheinen dann die Termine aller Anmeldungen Ihrer Vereine – Vorbereitungslehrgang, Theorie- und Praxisprüfung, Wertungsspiel – mit Ort und Uhrzeit. Stornierte Anmeldungen erscheinen nicht.`,
        },
        {
          kind: "paragraph",
          text: `Die Adresse wird nur einmal angezeigt. Wer sie kennt, sieht die Termine ohne Anmeldung. Haben Sie sie weitergegeben, erzeugen Sie mit ${ui("profile.calendar.renew")} eine neue; die alte funktioniert dann nicht mehr. ${ui("profile.calendar.disable")} beendet das Abo.`,
        },
      ],
    },
    {
      id: "konto-loeschen",
      title: "Benutzerkonto löschen",
      tags: ["Löschen", "Datenschutz"],
      blocks: [
        {
          kind: "paragraph",
          text: `${ui("profile.delete.button")} fragt zur Sicherheit nach: ${ui("profile.confirmDelete")} Mit ${ui("common.ok")} wird Ihr Konto gelöscht und Sie werden abgemeldet.`,
        },
        {
          kind: "box",
          box: "error",
          text: "Das Löschen kann nicht rückgängig gemacht werden. Ihre Anmeldungen bleiben bei Ihrem Verein erhalten.",
        },
        { kind: "paragraph", text: label("profile.delete.keeps") },
      ],
    },
  ],
};
