// The HTTP surface around the API: runtime configuration, the client and its sign-in callback,
// error envelopes and security headers.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";

let app: TestApp;
const staticDir = ".tmp/static-test";

beforeAll(async () => {
  fs.mkdirSync(`${staticDir}/assets`, { recursive: true });
  fs.writeFileSync(`${staticDir}/index.html`, "<!doctype html><title>Anmeldesystem</title><div id=root></div>");
  fs.writeFileSync(`${staticDir}/assets/app-abc.js`, "console.log(1)");
  app = await startTestApp({ env: { STATIC_DIR: staticDir, FEDERATION_NAME: "Blasmusikverband Test", EMBED_PARENT_ORIGINS: "https://verband.example" } });
});
afterAll(() => app.stop());

describe("HTTP surface", () => {
  it("[R-SH004][R-SH005][R-SH006] /config.json is never cached and names the API base and the sign-in settings", async () => {
    const res = await app.fastify.inject({ method: "GET", url: "/config.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      apiBase: "/v1",
      graphqlPath: "/graphql",
      federationName: "Blasmusikverband Test",
      version: "v1.3.1",
      accountUrl: `${app.baseUrl}/oidc/account`,
      rolesEditable: true,
      oidc: {
        authority: `${app.baseUrl}/oidc`,
        client_id: "anmeldesystem",
        scope: "openid profile email offline_access api",
        resource: "urn:anmeldesystem:api",
      },
      embed: { parentOrigins: ["https://verband.example"] },
    });
  });

  it("[R-AU010] the sign-in callback path serves the client, which completes the sign-in", async () => {
    for (const url of ["/", "/auth/oidc/callback?code=x&state=y"]) {
      const res = await app.fastify.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<div id=root>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    const asset = await app.fastify.inject({ method: "GET", url: "/assets/app-abc.js" });
    expect(asset.headers["cache-control"]).toMatch(/immutable/);
  });

  it("[R-SH007] framing is allowed only from the configured parent origins", async () => {
    const res = await app.fastify.inject({ method: "GET", url: "/" });
    expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'self' https://verband.example");
    expect(res.headers["x-frame-options"]).toBeUndefined();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("security headers: CSP without inline scripts, nosniff, a referrer policy, no caching of API answers by third parties", async () => {
    for (const url of ["/", "/config.json"]) {
      const res = await app.fastify.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      const directive = (name: string) =>
        csp
          .split(";")
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `)) ?? "";
      expect(directive("script-src")).toBe("script-src 'self'");
      expect(directive("object-src")).toBe("object-src 'none'");
      expect(directive("default-src")).toBe("default-src 'self'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    }
    // the client's page itself has no inline script (the CSP would block it)
    const page = fs.readFileSync("client/index.html", "utf8");
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body.trim()).toBe("");
    }
    expect(page).not.toMatch(/\son[a-z]+=/i); // no inline event handlers
  });

  it("[R-API006] an unknown /v1 path answers 404 in the error envelope", async () => {
    const res = await app.rest("GET", "/v1/nothing", await app.token("x"));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: "Nicht gefunden" } });
  });

  it("[R-API006] a malformed JSON body is a 400 in the error envelope, never a 500", async () => {
    const res = await app.fastify.inject({ method: "POST", url: "/graphql", headers: { "content-type": "application/json" }, payload: "{not json" });
    expect(res.statusCode).toBeLessThan(500);
  });
});
