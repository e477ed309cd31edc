import { EDIT_PHASE_LABELS } from "@shared/labels";
import { label, ui } from "../labels";
import { FOUR_WEEKS_RULE, PUBLISHING_RULE } from "../rules";
import type { HelpPage } from "../types";

export const registrationOverviewHelp: HelpPage = {
  route: "registrationOverviewHelp",
  intro:
    "Die Anmeldungsübersicht listet die Anmeldungen einer Veranstaltung. Hier tragen Sie Stücke nach, ändern oder stornieren Anmeldungen, laden Praxisbögen herunter und übernehmen Teilergebnisse.",
  items: [
    {
      id: "auswahl",
      title: "Veranstaltung auswählen",
      tags: ["Übersicht", "Veranstaltungen", "Suche"],
      blocks: [
        {
          kind: "paragraph",
          text: `Wählen Sie ${ui("overview.districtAssociation")} und ${ui("overview.event")}. Je nach Art der Veranstaltung erscheint die Tabelle ${ui("overview.dexamTable")} oder ${ui("overview.competition.table")}. Die ${ui("search.label")} filtert die Zeilen nach jeder Spalte mit Text: Namen, Verein, Instrument, Kurs, Wertungsspielart, Besetzung, Stufe, auch nach dem Prüfungs- oder Wertungsort. Ein Klick auf die Überschrift ${ui("overview.column.id")}, ${ui("overview.column.firstname")}, ${ui("overview.column.lastname")}, ${ui("overview.competition.column.name")}, ${ui("overview.column.association")}, ${ui("overview.column.instrument")} (in Partiturordnung), ${ui("overview.column.course")}, ${ui("overview.column.songs")} (unvollständige zuerst), ${ui("overview.competition.column.type")}, ${ui("overview.competition.column.cast")}, ${ui("overview.competition.column.level")} oder ${ui("overview.competition.column.documents")} sortiert alle Anmeldungen nach dieser Spalte aufsteigend, ein zweiter absteigend, ein dritter hebt die Sortierung auf. Wer alle Ergebnisse der Veranstaltung sieht, auch die noch nicht veröffentlichten (die Anmelde- und Ergebnisverwaltung des Kreisverbands), sortiert außerdem nach ${ui("overview.column.theory")}, ${ui("overview.column.practice")}, ${ui("overview.column.grade")} („nicht bestanden“ vor „bestanden“), ${ui("overview.competition.column.points")} und ${ui("overview.competition.column.mark")} (das Prädikat nach den Punkten); Anmeldungen ohne Punkte oder Note stehen aufsteigend am Ende. Für alle anderen sortieren diese Spalten nicht, denn die Reihenfolge verriete noch nicht veröffentlichte Ergebnisse. Beim Öffnen ist schon die nächste anstehende Veranstaltung gewählt. Die Adresse der Seite enthält die gewählte Veranstaltung, die Suche, die Filter und die Sortierung: Ein Lesezeichen, ein weitergegebener Link oder das Neuladen zeigt wieder dieselbe Auswahl in derselben Reihenfolge.`,
        },
        {
          kind: "paragraph",
          text: `Neben der Suche grenzen die Filter die Tabelle weiter ein: ${ui("overview.filter.instrument")} und ${ui("overview.filter.course")} (nur bei D-Prüfungen), ${ui("overview.filter.location")}, ${ui("overview.filter.club")}, ${ui("overview.filter.status")} (${ui("overview.filter.status.live")}, ${ui("overview.filter.status.cancelled")}, bei Wertungsspielen ${ui("overview.filter.status.documentsIncomplete")}, bei D-Prüfungen ${ui("overview.filter.status.notVerified")}, ${ui("overview.filter.status.resultPublished")}; wer alle Ergebnisse sieht, auch ${ui("overview.filter.status.resultEntered")}) sowie ${ui("overview.filter.from")} und ${ui("overview.filter.to")}. Die Filter wirken zusammen und mit der Suche und stehen ebenfalls in der Adresse der Seite; die Zurück-Taste des Browsers nimmt den zuletzt gesetzten Filter zurück. ${ui("overview.filter.clear")} hebt alle auf. Mit ${ui("overview.newRegistration")} melden Sie direkt zur gewählten Veranstaltung an: Vereinsmitglieder bis zum Anmeldeschluss, die Anmeldungsverwaltung des Kreisverbands jederzeit.`,
        },
        {
          kind: "paragraph",
          text: `Die Anmeldungsverwaltung des Kreisverbands schreibt mit ${ui("overview.message")} allen, die die gerade gezeigten Anmeldungen (Veranstaltung, Suche und Filter) angelegt haben, eine E-Mail; mit ${ui("overview.message.clubAccounts")} auch allen Konten der Vereine dieser Anmeldungen. Der Dialog zeigt vor dem Senden, an wie viele Empfänger die Nachricht geht, und fragt vor dem Senden noch einmal nach. Betreff (höchstens 200 Zeichen) und Text (höchstens 5000 Zeichen) dürfen die Platzhalter {vorname} und {nachname} (des Empfängers) und {veranstaltung} enthalten; andere Platzhalter, etwa für Punkte oder Gesundheitsangaben, gibt es nicht. Jede Nachricht steht im Änderungsprotokoll.`,
        },
        {
          kind: "paragraph",
          text: `Unter ${ui("overview.districtAssociation")} stehen Ihr eigener Kreisverband und jeder Kreisverband, bei dessen Veranstaltungen Ihre Vereine angemeldet haben: Haben Sie auf der Startseite bei einer Veranstaltung eines anderen Kreisverbands angemeldet, wählen Sie hier diesen Kreisverband, um die Anmeldung anzusehen, zu ändern oder zu stornieren. Gibt es nur einen Kreisverband zur Auswahl, ist das Feld gesperrt.`,
        },
        {
          kind: "screenshot",
          file: "anmeldungsuebersicht-dpruefungen.png",
          alt: "Anmeldungsübersicht mit der Auswahl von Kreisverband und Veranstaltung und der Tabelle „D-Prüfungsanmeldungen“",
          caption: "Die D-Prüfungsanmeldungen einer Veranstaltung",
        },
        {
          kind: "paragraph",
          text: "Ist die Tabelle breiter als der Bildschirm, lässt sie sich seitlich verschieben; das Aktionsmenü (⋮) bleibt dabei immer am rechten Rand, ein Schatten zeigt, dass daneben noch Spalten liegen. Auf dem Handy erscheint jede Anmeldung als Karte mit den Spaltennamen und dem Aktionsmenü oben rechts.",
        },
        {
          kind: "box",
          box: "info",
          text: "Als Vereinsmitglied sehen Sie nur die Anmeldungen Ihrer eigenen Vereine. Mitarbeitende mit der Rolle „Anmeldungen lesen“ oder „Anmeldungen verwalten“ sehen alle Anmeldungen zu den Veranstaltungen ihres Kreisverbands, mit dem Verein der Anmeldung, auch wenn er zu einem anderen Kreisverband gehört.",
        },
      ],
    },
    {
      id: "spalten-dpruefung",
      title: "Die Spalten der D-Prüfungsanmeldungen",
      tags: ["D-Prüfung", "Ergebnisse"],
      blocks: [
        {
          kind: "fields",
          entries: [
            { label: label("overview.column.id"), text: "Die Nummer der Anmeldung." },
            {
              label: `${label("overview.column.firstname")}, ${label("overview.column.lastname")}, ${label("overview.column.association")}`,
              text: "Wer angemeldet ist und für welchen Verein.",
            },
            { label: `${label("overview.column.instrument")}, ${label("overview.column.course")}`, text: "Instrument und Kurs (D1, D2, D3)." },
            {
              label: label("overview.column.songs"),
              text: `${ui("overview.songs.complete")} oder ${ui("overview.songs.missing")}: ob alle Prüfungsstücke eingetragen sind.`,
            },
            {
              label: `${label("overview.column.theory")}, ${label("overview.column.practice")}`,
              text: "Die Punkte der beiden Prüfungsteile, sobald sie veröffentlicht sind.",
            },
            {
              label: label("overview.column.grade"),
              text: `${ui("overview.grade.passed")} ab 24 Punkten in der Theorie und 36 Punkten in der Praxis, sonst ${ui("overview.grade.failed")}; leer, solange ein Ergebnis fehlt.`,
            },
            {
              label: label("registration.timetable"),
              text: "Tag, Uhrzeit, Raum und Ort von Theorie und Praxis, sobald der Kreisverband den Zeitplan des Orts veröffentlicht hat; dieselben Zeiten stehen im Dialog der Anmeldung, in ihrer Kalenderdatei und im Kalender-Abo. Ändert sich eine Zeit, erhält, wer die Anmeldung angelegt hat, eine E-Mail.",
            },
          ],
        },
      ],
    },
    {
      id: "spalten-wertungsspiel",
      title: "Die Spalten der Wertungsspielanmeldungen",
      tags: ["Wertungsspiel", "Ergebnisse"],
      blocks: [
        {
          kind: "fields",
          entries: [
            {
              label: `${label("overview.column.id")}, ${label("overview.competition.column.name")}, ${label("overview.column.association")}`,
              text: "Nummer, Name der Gruppe und Verein.",
            },
            {
              label: `${label("overview.competition.column.type")}, ${label("overview.competition.column.cast")}, ${label("overview.competition.column.level")}`,
              text: "Wertungsspieltyp, Besetzung und Kategorie bzw. Altersgruppe.",
            },
            {
              label: label("overview.competition.column.documents"),
              text: "Ob die Unterlagen vollständig beim Kreisverband vorliegen (setzt der Kreisverband).",
            },
            { label: label("overview.column.songs"), text: "Ob alle Vortragsstücke eingetragen sind." },
            {
              label: `${label("overview.competition.column.points")}, ${label("overview.competition.column.mark")}`,
              text: "Das Ergebnis, sobald es veröffentlicht ist.",
            },
            {
              label: label("registration.timetable"),
              text: "Tag, Uhrzeit, Bühne und Ort des Vortrags, sobald der Kreisverband den Zeitplan veröffentlicht hat (ebenso im Dialog, in der Kalenderdatei und im Kalender-Abo).",
            },
          ],
        },
      ],
    },
    {
      id: "zeilenmenue",
      title: "Das Zeilenmenü: ändern, stornieren, löschen",
      tags: ["Bearbeiten", "Stornieren", "Löschen"],
      blocks: [
        { kind: "paragraph", text: "Über die drei Punkte am Ende einer Zeile öffnen Sie das Menü der Anmeldung. Es zeigt nur, was Sie gerade tun dürfen:" },
        {
          kind: "screenshot",
          file: "anmeldungsuebersicht-zeilenmenue.png",
          alt: "Geöffnetes Zeilenmenü einer D-Prüfungsanmeldung mit den Einträgen „Bearbeiten“ und „Löschen“",
          caption: "Das Zeilenmenü einer Anmeldung",
        },
        {
          kind: "fields",
          entries: [
            { label: label("overview.action.edit"), text: "Öffnet die ganze Anmeldung zum Ändern." },
            { label: label("overview.action.songs"), text: "Nur die Stücke können geändert werden, alles andere ist gesperrt." },
            {
              label: label("overview.action.view"),
              text: `Die Anmeldung ansehen, ohne etwas ändern zu können: der Dialog heißt dann ${ui("dexamForm.viewTitle")} oder ${ui("competitionForm.viewTitle")} und hat nur ${ui("common.close")}.`,
            },
            { label: label("overview.action.takeOver"), text: "Einen bestandenen Prüfungsteil in eine neue Anmeldung übernehmen (siehe unten)." },
            { label: label("overview.action.practiceSheet"), text: "Den ausgefüllten Praxisbogen der Person herunterladen." },
            { label: label("overview.action.consentForm"), text: "Die hochgeladene Einverständniserklärung (nur D-Prüfungen Freizeit)." },
            {
              label: label("calendar.download"),
              text: "Die Termine der Anmeldung (Vorbereitungslehrgang, Theorie- und Praxisprüfung oder das Wertungsspiel) als Kalenderdatei (.ics) für Outlook, Google Kalender oder Apple Kalender. Nicht bei stornierten Anmeldungen.",
            },
            {
              label: label("history.action"),
              text: "Wer die Anmeldung wann angelegt, geändert, storniert oder mit Ergebnissen versehen hat, mit den geänderten Feldern und ihrem alten und neuen Wert (etwa „Vorname: Lena → Lene“). Gesundheitsangaben und Bemerkungen erscheinen nur als „geändert“, nie mit ihrem Inhalt. Nur für die Anmeldungs- und Ergebnisverwaltung des Kreisverbands.",
            },
            { label: label("overview.action.cancel"), text: "Die Anmeldung stornieren. Sie bleibt ausgegraut in der Liste stehen." },
            {
              label: label("overview.action.eraseCampData"),
              text: "Nur für die Anmeldungsverwaltung, nach dem Ende einer Freizeit: löscht die Gesundheitsangaben, den Essenswunsch, die Impfungen, die Notfallkontakte und die Einverständniserklärung; die Anmeldung selbst bleibt.",
            },
            {
              label: label("overview.action.delete"),
              text: "Die Anmeldung endgültig löschen. Eine stornierte Anmeldung löscht nur die Anmeldungsverwaltung, etwa auf Antrag der Eltern; Anfragen zu einem Kind über alle Veranstaltungen beantwortet sie unter „Auskunft und Löschung“.",
            },
          ],
        },
        {
          kind: "box",
          box: "warning",
          text: "Eine Stornierung ist endgültig und kann von Ihnen nicht rückgängig gemacht werden. Stornierte Zeilen sind ausgegraut; das Symbol zeigt „Storniert am … Uhr“, auf dem Smartphone steht der Text daneben.",
        },
        {
          kind: "box",
          box: "info",
          text: "Wer eine Anmeldung angelegt hat, erhält eine Bestätigung per E-Mail: zur neuen Anmeldung, wenn jemand anderes sie ändert, wenn sie storniert oder gelöscht wird, wenn sich Termin oder Adresse eines ihrer Orte ändert (mit altem und neuem Wert) und wenn ein Ergebnis veröffentlicht wird (je Prüfungsteil eine E-Mail, auch für ein später eingetragenes Ergebnis). Legt die Anmeldungsverwaltung eine Anmeldung für einen Verein an (etwa nach einem Anruf), geht die Bestätigung an die Konten des Vereins. Wird einem Verein ein weiteres Konto zugeordnet, erfahren es die übrigen Konten des Vereins per E-Mail. Die E-Mail nennt Teilnehmer oder Ensemble, Prüfung oder Wertung, Orte mit Terminen und Adressen, bei Wertungsspielen die Stücke, und verlinkt die Übersicht; Angaben zur Gesundheit aus Freizeitanmeldungen enthält sie nie. Die E-Mails zu Ergebnissen lassen sich unter „Mein Account bearbeiten“ abschalten.",
        },
      ],
    },
    {
      id: "bearbeitungsphasen",
      title: "Bearbeitungsphasen: was wann geändert werden kann",
      tags: ["Bearbeitungsphase", "Fristen", "Stornieren", "Löschen"],
      blocks: [
        {
          kind: "paragraph",
          text: "Der Kreisverband legt für jede Veranstaltung eine Bearbeitungsphase fest. Sie bestimmt, was Sie an bestehenden Anmeldungen ändern können:",
        },
        {
          kind: "fields",
          entries: [
            { label: EDIT_PHASE_LABELS.NO_RESTRICTIONS, text: "Alle Felder sind änderbar, und Sie können Anmeldungen löschen." },
            { label: EDIT_PHASE_LABELS.SONGS_ONLY, text: "Nur die Stücke sind änderbar. Statt Löschen gibt es nur noch Stornieren." },
            { label: EDIT_PHASE_LABELS.NONE, text: "Nichts ist mehr änderbar; Sie können die Anmeldung nur noch ansehen oder stornieren." },
          ],
        },
        {
          kind: "paragraph",
          text: "Meist schließt der Kreisverband die Bearbeitung nach dem Anmeldeschluss. Eine stornierte Anmeldung kann nicht mehr gelöscht werden.",
        },
      ],
    },
    {
      id: "stuecke",
      title: "Prüfungs- und Vortragsstücke nachtragen",
      tags: ["Stücke", "Fristen", "Prüfungsstücke", "Vortragsstücke"],
      blocks: [
        {
          kind: "paragraph",
          text: `Stücke, die beim Anmelden noch nicht feststanden, tragen Sie über ${ui("overview.action.edit")} oder ${ui("overview.action.songs")} im Zeilenmenü nach. Die Spalte ${ui("overview.column.songs")} zeigt, ob noch etwas fehlt.`,
        },
        { kind: "box", box: "info", text: FOUR_WEEKS_RULE },
      ],
    },
    {
      id: "teilergebnis",
      title: "Teilergebnis übernehmen",
      tags: ["Teilprüfung", "D-Prüfung", "Ergebnisse"],
      blocks: [
        {
          kind: "paragraph",
          text: `Hat jemand nur einen Prüfungsteil bestanden (Theorie oder Praxis), bietet das Zeilenmenü ${ui("overview.action.takeOver")}. Damit entsteht eine neue Anmeldung zu einer anderen D-Prüfung Ihres Kreisverbands, deren Anmeldeschluss noch nicht erreicht ist. Der bestandene Teil wird als vorhandene Teilprüfung übernommen, gebucht wird nur noch der fehlende Teil. Die Person bleibt dieselbe.`,
        },
        {
          kind: "fields",
          entries: [
            { label: label("overview.takeover.event"), text: "Die D-Prüfung, in die übernommen wird." },
            {
              label: `${label("overview.takeover.theoryLocation")} / ${label("overview.takeover.practiceLocation")}`,
              text: "Der Ort des noch fehlenden Teils.",
            },
            { label: label("overview.takeover.preparationLocation"), text: "Freiwillig." },
            { label: label("overview.takeover.remarks"), text: "Hinweise an den Veranstalter." },
            {
              label: `${label("overview.takeover.privacyTitle")}, ${label("overview.takeover.cancellationTitle")}`,
              text: "Wie bei jeder Anmeldung zu akzeptieren. Mitarbeitende des Kreisverbands bestätigen die Einwilligung der Erziehungsberechtigten.",
            },
          ],
        },
        {
          kind: "box",
          box: "error",
          text: "Ungültige Kombinationen lehnt das System ab, zum Beispiel eine bereits bestandene Theorie noch einmal zu buchen. Dann erscheint „D-Prüfungsteilergebnis kann nicht übernommen werden“ mit dem Grund.",
        },
        {
          kind: "box",
          box: "info",
          text: `Öffnen Sie eine Anmeldung mit einer noch nicht geprüften vorhandenen Teilprüfung, erscheint der Hinweis ${ui("overview.partialResultUnverified")}. Der Kreisverband prüft die Angabe und setzt dann ${ui("dexamForm.field.verified")}.`,
        },
      ],
    },
    {
      id: "downloads",
      title: "Praxisbogen und Einverständniserklärungen herunterladen",
      tags: ["Praxisbogen", "Einverständniserklärung", "Download", "Ergebnisse"],
      blocks: [
        {
          kind: "list",
          items: [
            `${ui("overview.action.practiceSheet")} gibt es, sobald ein ausgefüllter Praxisbogen hochgeladen ist und die Ergebnisse des Praxisorts veröffentlicht sind (Mitarbeitende mit einer Anmeldungsrolle sehen ihn immer).`,
            `${ui("overview.action.consentForm")} gibt es nur bei D-Prüfungen Freizeit, wenn eine Einverständniserklärung hochgeladen wurde, und nur für das Konto, das angemeldet hat, und das Anmeldepersonal. Andere Konten des Vereins sehen bei der Anmeldung nur „Angaben zur Freizeit vorhanden“ und ändern die Gesundheitsdaten nicht.`,
            "Jeder Abruf von Gesundheitsdaten (Anmeldung mit Freizeitangaben, Einverständniserklärung, Liste mit Gesundheitsdaten) wird protokolliert; registration_manage sieht die Zugriffe unter „Änderungen“ einer Anmeldung und im Menü unter „Zugriffe auf Gesundheitsdaten“.",
            `Mitarbeitende mit einer Anmeldungsrolle laden bei D-Prüfungen Freizeit mit ${ui("overview.consentForms")} alle Einverständniserklärungen als eine ZIP-Datei herunter.`,
          ],
        },
        { kind: "box", box: "info", text: PUBLISHING_RULE },
      ],
    },
    {
      id: "verwaltung",
      title: "Für Mitarbeitende: Anmeldungen verwalten",
      tags: ["Rollen", "Verwaltung"],
      blocks: [
        {
          kind: "paragraph",
          text: `Mit der Rolle ${ui("role.registration_manage")} sehen Sie im Formular den Abschnitt ${ui("dexamForm.section.manage")}: ${ui("dexamForm.field.cancelledAt")} (leer lassen, wenn die Anmeldung nicht storniert ist), bei D-Prüfungen ${ui("dexamForm.field.verified")}, bei Wertungsspielen ${ui("competitionForm.field.documentsComplete")}. Sie können außerdem für jeden Verein des Kreisverbands anmelden, auch nach dem Anmeldeschluss, und Anmeldungen in jeder Bearbeitungsphase ändern oder löschen.`,
        },
        { kind: "paragraph", text: `Mit ${ui("role.registration_read")} sehen Sie alle Anmeldungen Ihres Kreisverbands, ändern aber nichts.` },
      ],
    },
  ],
};
