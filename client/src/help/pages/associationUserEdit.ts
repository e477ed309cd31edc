import { label, ui } from "../labels";
import type { HelpPage } from "../types";

export const associationUserEditHelp: HelpPage = {
  route: "associationUserEditHelp",
  intro: "Unter „Mein Verein bearbeiten“ pflegen Sie die Angaben Ihres Vereins, zum Beispiel die E-Mail-Adresse für Rechnungen.",
  items: [
    {
      id: "ueberblick",
      title: "Verein auswählen und bearbeiten",
      tags: ["Verein", "Übersicht"],
      blocks: [
        {
          kind: "screenshot",
          file: "verein-bearbeiten.png",
          alt: "Seite „Mein Verein bearbeiten“ mit der Auswahl „Verein“ und der Karte „Vereinsdaten“ mit Name und Rechnungs-E-Mail",
          caption: "„Mein Verein bearbeiten“",
        },
        {
          kind: "paragraph",
          text: `Sind Sie mehreren Vereinen zugeordnet, wählen Sie oben unter ${ui("associationUserEdit.select")} den Verein aus; der erste ist schon ausgewählt. Ohne ausgewählten Verein ist ${ui("common.save")} gesperrt.`,
        },
        {
          kind: "fields",
          entries: [
            { label: label("association.field.name"), text: "Der Name des Vereins (Pflichtfeld). So erscheint er in Anmeldungen und Ergebnislisten." },
            { label: label("association.field.invoiceEmail"), text: "Die E-Mail-Adresse, an die Rechnungen gehen. Sie muss ein @ und einen Punkt enthalten." },
          ],
        },
      ],
    },
    {
      id: "kein-verein",
      title: "Kein Verein zugeordnet?",
      tags: ["Verein", "Rollen"],
      blocks: [
        {
          kind: "box",
          box: "info",
          text: `Sehen Sie den Hinweis ${ui("associationUserEdit.none")}, wenden Sie sich an Ihren Kreisverband. Er ordnet Sie in der Benutzerverwaltung Ihrem Verein zu.`,
        },
        {
          kind: "box",
          box: "error",
          text: "Erscheint beim Speichern „Bitte eine gültige E-Mail Adresse eingeben“, prüfen Sie die Rechnungs-E-Mail auf Tippfehler.",
        },
      ],
    },
    {
      id: "rechnungen",
      title: "Rechnungen des Vereins",
      tags: ["Rechnungen", "Verein", "Herunterladen"],
      blocks: [
        {
          kind: "paragraph",
          text: `Unter ${ui("invoice.club.title")} stehen die Rechnungen, die der Kreisverband dem ausgewählten Verein gestellt hat: Nummer, Veranstaltung, Betrag, Status (offen, teilweise bezahlt, bezahlt, storniert; Stornorechnungen und Gutschriften als solche benannt) und Fälligkeit. ${ui("invoice.format.pdf")} lädt die Rechnung als PDF herunter, ${ui("invoice.format.xml")} dieselbe Rechnung als XRechnung für die Buchhaltung. Dieselben Dateien gehen bei der Ausstellung an die Rechnungs-E-Mail des Vereins.`,
        },
        {
          kind: "box",
          box: "info",
          text: "Fragen zu einer Rechnung (Beträge, Storno, Gutschrift, Zahlung) beantwortet die Geschäftsstelle Ihres Kreisverbands. Eine ausgestellte Rechnung wird nie geändert: eine Korrektur kommt als Stornorechnung oder Gutschrift mit eigener Nummer.",
        },
      ],
    },
  ],
};
