// The answers of spec §7 and §8 for every call made through useFeedbackMutation (all mutations of
// the client) and for downloads and failed loads: success notice, error notice "{German text}:
// {server message}". React's hooks are replaced by plain functions so the hook runs outside a render.
import { beforeEach, describe, expect, it, vi } from "vitest";

const relay = vi.hoisted(() => ({ commit: vi.fn() }));
vi.mock("react", async (original) => ({
  ...(await original<typeof import("react")>()),
  useCallback: <T>(f: T) => f,
  useEffect: (f: () => void) => f(),
  useRef: <T>(value: T) => ({ current: value }),
}));
vi.mock("react-relay", () => ({ useMutation: () => [relay.commit, false] }));
vi.mock("../http/download", () => ({
  download: async () => {
    throw new Error("Liste für Urkundendruck kann nicht heruntergeladen werden: Veranstaltung nicht gefunden");
  },
}));

import type { GraphQLTaggedNode } from "relay-runtime";
import { LoadFailure } from "../components/LoadFailure";
import { ApiError } from "../http/apiError";
import { runDownload } from "../http/runDownload";
import { appSnackbar } from "../shell/snackbarQueue";
import { useFeedbackMutation } from "./useFeedbackMutation";

type Config = { variables: unknown; updater?: unknown; onCompleted(response: unknown): void; onError(error: Error): void };
const mutation = {} as GraphQLTaggedNode;
type AnyMutation = { variables: any; response: any; rawResponse?: any };

/** The message the snackbar shows now; closes it so the next one shows at once. */
function shown() {
  const message = appSnackbar.current();
  appSnackbar.dismiss();
  return message && { type: message.type, text: message.text };
}

beforeEach(() => {
  relay.commit.mockReset();
  while (appSnackbar.current()) appSnackbar.dismiss();
});

describe("answers of a mutation", () => {
  it("[R-API007] on success the success notice shows, and the updater that refreshes the affected list reaches Relay", async () => {
    const [run] = useFeedbackMutation<AnyMutation>(mutation, { success: "success.association.create", failure: "error.association.create" });
    const updater = vi.fn();
    relay.commit.mockImplementation((config: Config) => config.onCompleted({ createAssociation: { id: "A" } }));
    const result = await run({ input: { name: "MV Neu", districtAssociationId: 1 } }, { updater });
    expect(result).toEqual({ ok: true, response: { createAssociation: { id: "A" } } });
    expect(relay.commit).toHaveBeenCalledTimes(1);
    expect((relay.commit.mock.calls[0][0] as Config).updater).toBe(updater);
    expect(shown()).toEqual({ type: "success", text: "Neuer Verein wurde erfolgreich angelegt" });
  });

  it('[R-API008][R-ER001] on failure the error notice "{German text}: {server message}" shows and the field messages go to the form', async () => {
    const [run] = useFeedbackMutation<AnyMutation>(mutation, { success: "success.association.create", failure: "error.association.create" });
    const error = new ApiError("Ungültige Eingabe", {
      kind: "http",
      status: 200,
      code: "VALIDATION",
      serverMessage: "Ungültige Eingabe: name",
      fields: { name: "Dieses Feld ist ein Pflichtfeld" },
    });
    relay.commit.mockImplementation((config: Config) => config.onError(error));
    const result = await run({ input: { name: "", districtAssociationId: 1 } });
    expect(result).toEqual({ ok: false, fieldErrors: { name: "Dieses Feld ist ein Pflichtfeld" } });
    expect(shown()).toEqual({ type: "error", text: "Verein kann nicht angelegt werden: Ungültige Eingabe: name" });
    expect(appSnackbar.current()).toBeNull();
  });

  it("[R-ER001] a call that never reaches the server (network failure, missing parameter) shows an error notice too", async () => {
    const [run] = useFeedbackMutation<AnyMutation>(mutation, { failure: "error.user.delete" });
    relay.commit.mockImplementation((config: Config) => config.onError(new ApiError("Netzwerkfehler", { kind: "network" })));
    expect(await run({ id: "U" })).toEqual({ ok: false, fieldErrors: {} });
    expect(shown()).toEqual({ type: "error", text: "Benutzer kann nicht gelöscht werden: unknown error" });

    relay.commit.mockReset();
    expect((await run({ input: {} }, { required: ["input.id"] })).ok).toBe(false);
    expect(relay.commit).not.toHaveBeenCalled();
    expect(shown()?.type).toBe("error");
  });
});

describe("answers of downloads and loads", () => {
  it("[R-ER001] a failed download shows an error notice with its German prefix", async () => {
    await runDownload("/v1/export/event/1/dexam/certificate_list", "error.download.certificateList");
    expect(shown()).toEqual({ type: "error", text: "Liste für Urkundendruck kann nicht heruntergeladen werden: Veranstaltung nicht gefunden" });
  });

  it("[R-ER001] a failed load shows an error notice once", () => {
    const error = new ApiError("Nicht gefunden", { kind: "http", status: 404, serverMessage: "Verein nicht gefunden" });
    LoadFailure({ prefix: "error.associations.load", error, onDismiss: () => {} });
    expect(shown()).toEqual({ type: "error", text: "Vereine können nicht geladen werden: Verein nicht gefunden" });
    expect(appSnackbar.current()).toBeNull();
  });
});
