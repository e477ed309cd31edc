import { EDIT_PHASE_LABELS, FORM_TYPE_LABELS } from "@shared/labels";
import { label, ui } from "../labels";
import type { HelpPage } from "../types";

export const eventManageHelp: HelpPage = {
  route: "eventManageHelp",
  intro:
    "Unter „Veranstaltungen“ legen Sie die D-Prüfungen, D-Prüfungen Freizeit und Wertungsspiele Ihres Kreisverbands an: mit Anmeldeschluss, Bearbeitungsphase, Veröffentlichung und automatischer Löschung. Anlegen, Ändern, Duplizieren und Löschen erfordern die Rolle „Veranstaltungen verwalten“.",
  items: [
    {
      id: "tabelle",
      title: "Die Veranstaltungsliste",
      tags: ["Übersicht", "Veranstaltungen"],
      blocks: [
        {
          kind: "screenshot",
          file: "veranstaltungen.png",
          alt: "Seite „Veranstaltungen“ mit der Schaltfläche „Neue Veranstaltung“ und der Tabelle mit Art, Bearbeitungsphase, automatischer Löschung, Anmeldeschluss und Veröffentlichung",
          caption: "Die Veranstaltungen des Kreisverbands",
        },
        {
          kind: "paragraph",
          text: "Ein Klick auf eine Spaltenüberschrift sortiert die Tabelle nach dieser Spalte aufsteigend, ein zweiter absteigend, ein dritter hebt die Sortierung auf. Die Sortierung steht in der Adresse der Seite: Ein Lesezeichen oder das Neuladen behält sie. Das gilt ebenso für die Tabellen der Veranstaltungsorte, der Kreisverbände und der Ergebnisse.",
        },
        {
          kind: "fields",
          entries: [
            { label: `${label("event.field.id")}, ${label("event.field.name")}`, text: "Nummer und Name der Veranstaltung." },
            { label: label("event.field.formType"), text: `${Object.values(FORM_TYPE_LABELS).join(", ")}.` },
            { label: label("event.field.editPhase"), text: "Was Vereine an ihren Anmeldungen noch ändern dürfen (siehe unten)." },
            { label: label("event.field.expiration"), text: "Der Tag, nach dem die Veranstaltung mit allen Daten gelöscht wird." },
            { label: label("event.field.registrationDeadline"), text: "Bis zu diesem Tag (23:59:59 Uhr) sind neue Anmeldungen möglich." },
            { label: label("event.field.published"), text: "Ob die Veranstaltung gerade veröffentlicht ist, also auf der Startseite für alle erscheint." },
          ],
        },
      ],
    },
    {
      id: "formular",
      title: "Veranstaltung anlegen und bearbeiten",
      tags: ["Anlegen", "Bearbeiten", "Fristen", "Pflichtfelder"],
      blocks: [
        {
          kind: "screenshot",
          file: "veranstaltung-bearbeiten.png",
          alt: "Dialog „Veranstaltung bearbeiten“ mit Name, Beschreibung, Art, Bearbeitungsphase, Anmeldeschluss und Veröffentlichungszeitraum",
          caption: "Der Dialog einer Veranstaltung",
        },
        {
          kind: "fields",
          entries: [
            { label: label("event.field.name"), text: "Pflichtfeld; so erscheint die Veranstaltung auf der Startseite." },
            { label: label("event.field.description"), text: "Ein kurzer Text für die Karte auf der Startseite." },
            { label: label("event.field.formType"), text: `Pflichtfeld. ${label("event.formTypeFixed")} Die Art bestimmt das Anmeldeformular.` },
            { label: label("event.field.editPhase"), text: `Pflichtfeld: ${Object.values(EDIT_PHASE_LABELS).join(", ")}.` },
            { label: label("event.field.registrationDeadline"), text: `Pflichtfeld. ${label("event.deadlineHint")}` },
            {
              label: `${label("event.field.startPublishing")}, ${label("event.field.finishPublishing")}`,
              text: "Pflichtfelder: der Zeitraum, in dem die Veranstaltung auf der Startseite erscheint.",
            },
            {
              label: label("event.field.expiration"),
              text: "Der Tag der automatischen Löschung; für D-Prüfungen Freizeit ein Pflichtfeld. Das Formular schlägt ihn nach Art und letztem Tag der Veranstaltung vor (siehe „Veröffentlichung und automatische Löschung“) und passt den Vorschlag an, solange Sie keinen eigenen Tag wählen. Ohne Angabe speichert das System den Vorschlag.",
            },
            {
              label: `${label("event.field.start")}, ${label("event.field.end")}, ${label("event.field.address")}`,
              text: "Wann und wo die Veranstaltung stattfindet.",
            },
            { label: label("event.field.cancellationConditions"), text: "Wenn eingetragen, müssen sie bei jeder Anmeldung akzeptiert werden." },
            { label: label("event.field.privacyPolicy"), text: "Pflichtfeld; muss bei jeder Anmeldung akzeptiert werden." },
          ],
        },
      ],
    },
    {
      id: "fristen",
      title: "Anmeldeschluss und Bearbeitungsphase",
      tags: ["Fristen", "Bearbeitungsphase"],
      blocks: [
        {
          kind: "paragraph",
          text: "Nach dem Anmeldeschluss können Vereine keine neuen Anmeldungen mehr anlegen. Was sie an bestehenden Anmeldungen ändern können, bestimmt die Bearbeitungsphase:",
        },
        {
          kind: "fields",
          entries: [
            { label: EDIT_PHASE_LABELS.NO_RESTRICTIONS, text: "Alles ist änderbar; Vereine können Anmeldungen auch löschen." },
            { label: EDIT_PHASE_LABELS.SONGS_ONLY, text: "Nur die Stücke sind änderbar; Anmeldungen können nur noch storniert werden." },
            { label: EDIT_PHASE_LABELS.NONE, text: "Nichts ist mehr änderbar; Anmeldungen können nur noch storniert werden." },
          ],
        },
        {
          kind: "box",
          box: "info",
          text: "Üblich ist, nach dem Anmeldeschluss auf „Geschlossen“ zu stellen, oder auf „Nur Stücke“, solange Vereine ihre Stücke noch nachtragen sollen. Mitarbeitende mit „Anmeldungen verwalten“ können Anmeldungen in jeder Phase ändern.",
        },
      ],
    },
    {
      id: "veroeffentlichung",
      title: "Veröffentlichung und automatische Löschung",
      tags: ["Veröffentlichung", "Datenschutz", "Löschen"],
      blocks: [
        {
          kind: "paragraph",
          text: `Eine Veranstaltung ist veröffentlicht, wenn ${ui("event.field.startPublishing")} erreicht und ${ui("event.field.finishPublishing")} noch nicht vorbei ist. Vorher und nachher sehen sie nur Mitarbeitende des Kreisverbands.`,
        },
        {
          kind: "box",
          box: "warning",
          text: "Am Tag nach der „Automatischen Löschung“ löscht das System die Veranstaltung mit allen Orten, Anmeldungen, Ergebnissen, Gesundheitsdaten und Dateien, dazu die Einträge der Anmeldungen im Änderungsprotokoll und ihre E-Mails. Laden Sie vorher herunter, was Sie aufbewahren müssen.",
        },
        {
          kind: "paragraph",
          text: "Der Vorschlag für den Tag der Löschung: D-Prüfungen Freizeit enthalten Gesundheitsdaten von Kindern und werden drei Monate nach ihrem letzten Tag gelöscht. D-Prüfungen bleiben bis zum Ende des übernächsten Jahres, damit ein bestandener Prüfungsteil in den beiden folgenden Jahren als Teilergebnis übernommen werden kann (die Übernahme braucht die alte Anmeldung). Wertungsspiele bleiben bis zum Ende des Folgejahres. Ein Teilergebnis aus einer bereits gelöschten Veranstaltung tragen Sie unter „Vorhandene Teilprüfung“ von Hand ein; die Anmeldungsverwaltung bestätigt es.",
        },
      ],
    },
    {
      id: "zeilenmenue",
      title: "Statistik, Duplizieren und Liste für Urkundendruck",
      tags: ["Statistik", "Duplizieren", "Kopieren", "Urkunden", "Download"],
      blocks: [
        {
          kind: "fields",
          entries: [
            {
              label: label("event.action.statistic"),
              text: "Zahlen zu Anmeldungen, Kursen, Instrumenten, Vereinen und Ergebnissen; für die Rollen „Anmeldungen lesen“ und „Anmeldungen verwalten“.",
            },
            {
              label: label("event.action.copy"),
              text: `${ui("event.copyMode.new")}: Es entsteht eine neue, nicht veröffentlichte Veranstaltung „Kopie von …“ mit den Stammdaten und allen Veranstaltungsorten. Unter ${ui("event.duplicateStart")} wählen Sie den ersten Tag der Kopie (vorgeschlagen ist derselbe Tag im nächsten Jahr); alle Termine (Anmeldeschluss, Veröffentlichung, automatische Löschung, Beginn und Ende der Veranstaltung und ihrer Orte) verschieben sich um dieselbe Anzahl Tage. Prüfen Sie die Angaben danach unter ${ui("event.action.edit")} und legen Sie fest, ab wann die Kopie veröffentlicht wird. ${ui("event.copyMode.into")}: ${label("event.copyText")} Als ${ui("event.copyTarget")} stehen nur Veranstaltungen derselben Art zur Wahl, deren Anmeldeschluss noch bevorsteht (D-Prüfungen und D-Prüfungen Freizeit gelten als eine Art); vor dem Kopieren fragt das System mit dem Namen der Zielveranstaltung nach.`,
            },
            { label: label("event.action.certificateList"), text: "Eine Liste der Ergebnisse für den Druck der Urkunden; für die Ergebnisrollen." },
          ],
        },
        {
          kind: "box",
          box: "error",
          text: `${ui("event.action.delete")} entfernt die Veranstaltung mit allen Veranstaltungsorten, Anmeldungen und Ergebnissen. Das lässt sich nicht rückgängig machen.`,
        },
      ],
    },
    {
      id: "zeitplan",
      title: "Zeitplan: wer wann wo spielt",
      tags: ["Zeitplan", "Planen", "Verschieben", "Veröffentlichen", "Drucken", "Kalender"],
      blocks: [
        {
          kind: "paragraph",
          text: `Nach dem Anmeldeschluss plant die Geschäftsstelle unter ${ui("route.timetable")} (im Menü, oder im Zeilenmenü einer Veranstaltung unter ${ui("event.action.timetable")}), wer wann in welchem Raum, vor welcher Prüfungskommission oder auf welcher Bühne spielt. Geplant wird je Veranstaltungsort: Theorieorte als Sitzungen mit mehreren Prüflingen, Praxisorte als einzelne Prüfungen, Wertungsspielorte als Vorträge in der Reihenfolge der Kategorien. Ansehen und drucken dürfen die Rollen „Veranstaltungen verwalten“, „Anmeldungen lesen“ und „Anmeldungen verwalten“; planen, ändern und veröffentlichen nur „Veranstaltungen verwalten“.`,
        },
        {
          kind: "screenshot",
          file: "zeitplan.png",
          alt: "Seite „Zeitplan“ mit der Auswahl der Veranstaltung, den Schaltflächen „Zeitplan erstellen“ und „Neu planen“, je Veranstaltungsort der Auswahl des Tags und einer Tabelle je Raum mit Zeit, Name, Prüfung, Verein und Fixierung",
          caption: "Der Zeitplan einer D-Prüfung",
        },
        {
          kind: "list",
          ordered: true,
          items: [
            `${ui("timetable.rules.edit")}: die Tage mit Beginn, Ende und Pausen (z. B. 12:00-13:00), die parallel belegten Räume, Kommissionen oder Bühnen (einer je Zeile) und die Dauer: Praxisprüfung, Theoriesitzung mit Plätzen je Raum, bei Wertungsspielen Einspielen/Aufbau und Umbau (die Dauer der Stücke kommt aus der Anmeldung). Unter ${ui("timetable.rules.overrides")} gilt für einen Kurs, ein Instrument oder beides eine andere Dauer der Praxisprüfung (z. B. D3 mit 30 Minuten); die genaueste Angabe gilt. Solange nichts gespeichert ist, plant das System mit den Zeiten des Orts, einem Raum und üblichen Längen.`,
            `${ui("timetable.plan")}: verteilt alle gültigen Anmeldungen. Niemand ist zweimal zur selben Zeit eingeplant (Theorie und Praxis desselben Prüflings, eine Dirigentin mit zwei Ensembles), nichts liegt außerhalb der Regeln. Ein erneutes Planen nach späten Änderungen lässt gültige Einträge stehen, gibt die Zeiten stornierter Anmeldungen frei und setzt neue Anmeldungen in freie Zeiten. ${ui("timetable.startOver")} verteilt alles neu, nur fixierte Einträge bleiben.`,
            `Die Seite zeigt je Ort einen Tag: unter ${ui("timetable.days")} den Tag wählen, dann erscheint je Raum eine Tabelle. Ort und Tag stehen in der Adresse der Seite, ein Link oder Neuladen zeigt denselben Tag.`,
            `Im Zeilenmenü eines Eintrags: ${ui("timetable.action.move")} (Raum, Tag und Beginn wählen), ${ui("timetable.action.swap")} (ein anderer Eintrag desselben Orts am gezeigten Tag), ${ui("timetable.action.lock")} bzw. ${ui("timetable.action.unlock")}. Alles geht mit Maus oder Tastatur (Tab, Eingabe, Pfeiltasten). Ein verschobener Eintrag wird fixiert.`,
            `${ui("timetable.publish")}: Die Vereine sehen ihre Zeiten in der Anmeldungsübersicht (Spalte ${ui("registration.timetable")}) und im Dialog der Anmeldung; wer die Anmeldung angelegt hat, erhält eine E-Mail, und die Zeit steht in der Kalenderdatei der Anmeldung und im Kalender-Abo. Vorher sehen Vereine nichts davon.`,
          ],
        },
        {
          kind: "screenshot",
          file: "zeitplan-verschieben.png",
          alt: "Dialog „Felix Flöte verschieben“ mit Raum / Bühne, Tag und Beginn; „Verschieben“ erst nach einer Änderung ohne Konflikte",
          caption: "Verschieben mit Prüfung auf Konflikte vor dem Speichern",
        },
        {
          kind: "box",
          box: "info",
          text: `Schon beim Auswählen prüft das System, ob die neue Zeit passt, und nennt Konflikte (Raum belegt, Person zur selben Zeit an anderer Stelle, außerhalb der Zeiten oder in einer Pause); dann lässt sich nicht speichern. Hat inzwischen jemand anderes den Eintrag geändert, wird die Änderung abgewiesen wie bei jeder Bearbeitung: Seite neu laden und noch einmal versuchen. Jede Änderung an einem veröffentlichten Zeitplan schickt den Betroffenen eine neue E-Mail und aktualisiert ihren Kalendereintrag.`,
        },
        {
          kind: "paragraph",
          text: `Das Menü „Drucken“ neben jedem Ort bietet ${ui("timetable.print.timetable.pdf")}, ${ui("timetable.print.attendance.pdf")} mit Unterschriftenspalte und ${ui("timetable.print.examiners.pdf")} (ohne Gesundheitsdaten), je Raum und Tag, ebenso als Excel-Datei.`,
        },
      ],
    },
    {
      id: "rechnungen",
      title: "Gebühren und Rechnungen an die Vereine",
      tags: ["Rechnungen", "Gebühren", "SEPA", "Zahlungen", "Kontoauszug"],
      blocks: [
        {
          kind: "paragraph",
          text: `Unter ${ui("route.invoiceManage")} stellt die Geschäftsstelle den Vereinen die Gebühren einer Veranstaltung in Rechnung, als E-Rechnung (PDF mit eingebetteter XRechnung nach EN 16931). Lesen dürfen die Rollen „Rechnungen lesen“ und „Rechnungen verwalten“; Gebühren festlegen, Rechnungen stellen, stornieren, Gutschriften, Zahlungen und Lastschriften nur „Rechnungen verwalten“. Das System ersetzt keine Buchhaltung: es stellt Rechnungen, liest Zahlungen ein und zeigt die offenen Posten.`,
        },
        {
          kind: "list",
          ordered: true,
          items: [
            `Einmalig ${ui("invoice.seller.title")}: Name, Anschrift, E-Mail, IBAN, Steuernummer oder USt-IdNr. oder der Hinweis auf die Steuerbefreiung des gemeinnützigen Vereins, Vereinsregistereintrag, für Lastschriften die Gläubiger-Identifikationsnummer. Administratoren erreichen ihn auch in der Kreisverbandsverwaltung.`,
            `Je Verein in der Vereinsverwaltung unter ${ui("invoice.billing.title")}: abweichende Rechnungsanschrift, Käuferreferenz und das SEPA-Lastschriftmandat (die IBAN wird verschlüsselt gespeichert und nur mit den letzten vier Zeichen gezeigt).`,
            `Veranstaltung wählen, ${ui("invoice.fees.edit")}: Beträge je Anmeldung (D-Prüfungen je Kurs für Theorie, Praxis und Lehrgang/Freizeit; Wertungsspiele je Art, auf Wunsch je Kategorie) und eine Verspätungsgebühr für Anmeldungen nach einem Zeitpunkt. Abgerechnet werden gültige (nicht stornierte) Anmeldungen.`,
            `Nach dem Anmeldeschluss ${ui("invoice.issue")}: nach einer Rückfrage erhält jeder Verein mit kostenpflichtigen Anmeldungen eine Rechnung mit fortlaufender Nummer, per E-Mail an seine Rechnungs-E-Mail; die Meldung nennt die Zahl der erstellten Rechnungen. Ein zweiter Aufruf stellt nur Vereinen eine Rechnung, die noch keine gültige haben.`,
          ],
        },
        {
          kind: "screenshot",
          file: "rechnungen.png",
          alt: "Seite „Rechnungen“ mit der Auswahl der Veranstaltung, den Schaltflächen „Gebühren bearbeiten“ und „Rechnungen erstellen“, den Gebühren und der Tabelle der Rechnungen mit Nummer, Verein, Betrag, Status und Fälligkeit",
          caption: "Gebühren und Rechnungen einer Veranstaltung",
        },
        {
          kind: "screenshot",
          file: "rechnungen-gebuehren.png",
          alt: "Dialog „Gebühren bearbeiten“ mit den Beträgen je Kurs für Theorie und Praxis und der Verspätungsgebühr",
          caption: "Die Gebühren einer D-Prüfung",
        },
        {
          kind: "paragraph",
          text: `Im Zeilenmenü einer Rechnung: ${ui("invoice.action.pdf")}, ${ui("invoice.action.xml")}, ${ui("invoice.action.paid")} (mit dem Zahlungsdatum), ${ui("invoice.action.credit")} (ein Teilbetrag mit Grund) und ${ui("invoice.action.cancel")}. Eine ausgestellte Rechnung wird nie geändert: Stornieren stellt nach einer Rückfrage eine Stornorechnung mit eigener Nummer, danach kann eine neue Rechnung gestellt werden.`,
        },
        {
          kind: "paragraph",
          text: `${ui("invoice.openItems.title")} zeigt je Verein, was die Rechnungen noch fordern und was zu viel gezahlt wurde. ${ui("invoice.debit.create")} erstellt zum Einzugsdatum die SEPA-Lastschriftdatei (pain.008) der fälligen Rechnungen aller Vereine mit Mandat zum Hochladen im Online-Banking; jede Rechnung wird nur einmal eingezogen. ${ui("invoice.import.title")} liest einen Kontoauszug (camt.053) oder eine Buchungsbenachrichtigung (camt.054) ein und ordnet Gutschriften über die Rechnungsnummer im Verwendungszweck zu; das Ergebnis nennt zugeordnete und nicht zugeordnete Gutschriften, Teil- und Überzahlungen erscheinen im Status.`,
        },
        {
          kind: "box",
          box: "info",
          text: "Eine Datei, die schon eingelesen wurde, wird abgewiesen; dieselbe Buchung in Benachrichtigung und Tagesauszug zählt nur einmal. Nicht zugeordnete Gutschriften (ohne Rechnungsnummer) tragen Sie nach Prüfung mit „Als bezahlt markieren“ ein.",
        },
      ],
    },
  ],
};
