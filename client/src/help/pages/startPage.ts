import { CAST_LABELS, COMPETITION_TYPE_LABELS, FORM_TYPE_LABELS, MEAL_REQUEST_LABELS, PERCUSSION_SONG_LABELS, VACCINATION_LABELS } from "@shared/labels";
import { label, ui } from "../labels";
import { FOUR_WEEKS_RULE, PHONE_PREFIX_RULE } from "../rules";
import type { HelpPage } from "../types";

export const startPageHelp: HelpPage = {
  route: "startPageHelp",
  intro:
    "Die Startseite zeigt alle aktuellen Veranstaltungen, für die Sie sich anmelden können: D-Prüfungen, D-Prüfungen Freizeit und Wertungsspiele. Von hier aus legen Sie neue Anmeldungen an.",
  items: [
    {
      id: "ueberblick",
      title: "Die Veranstaltungen im Überblick",
      tags: ["Übersicht", "Veranstaltungen"],
      blocks: [
        {
          kind: "paragraph",
          text: "Für jede Veranstaltung, die heute oder später stattfindet, sehen Sie eine Karte. Eine Karte bleibt auch nach dem Anmeldeschluss sichtbar, bis die Veranstaltung vorbei ist; anmelden können Sie sich dann aber nicht mehr. Veranstaltungen, bei denen Sie sich noch anmelden können, stehen oben; die nach dem Anmeldeschluss folgen darunter, blasser und gestrichelt umrandet.",
        },
        {
          kind: "screenshot",
          file: "start-uebersicht.png",
          alt: "Startseite mit der Auswahl „Veranstalter“ und Karten der Veranstaltungen „D-Prüfungen Frühjahr“ und „Wertungsspiele“ mit Anmeldeschluss, Terminen und der Schaltfläche „Neue Anmeldung“",
          caption: "Die Startseite mit den Karten der aktuellen Veranstaltungen",
        },
        {
          kind: "fields",
          entries: [
            {
              label: label("start.districtAssociation"),
              text: `Zeigt zuerst die Veranstaltungen Ihres eigenen Kreisverbands. Sie können einen anderen Kreisverband wählen oder die Auswahl leeren, um ${ui("start.allDistrictAssociations")} zu sehen.`,
            },
          ],
        },
      ],
    },
    {
      id: "karte",
      title: "Was eine Veranstaltungskarte zeigt",
      tags: ["Veranstaltungen", "Termine", "Fristen"],
      blocks: [
        {
          kind: "list",
          items: [
            `Name und Art der Veranstaltung: ${Object.values(FORM_TYPE_LABELS).join(", ")}.`,
            "Den Veranstalter (Kreisverband), Untertitel und Beschreibung.",
            `Den ${ui("event.field.registrationDeadline")}: Anmeldungen sind bis 23:59:59 Uhr dieses Tages möglich.`,
            `Die ${ui("start.locations")}, nach Art gruppiert mit Datum, Uhrzeit und Adresse. Bei D-Prüfungen sind das ${ui("start.group.DEXAM_THEORY")}, ${ui("start.group.DEXAM_PRACTICE")} und ${ui("start.group.DEXAM_PREPARATION")}; bei Wertungsspielen die Wertungsspielorte mit den dort angebotenen Wertungsarten.`,
            `Gibt es für eine Art noch keinen Termin, steht dort ${ui("start.noDates")}.`,
            `Hat die Veranstaltung Termine, lädt ${ui("calendar.download")} sie als Kalenderdatei (.ics) herunter, die Outlook, Google Kalender und Apple Kalender öffnen. Die Termine aller Anmeldungen Ihrer Vereine bekommen Sie laufend über das Kalender-Abo unter „Mein Account bearbeiten“.`,
          ],
        },
        {
          kind: "box",
          box: "info",
          text: `Mitarbeitende des Kreisverbands sehen auch Veranstaltungen, die noch nicht veröffentlicht sind. Diese Karten sind mit ${ui("start.unpublished")} gekennzeichnet; Vereinsmitglieder sehen sie nicht.`,
        },
      ],
    },
    {
      id: "neue-anmeldung",
      title: "Eine neue Anmeldung anlegen",
      tags: ["Anmeldung", "Fristen", "Profil"],
      blocks: [
        {
          kind: "paragraph",
          text: `Mit ${ui("start.newRegistration")} auf der Karte öffnen Sie das Anmeldeformular der Veranstaltung: ${ui("start.dialog.dexamTitle")} für D-Prüfungen oder ${ui("start.dialog.competitionTitle")} für Wertungsspiele. Füllen Sie das Formular aus und klicken Sie auf ${ui("start.dialog.submit")}. Eine grüne Meldung unten im Browser bestätigt die Anmeldung.`,
        },
        {
          kind: "paragraph",
          text: `Die Schaltfläche ${ui("start.newRegistration")} ist gesperrt, wenn`,
        },
        {
          kind: "list",
          items: [
            "der Anmeldeschluss vorbei ist,",
            "Sie noch keinem Verein zugeordnet sind (das erledigt Ihr Kreisverband in der Benutzerverwaltung; mit der Rolle „Anmeldungen verwalten“ brauchen Sie für die Veranstaltungen Ihres Kreisverbands keinen eigenen Verein) oder",
            "Ihr Benutzerprofil unvollständig ist: Straße, Postleitzahl, Ort und Telefonnummer müssen eingetragen sein.",
          ],
        },
        {
          kind: "box",
          box: "error",
          text: `Sehen Sie oben den roten Hinweis ${ui("banner.incompleteProfile.title")}, ergänzen Sie Ihre Daten unter ${ui("route.editProfile")}. Erst danach können Sie Anmeldungen anlegen.`,
        },
        {
          kind: "box",
          box: "warning",
          text: "Nach dem Anmeldeschluss ist keine neue Anmeldung mehr möglich. Melden Sie rechtzeitig an; fehlende Stücke können Sie später in der Anmeldungsübersicht nachtragen.",
        },
      ],
    },
    {
      id: "formulare",
      title: "Formulare ausfüllen: Pflichtfelder, Datum und Uhrzeit",
      tags: ["Formular", "Pflichtfelder", "Datum", "Uhrzeit"],
      blocks: [
        {
          kind: "list",
          items: [
            `Felder mit einem roten Sternchen (*) sind Pflichtfelder, auch Auswahlfelder wie ${ui("dexamForm.field.gender")}, ${ui("dexamForm.field.instrument")} oder ${ui("dexamForm.field.type")}.`,
            `Ein Datum geben Sie als ${ui("date.placeholder")} ein (z. B. 05.06.2012; 5.6.2012 geht auch) oder wählen es mit ${ui("date.calendarOpen")} im Kalender. Eine Uhrzeit geben Sie als ${ui("time.placeholder")} im 24-Stunden-Format ein (z. B. 18:30). Das gilt unabhängig von der Sprache Ihres Browsers.`,
            `Titel und Schaltflächen des Formulars bleiben stehen, während Sie durch die Felder blättern, auch auf dem Smartphone.`,
            `Schicken Sie ein Formular mit Fehlern ab, springt der Cursor zum ersten Feld mit Fehler; die Meldung steht unter dem Feld.`,
          ],
        },
        {
          kind: "box",
          box: "info",
          text: `Schließen Sie ein Formular, in das Sie schon etwas eingegeben haben (mit ${ui("dialog.close")} oben rechts, ${ui("common.cancel")}, der Escape-Taste oder einem Klick neben das Formular), fragt das Programm ${ui("dialog.discardTitle")}. Mit ${ui("dialog.keepEditing")} bleiben Ihre Eingaben erhalten, mit ${ui("dialog.discard")} werden sie verworfen.`,
        },
      ],
    },
    {
      id: "d-pruefung",
      title: "Anmeldung zur D-Prüfung (D1, D2, D3)",
      tags: ["D-Prüfung", "Anmeldung", "Prüfungsstücke", "Teilprüfung"],
      blocks: [
        {
          kind: "screenshot",
          file: "start-dpruefung-anmelden.png",
          alt: "Dialog „Neue D-Prüfungsanmeldung anlegen“, Abschnitt „Prüfung“: Instrument Klarinette, Kurs D2 und die Auswahl der Orte für Theorieprüfung, Praxisprüfung und Vorbereitungslehrgang",
          caption: "Das Formular der D-Prüfungsanmeldung",
        },
        {
          kind: "fields",
          entries: [
            {
              label: label("dexamForm.section.person"),
              text: `${label("dexamForm.field.firstname")}, ${label("dexamForm.field.lastname")}, ${label("dexamForm.field.birthdate")} und ${label("dexamForm.field.gender")} der Person, die die Prüfung ablegt.`,
            },
            {
              label: label("dexamForm.section.club"),
              text: "Der Verein, für den Sie anmelden. Zur Auswahl stehen nur Ihre eigenen Vereine; mit der Rolle „Anmeldungen verwalten“ alle Vereine des Kreisverbands, der die Veranstaltung ausrichtet, etwa für eine telefonische Anmeldung.",
            },
            {
              label: label("dexamForm.field.instrument"),
              text: "Das Instrument der Prüfung. Wechseln Sie das Instrument, wird die gewählte Praxisprüfung geleert.",
            },
            { label: label("dexamForm.field.type"), text: "Der Kurs D1, D2 oder D3. Ein Wechsel des Kurses leert alle drei Ortsauswahlen." },
            {
              label: `${label("dexamForm.field.theoryLocationId")}, ${label("dexamForm.field.practiceLocationId")}, ${label("dexamForm.field.preparationLocationId")}`,
              text: `Der Ort und Termin jedes Prüfungsteils. Angeboten werden nur Orte, die Kurs und (bei der Praxisprüfung) Instrument anbieten. Mindestens die Theorie- oder die Praxisprüfung ist zu wählen; der Vorbereitungslehrgang ist freiwillig. ${ui("dexamForm.location.none")} bucht diesen Teil nicht.`,
            },
            {
              label: label("dexamForm.section.partialResult"),
              text: `Nur ausfüllen, wenn ein Prüfungsteil früher schon bestanden wurde: ${label("dexamForm.field.partialType")} (Theorie oder Praxis), ${label("dexamForm.field.partialDistrict")}, ${label("dexamForm.field.partialYear")}, ${label("dexamForm.field.partialLocation")} und ${label("dexamForm.field.partialPoints")}. Dieser Teil wird dann nicht noch einmal gebucht. Der Kreisverband prüft die Angabe.`,
            },
            {
              label: label("dexamForm.field.remarks"),
              text: "Alles, was der Veranstalter wissen sollte. Bemerkungen werden wie die Gesundheitsangaben verschlüsselt gespeichert.",
            },
            {
              label: label("dexamForm.section.consents"),
              text: "Die Datenschutzhinweise müssen Sie akzeptieren. Hat die Veranstaltung Stornobedingungen, müssen Sie auch diese akzeptieren. Hat die Veranstaltung ein Datum der automatischen Löschung, steht es unter den Datenschutzhinweisen; an diesem Tag werden alle Anmeldungen der Veranstaltung gelöscht.",
            },
            {
              label: label("start.dialog.dexamSongs"),
              text: `Vier Zeilen mit ${label("dexamForm.field.songNumber")} und ${label("dexamForm.field.songName")}; nur sichtbar, wenn eine Praxisprüfung gebucht ist. Beim Schlagwerk heißen die Zeilen ${PERCUSSION_SONG_LABELS.join(", ")}. Ein Titel ist Pflicht, sobald eine Nummer eingetragen ist.`,
            },
          ],
        },
        { kind: "box", box: "info", text: FOUR_WEEKS_RULE },
        {
          kind: "paragraph",
          text: "Bestanden ist die D-Prüfung mit mindestens 24 Punkten in der Theorie und mindestens 36 Punkten in der Praxis. Eine geprüfte vorhandene Teilprüfung zählt für ihren Teil.",
        },
      ],
    },
    {
      id: "freizeit",
      title: "D-Prüfungen Freizeit: zusätzliche Angaben",
      tags: ["Freizeit", "D-Prüfung", "Telefon", "Einverständniserklärung"],
      blocks: [
        {
          kind: "paragraph",
          text: `Bei ${FORM_TYPE_LABELS.DEXAM_CAMP} (Prüfung mit Freizeit) gibt es zusätzlich den Abschnitt ${ui("dexamForm.section.camp")}. Diese Gesundheits- und Notfalldaten werden verschlüsselt gespeichert und nur für die Freizeit verwendet.`,
        },
        {
          kind: "fields",
          entries: [
            {
              label: `${label("dexamForm.field.diseases")}, ${label("dexamForm.field.intolerances")}, ${label("dexamForm.field.allergies")}`,
              text: "Was die Betreuer wissen müssen. Leer lassen, wenn nichts zutrifft.",
            },
            { label: label("dexamForm.field.mealRequest"), text: `Pflichtfeld: ${Object.values(MEAL_REQUEST_LABELS).join(", ")}.` },
            {
              label: label("dexamForm.camp.vaccinations"),
              text: `${Object.values(VACCINATION_LABELS).join(" und ")}: Haken bei ${ui("dexamForm.field.vaccinationAvailable")} setzen und dann das ${label("dexamForm.field.vaccinationDate")} eintragen.`,
            },
            {
              label: label("dexamForm.camp.contacts"),
              text: `Mindestens ein Notfallkontakt mit ${label("dexamForm.field.contactName")} und ${label("dexamForm.field.contactPhone")}; mit ${ui("dexamForm.camp.addContact")} kommen weitere dazu.`,
            },
            {
              label: label("dexamForm.field.consentForm"),
              text: "Pflicht: die von den Erziehungsberechtigten unterschriebene Einverständniserklärung als Foto oder Scan (.jpeg, .jpg, .png, .pdf oder .heic, höchstens 5 MB). Sie kann nur beim Anlegen der Anmeldung hochgeladen werden.",
            },
            {
              label: label("dexamForm.consents.health"),
              text: "Pflicht beim Anlegen, zusätzlich zu den Datenschutzhinweisen: die ausdrückliche Einwilligung in die Verarbeitung der Gesundheitsdaten (Art. 9 Abs. 2 lit. a DSGVO) durch eine sorgeberechtigte Person oder mit deren Einverständnis. Wer als Mitarbeitende/r des Kreisverbands telefonisch anmeldet, bestätigt damit, dass die Erziehungsberechtigten eingewilligt haben. Beim Bearbeiten zeigt die Anmeldung, ob die Einwilligung erteilt wurde.",
            },
          ],
        },
        { kind: "box", box: "warning", text: PHONE_PREFIX_RULE },
      ],
    },
    {
      id: "wertungsspiel",
      title: "Anmeldung zum Wertungsspiel",
      tags: ["Wertungsspiel", "Anmeldung", "Vortragsstücke"],
      blocks: [
        {
          kind: "screenshot",
          file: "start-wertungsspiel-anmelden.png",
          alt: "Dialog „Neue Wertungsspielanmeldung anlegen“ mit den Abschnitten „Gruppe“ (Name der Gruppe, Verein, Dirigent, Anzahl Musiker) und „Wertung“ (Wertungsspieltyp K – Konzertmusik, Besetzung Jugendblasorchester, Kategorie)",
          caption: "Das Formular der Wertungsspielanmeldung",
        },
        {
          kind: "fields",
          entries: [
            { label: label("competitionForm.field.name"), text: "Der Name, unter dem die Gruppe auftritt." },
            { label: label("dexamForm.field.association"), text: "Einer Ihrer Vereine." },
            { label: `${label("competitionForm.field.conductorName")}, ${label("competitionForm.field.numberOfMusicians")}`, text: "Pflichtfelder." },
            {
              label: label("competitionForm.field.type"),
              text: `${Object.values(COMPETITION_TYPE_LABELS).join("; ")}. Ein Wechsel des Typs leert Besetzung, Kategorie und Altersgruppe.`,
            },
            {
              label: label("competitionForm.field.cast"),
              text: `Hängt vom Typ ab: bei B und G ${[CAST_LABELS.S, CAST_LABELS.SK, CAST_LABELS.E, CAST_LABELS.BG, CAST_LABELS.P].join(", ")}; sonst ${[CAST_LABELS.B, CAST_LABELS.JB, CAST_LABELS.SL].join(", ")}.`,
            },
            { label: label("competitionForm.field.category"), text: "Schwierigkeit von 1 (sehr leicht) bis 6; bei allen Typen außer B und G." },
            { label: label("competitionForm.field.ageGroup"), text: "Statt der Kategorie bei den Typen B (II bis VI) und G (IA, IB, II bis VI)." },
            { label: label("competitionForm.field.members"), text: "Nur bei Typ G: ein Teilnehmer pro Zeile." },
            {
              label: label("start.dialog.competitionSongs"),
              text: `${label("competitionForm.songs.mandatory")} und ${label("competitionForm.songs.selfChosen")}, bei den Typen B und G vier Stücke. Je Stück ${label("competitionForm.field.songName")}, ${label("competitionForm.field.composer")}, ${label("competitionForm.field.publisher")}, ${label("competitionForm.field.arranger")} und ${label("competitionForm.field.duration")} (mm:ss, z. B. 04:30). Sobald ein Titel eingetragen ist, sind Komponist, Verlag und Dauer Pflicht.`,
            },
          ],
        },
        { kind: "box", box: "info", text: FOUR_WEEKS_RULE },
      ],
    },
  ],
};
