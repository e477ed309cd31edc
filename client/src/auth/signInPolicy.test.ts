import { describe, expect, it } from "vitest";
import {
  addressAfterCallback,
  canRenewSilently,
  classifyRenewError,
  classifySignInError,
  hashRoute,
  isCallbackPath,
  isFramed,
  mayRestartSignIn,
  returnToFromState,
} from "./signInPolicy";

function oidcError(name: string, fields: Record<string, unknown> = {}, message = ""): Error {
  return Object.assign(new Error(message), { name, ...fields });
}

describe("sign-in policy", () => {
  it("[R-AU010] recognises the callback path", () => {
    expect(isCallbackPath("/auth/oidc/callback")).toBe(true);
    expect(isCallbackPath("/oidc/callback")).toBe(true);
    expect(isCallbackPath("/")).toBe(false);
  });

  it("[R-AU011] after the callback the address is the root hash route or the kept returnTo route", () => {
    expect(addressAfterCallback(undefined)).toBe("/#/");
    expect(addressAfterCallback({ returnTo: "/event/manage" })).toBe("/#/event/manage");
    expect(returnToFromState({ returnTo: "//evil.example" })).toBe("/");
    expect(returnToFromState({ returnTo: "https://evil.example" })).toBe("/");
    expect(returnToFromState({ returnTo: "/auth/oidc/callback" })).toBe("/");
  });

  it("reads the current hash route", () => {
    expect(hashRoute("#/user/manage")).toBe("/user/manage");
    expect(hashRoute("")).toBe("/");
  });

  it("[R-AU012] an expired user with offline access and a refresh token is renewed silently", () => {
    expect(canRenewSilently({ refresh_token: "r" }, "openid profile offline_access")).toBe(true);
  });

  it("[R-AU013] without offline access (or without refresh token) the user is sent to sign-in", () => {
    expect(canRenewSilently({ refresh_token: "r" }, "openid profile")).toBe(false);
    expect(canRenewSilently({ refresh_token: null }, "openid offline_access")).toBe(false);
  });

  it("[R-AU021] a silent renew timeout is retried", () => {
    expect(classifyRenewError(oidcError("ErrorTimeout", {}, "IFrame timed out without a response"))).toBe("retry");
  });

  it("[R-AU017] an invalid refresh token restarts the sign-in redirect", () => {
    expect(classifyRenewError(oidcError("ErrorResponse", { error: "invalid_grant" }))).toBe("restartSignIn");
    expect(classifySignInError(oidcError("ErrorResponse", { error: "invalid_grant" }))).toBe("restartSignIn");
  });

  it("[R-AU022] other renew errors raise the renew-error event", () => {
    expect(classifyRenewError(oidcError("ErrorResponse", { error: "login_required" }))).toBe("report");
    expect(classifyRenewError(new Error("No silent_redirect_uri configured"))).toBe("report");
  });

  it("[R-AU018] an HTTP error during sign-in restarts the sign-in redirect", () => {
    expect(classifySignInError(new Error("Bad Request (400)"))).toBe("restartSignIn");
    expect(classifySignInError(new Error('Internal Server Error (500): {"error":"server_error"}'))).toBe("restartSignIn");
    expect(classifySignInError(oidcError("ErrorResponse", { error: "access_denied" }))).toBe("restartSignIn");
  });

  it.each([
    ["[R-AU023]", "State does not match"],
    ["[R-AU024]", "No matching state found in storage"],
    ["[R-AU025]", "ID Token is missing a subject claim"],
    ["[R-AU019]", "Failed to fetch"],
  ])('%s "%s" is logged and sign-in fails', (_id, message) => {
    expect(classifySignInError(new Error(message))).toBe("fail");
  });

  it("stops restarting sign-in automatically after 3 restarts within 2 minutes", () => {
    const now = 1_000_000;
    expect(mayRestartSignIn([], now)).toBe(true);
    expect(mayRestartSignIn([now - 1000, now - 2000], now)).toBe(true);
    expect(mayRestartSignIn([now - 1000, now - 2000, now - 3000], now)).toBe(false);
    expect(mayRestartSignIn([now - 200_000, now - 300_000, now - 400_000], now)).toBe(true);
  });

  it("[R-SH007] detects a frame", () => {
    const win = {};
    expect(isFramed({ self: win, top: win })).toBe(false);
    expect(isFramed({ self: win, top: {} })).toBe(true);
    const crossOrigin = {
      self: win,
      get top(): unknown {
        throw new Error("SecurityError");
      },
    };
    expect(isFramed(crossOrigin)).toBe(true);
  });
});
