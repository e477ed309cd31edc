// @vitest-environment happy-dom
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRelay, unmountAll } from "../../relay/renderWithRelay";
import { DexamEditDialog } from "./DexamEditDialog";

// The D-exam form as the overview's edit dialog shows it: loaded by id through the mock
// environment; what may change follows viewerCan (the edit phase, R-DF035, and registration_manage).

afterEach(unmountAll);

const REGISTRATION_ID = "RGV4YW1SZWdpc3RyYXRpb246NDI=";

const STORED = {
  firstname: "Anna",
  lastname: "Alt",
  birthdate: "2011-03-12",
  gender: "F",
  association: { id: "club-7", name: "Musikverein Nord" },
  instrument: "CLARINET",
  type: "D1",
  theoryLocation: { id: "location-11" },
  practiceLocation: { id: "location-12" },
  preparationLocation: null,
  partialResultType: null,
  songs: [
    { number: "12", name: "Menuett" },
    { number: "", name: "" },
    { number: "", name: "" },
    { number: "", name: "" },
  ],
  songsComplete: false,
  remarks: "",
  cancelledAt: null,
  timetableSlots: [],
  existingPartialResultVerified: false,
  version: 3,
};

function renderDialog({
  edit = "ALL",
  manage = false,
  formType = "DEXAM",
  healthConsentAccepted = false,
  campReader = true,
}: {
  edit?: "ALL" | "SONGS" | "NONE";
  manage?: boolean;
  formType?: string;
  healthConsentAccepted?: boolean;
  /** false: another account of the club than the one that registered (the server answers camp null, campDataWithheld) */
  campReader?: boolean;
} = {}) {
  const onClose = vi.fn();
  const rendered = renderWithRelay(<DexamEditDialog registrationId={REGISTRATION_ID} onClose={onClose} />, {
    User: () => ({ associations: [{ id: "club-7", name: "Musikverein Nord" }] }),
    Node: () => ({ __typename: "DexamRegistration" }),
    DexamRegistration: () => ({
      ...STORED,
      id: REGISTRATION_ID,
      campDataWithheld: formType === "DEXAM_CAMP" && !campReader,
      camp:
        formType === "DEXAM_CAMP" && campReader
          ? {
              diseases: "",
              intolerances: "",
              allergies: "Nüsse",
              mealRequest: "VEGAN",
              vaccinations: [],
              emergencyContacts: [{ name: "Eva Alt", phone: "0171 1234567" }],
            }
          : null,
      healthConsentAccepted,
      viewerCan: { edit, manage, readCampData: campReader },
    }),
    Event: () => ({
      formType,
      districtAssociationId: 1,
      cancellationConditions: null,
      privacyPolicy: "",
      locations: [
        { id: "location-11", name: "Theorie Nord", type: "DEXAM_THEORY", dexamTypes: ["D1"], instruments: [] },
        { id: "location-12", name: "Praxis Holz", type: "DEXAM_PRACTICE", dexamTypes: ["D1"], instruments: ["CLARINET"] },
      ],
    }),
  });
  return { ...rendered, onClose };
}

const textbox = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const region = (name: string) => screen.queryByRole("region", { name });

describe("D-exam form in the overview's edit dialog", () => {
  it("[R-DF035][R-RO034] the stored registration fills the form; a save sends it with the version it was loaded in", async () => {
    const { sent, onClose } = renderDialog();
    await screen.findByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
    expect(textbox("Vorname").value).toBe("Anna");
    expect(screen.getByRole("combobox", { name: /^Praxisprüfung/ }).textContent).toBe("Praxis Holz");
    // no consents in edit mode; the managed fields only for registration_manage (R-RO034)
    expect(region("Einverständnis")).toBeNull();
    expect(region("Verwaltung")).toBeNull();

    fireEvent.change(textbox("Nachname"), { target: { value: "Alt-Berg" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const update = sent.find((operation) => operation.name === "useUpdateDexamRegistrationMutation");
    expect(update?.variables).toMatchObject({
      id: REGISTRATION_ID,
      input: {
        firstname: "Anna",
        lastname: "Alt-Berg",
        theoryLocation: "location-11",
        practiceLocation: "location-12",
        songs: [{ number: "12", name: "Menuett" }, {}, {}, {}],
        version: 3,
      },
    });
    expect(update?.variables.input).not.toHaveProperty("gdprAccepted");
  });

  it("[R-DF035][R-EV015] edit phase SONGS: only the exam pieces can change", async () => {
    renderDialog({ edit: "SONGS" });
    await screen.findByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
    expect(screen.getByText("In der aktuellen Bearbeitungsphase können nur die Prüfungsstücke geändert werden.")).toBeTruthy();
    for (const name of ["Vorname", "Nachname", "Bemerkungen"]) expect(textbox(name).disabled, name).toBe(true);
    expect((screen.getByRole("combobox", { name: /^Instrument/ }) as HTMLButtonElement).disabled).toBe(true);
    const pieces = within(region("Prüfungsstücke") as HTMLElement);
    for (const field of pieces.getAllByRole("textbox")) expect((field as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole("button", { name: "Speichern" })).toBeTruthy();
  });

  it("[R-DF035][R-EV016] edit phase NONE: the registration is shown, nothing can change", async () => {
    renderDialog({ edit: "NONE" });
    await screen.findByRole("dialog", { name: "D-Prüfungsanmeldung ansehen" });
    expect(screen.getByText("Diese Anmeldung kann nicht mehr geändert werden.")).toBeTruthy();
    for (const field of screen.getAllByRole("textbox")) expect((field as HTMLInputElement).disabled, field.id).toBe(true);
    expect(screen.queryByRole("button", { name: "Speichern" })).toBeNull();
    expect(screen.getAllByRole("button", { name: "Schließen" }).length).toBeGreaterThan(0);
  });

  it("[R-DF026][R-RO034] a camp registration keeps its camp section without the consent-form upload; registration_manage gets the managed fields", async () => {
    renderDialog({ formType: "DEXAM_CAMP", manage: true });
    await screen.findByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
    const camp = within(region("Angaben zur Freizeit") as HTMLElement);
    expect((camp.getByRole("textbox", { name: "Allergien" }) as HTMLTextAreaElement).value).toBe("Nüsse");
    expect(camp.queryByRole("button", { name: /^Einverständniserklärung/ })).toBeNull();
    const managed = within(region("Verwaltung") as HTMLElement);
    expect(managed.getByRole("switch", { name: "Teilprüfung geprüft" })).toBeTruthy();
    expect(managed.getByText("Storniert am")).toBeTruthy();
  });

  it.each([
    [true, "Einwilligung in die Verarbeitung der Gesundheitsdaten: erteilt"],
    [false, "Einwilligung in die Verarbeitung der Gesundheitsdaten: nicht erfasst"],
  ])("a camp registration shows whether the consent to the health data was given (%s)", async (healthConsentAccepted, text) => {
    renderDialog({ formType: "DEXAM_CAMP", healthConsentAccepted });
    await screen.findByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("other registrations say nothing of a health consent", async () => {
    renderDialog();
    await screen.findByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
    expect(screen.queryByText(/Einwilligung in die Verarbeitung der Gesundheitsdaten/)).toBeNull();
  });

  it('another account of the club sees "Angaben zur Freizeit vorhanden" instead of the camp fields and saves without camp data', async () => {
    const { sent, onClose } = renderDialog({ formType: "DEXAM_CAMP", campReader: false });
    await screen.findByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
    const camp = within(region("Angaben zur Freizeit") as HTMLElement);
    expect(camp.getByText(/^Angaben zur Freizeit vorhanden\./)).toBeTruthy();
    expect(camp.queryByRole("textbox", { name: "Allergien" })).toBeNull();
    expect(camp.queryByRole("combobox", { name: /^Essenswunsch/ })).toBeNull();
    // the missing meal request and contacts hold nothing up: the server keeps the stored camp data
    fireEvent.change(textbox("Nachname"), { target: { value: "Alt-Berg" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const update = sent.find((operation) => operation.name === "useUpdateDexamRegistrationMutation");
    expect(update?.variables.input).toMatchObject({ lastname: "Alt-Berg", camp: null });
  });
});
