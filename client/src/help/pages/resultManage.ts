import { label, ui } from "../labels";
import { NEVER_RENAME_RULE, PUBLISHING_RULE, UPLOAD_LIMITS_RULE } from "../rules";
import type { HelpPage } from "../types";

export const resultManageHelp: HelpPage = {
  route: "resultManageHelp",
  intro:
    "In der Ergebnisverwaltung tragen Sie die Ergebnisse ein: Theoriepunkte von Hand, Praxispunkte über die ausgefüllten Praxisbögen und Wertungsspielergebnisse über die Datei aus PC Juror. Mit „Ergebnisse lesen“ sehen Sie alles, mit „Ergebnisse verwalten“ ändern Sie es auch.",
  items: [
    {
      id: "auswahl",
      title: "Veranstaltung, Prüfungsort und Verein wählen",
      tags: ["Übersicht", "Suche"],
      blocks: [
        {
          kind: "fields",
          entries: [
            {
              label: label("event.picker"),
              text: "Die D-Prüfung oder das Wertungsspiel; beim Öffnen ist die nächste anstehende Veranstaltung gewählt. Die Adresse der Seite enthält die gewählte Veranstaltung, ein Lesezeichen oder das Neuladen zeigt wieder dieselbe.",
            },
            {
              label: label("results.location"),
              text: "Bei D-Prüfungen ein Theorie- oder Praxisprüfungsort; darunter steht die Art des Ortes. Vorbereitungslehrgänge erscheinen hier nicht.",
            },
            { label: label("results.club"), text: `Zeigt nur die Anmeldungen eines Vereins (${label("results.club.all")} zeigt alle).` },
            { label: label("search.label"), text: "Findet Anmeldungen nach Namen." },
            {
              label: "Sortieren",
              text: "Ein Klick auf eine Spaltenüberschrift sortiert die Tabelle aufsteigend, ein zweiter absteigend, ein dritter hebt die Sortierung auf. Sortierung und Suche stehen in der Adresse der Seite und bleiben beim Neuladen erhalten.",
            },
          ],
        },
        {
          kind: "fields",
          entries: [
            {
              label: label("results.column.result"),
              text: "Die Punkte je Teil (Theorie, Praxis), „offen“ für noch fehlende Ergebnisse, „Teilprüfung“ für eine vorhandene Teilprüfung („ungeprüft“, solange der Kreisverband sie nicht geprüft hat) und die Note „bestanden“ oder „nicht bestanden“.",
            },
          ],
        },
        {
          kind: "paragraph",
          text: "Bestanden ist die D-Prüfung mit mindestens 24 Theoriepunkten und mindestens 36 Praxispunkten. Eine geprüfte vorhandene Teilprüfung zählt für ihren Teil.",
        },
      ],
    },
    {
      id: "theorie",
      title: "Theorieergebnisse eintragen",
      tags: ["Theorie", "Ergebnisse", "D-Prüfung"],
      blocks: [
        {
          kind: "list",
          ordered: true,
          items: [
            `Wählen Sie unter ${ui("results.location")} den Theorieprüfungsort.`,
            `Wählen Sie im Zeilenmenü der Person ${ui("results.action.editTheory")}.`,
            `Tragen Sie die ${ui("results.theory.points")} ein (0 bis 100, höchstens zwei Nachkommastellen, mit Komma oder Punkt: „27,5“ oder „27.5“, ohne Tausenderpunkt) und speichern Sie.`,
          ],
        },
        {
          kind: "paragraph",
          text: `Schneller geht es direkt in der Tabelle: Am Theorieprüfungsort hat jede Zeile in der Spalte ${ui("results.column.theoryPoints")} ein Eingabefeld. Punkte tippen, Enter oder Tab speichert die Zeile und springt in die nächste; Escape stellt den gespeicherten Wert wieder her. Es gelten dieselben Regeln wie im Dialog; eine abgelehnte Eingabe zeigt die Meldung in ihrer Zeile und bleibt dort. Hat jemand die Anmeldung inzwischen geändert, wird nichts überschrieben: Laden Sie die Seite neu und tragen Sie die Punkte noch einmal ein.`,
        },
        { kind: "paragraph", text: `${ui("results.action.delete")} entfernt das Ergebnis des gewählten Ortes wieder.` },
      ],
    },
    {
      id: "praxisboegen",
      title: "Praxisbögen: herunterladen, ausfüllen, hochladen",
      tags: ["Praxisbögen", "Praxis", "Ergebnisse", "D-Prüfung", "Upload"],
      blocks: [
        {
          kind: "screenshot",
          file: "ergebnisverwaltung-praxis.png",
          alt: "Ergebnisverwaltung mit gewähltem Praxisprüfungsort: Bereich „Praxisbögen“ mit den Schaltflächen „Praxisbögen hochladen“, „Blanko-Auswertungsbögen“ und „Auswertungsbögen“",
          caption: "Die Praxisbögen eines Praxisprüfungsortes",
        },
        {
          kind: "list",
          ordered: true,
          items: [
            `Wählen Sie unter ${ui("results.location")} den Praxisprüfungsort.`,
            `Laden Sie mit ${ui("results.practice.blank")} die leeren Bögen herunter: eine Excel-Datei je Anmeldung.`,
            "Tragen Sie die Punkte in das gelbe Feld jedes Bogens ein und speichern Sie die Datei, ohne ihren Namen zu ändern.",
            `Laden Sie die Bögen mit ${ui("results.practice.upload")} hoch: eine oder mehrere .xlsx-Dateien oder die .zip-Datei des Blanko-Downloads mit den ausgefüllten Bögen, je höchstens 5 MB. Die Meldung nennt, wie viele Bögen zugeordnet wurden.`,
            `Prüfen Sie die Punkte in der Tabelle. ${ui("results.practice.filled")} lädt alle hochgeladenen Bögen wieder herunter; die Schaltfläche erscheint erst nach dem ersten Hochladen.`,
          ],
        },
        {
          kind: "paragraph",
          text: `Hochladen dürfen nur Mitarbeitende mit der Rolle ${ui("role.results_manage")}. Mit ${ui("role.results_read")} oder einer Anmeldungsrolle sehen Sie hier nur die Downloads.`,
        },
        { kind: "box", box: "error", text: NEVER_RENAME_RULE },
        {
          kind: "box",
          box: "warning",
          text: "Laden Sie nur die Bögen des gewählten Ortes hoch. Bögen eines anderen Ortes werden mit einer Fehlermeldung abgelehnt.",
        },
        { kind: "paragraph", text: "Das Löschen eines Praxisergebnisses löscht auch den hochgeladenen Praxisbogen." },
        { kind: "box", box: "info", text: UPLOAD_LIMITS_RULE },
      ],
    },
    {
      id: "pc-juror",
      title: "Wertungsspielergebnisse aus PC Juror",
      tags: ["Wertungsspiel", "PC Juror", "Ergebnisse", "Upload"],
      blocks: [
        {
          kind: "screenshot",
          file: "ergebnisverwaltung-wertungsspiele.png",
          alt: "Ergebnisverwaltung eines Wertungsspiels: Bereich „PC Juror“ mit „Wertungsspielergebnisse hochladen“ und „PC Juror Importliste“ und die Tabelle „Wertungsspielergebnisse“ mit den Spalten ID, Name, Verein, Typ, Besetzung, Stufe/Altersgruppe, Punkte und Prädikat",
          caption: "Wertungsspielergebnisse über PC Juror",
        },
        {
          kind: "list",
          ordered: true,
          items: [
            `Laden Sie vor dem Wertungsspiel die ${ui("results.competition.importList")} herunter und importieren Sie sie in das Wertungsprogramm PC Juror.`,
            "Erfassen Sie die Wertungen in PC Juror.",
            `Laden Sie danach die Ergebnisdatei „pcjuror.xlsm“ mit ${ui("results.competition.upload")} hoch (eine Datei, höchstens 5 MB). Die Ergebnisse werden über die Anmelde-ID den Anmeldungen zugeordnet; die Meldung nennt, wie viele Zeilen übernommen wurden.`,
            "Ohne PC Juror: Tragen Sie Punkte und Prädikat von Hand in die Importliste ein und speichern Sie sie als Excel-Arbeitsmappe (.xlsx); sie wird nach denselben Regeln gelesen. Gelöschte, eingefügte oder umsortierte Zeilen stören nicht, Punkte mit Dezimalkomma (72,5) werden als Zahl gelesen.",
          ],
        },
        { kind: "box", box: "info", text: "Punkte und Prädikat erscheinen danach in der Tabelle; die Vereine sehen sie erst nach der Veröffentlichung." },
        { kind: "box", box: "info", text: UPLOAD_LIMITS_RULE },
      ],
    },
    {
      id: "veroeffentlichen",
      title: "Ergebnisse veröffentlichen",
      tags: ["Veröffentlichung", "Ergebnisse"],
      blocks: [
        { kind: "box", box: "warning", text: PUBLISHING_RULE },
        {
          kind: "paragraph",
          text: "Den Schalter finden Sie unter „Veranstaltungsorte“ im Dialog des Ortes. Nach der Veröffentlichung sehen die Vereine Punkte und Note in der Anmeldungsübersicht und können ihre Praxisbögen herunterladen.",
        },
        {
          kind: "paragraph",
          text: `Hier in der Ergebnisverwaltung veröffentlichen Sie die Ergebnisse des gewählten Prüfungsorts (bei Wertungsspielen je Wertungsort; sichtbar werden sie, wenn alle Orte veröffentlicht sind) mit ${ui("results.publish.button")} (mit „Ergebnisse verwalten“ oder „Veranstaltungen verwalten“). Die Rückfrage nennt, wie viele Anmeldungen damit Ergebnisse zeigen und wie viele Ergebnis-E-Mails versandt werden; ist der Ort veröffentlicht, steht das über der Tabelle. Zurücknehmen lässt sich die Veröffentlichung unter „Veranstaltungsorte“.`,
        },
      ],
    },
  ],
};
