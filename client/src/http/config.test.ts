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

  it("[R-SH003][R-SH004] loads /config.json without using the HTTP cache", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(sample), { status: 200 }));
    await loadConfig(fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith("/config.json", expect.objectContaining({ cache: "no-store" }));
  });
});
