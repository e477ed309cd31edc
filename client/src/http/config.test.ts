import { describe, expect, it, vi } from "vitest";
import { loadConfig, parseConfig } from "./config";

const sample = {
  apiBase: "/v1",
  graphqlPath: "/graphql",
  federationName: "Blasmusikverband Demo",
  version: "v1.3.1",
  oidc: {
    authority: "http://localhost:3000/oidc",
    client_id: "anmeldesystem",
    scope: "openid profile email offline_access",
    resource: "urn:anmeldesystem:api",
  },
  embed: { parentOrigins: ["*"] },
};

describe("config", () => {
  it("[R-SH005][R-SH006][R-SH010][R-SH062] reads API base, sign-in settings, version and federation name", () => {
    const config = parseConfig(sample);
    expect(config.apiBase).toBe("/v1");
    expect(config.oidc.authority).toBe("http://localhost:3000/oidc");
    expect(config.oidc.resource).toBe("urn:anmeldesystem:api");
    expect(config.version).toBe("v1.3.1");
    expect(config.federationName).toBe("Blasmusikverband Demo");
    expect(config.embed.parentOrigins).toEqual(["*"]);
  });

  it('[R-AU003] the scope defaults to "openid"', () => {
    const config = parseConfig({ oidc: { authority: "https://idp", client_id: "x" } });
    expect(config.oidc.scope).toBe("openid");
    expect(config.apiBase).toBe("/v1");
    expect(config.graphqlPath).toBe("/graphql");
    expect(config.embed.parentOrigins).toEqual([]);
  });

  it("rejects a config without sign-in settings, naming the field", () => {
    expect(() => parseConfig({})).toThrow('"oidc" is missing');
    expect(() => parseConfig({ oidc: { authority: "https://idp" } })).toThrow('"oidc.client_id" is missing');
  });

  it("[R-PR005][R-PR006] the password page comes from accountUrl, else {authority}/account", () => {
    expect(parseConfig({ ...sample, accountUrl: "https://idp.example/ui/console/users/me" }).accountUrl).toBe("https://idp.example/ui/console/users/me");
    expect(parseConfig(sample).accountUrl).toBe("http://localhost:3000/oidc/account");
    expect(parseConfig({ oidc: { authority: "https://kc.example/realms/bmv/", client_id: "x" } }).accountUrl).toBe("https://kc.example/realms/bmv/account");
  });

  it("roles are editable when config says so, else only with the embedded provider of the same origin", () => {
    expect(parseConfig({ ...sample, rolesEditable: false }, "http://localhost:3000").rolesEditable).toBe(false);
    expect(parseConfig({ ...sample, rolesEditable: true }, "https://other.example").rolesEditable).toBe(true);
    expect(parseConfig(sample, "http://localhost:3000").rolesEditable).toBe(true);
    expect(parseConfig(sample, "http://localhost:5173").rolesEditable).toBe(false);
    expect(parseConfig({ oidc: { authority: "https://idp.example/oidc", client_id: "x" } }, "https://app.example").rolesEditable).toBe(false);
    expect(parseConfig(sample, undefined).rolesEditable).toBe(false);
  });

  it("[R-SH003][R-SH004] loads /config.json without using the HTTP cache", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(sample), { status: 200 }));
    await loadConfig(fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith("/config.json", expect.objectContaining({ cache: "no-store" }));
  });
});
