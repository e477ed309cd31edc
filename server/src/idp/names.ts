// The embedded provider's fixed names, apart from provider.ts: app.ts and auth/authenticate.ts read
// them at start, while provider.ts (and the oidc-provider package) loads on the first sign-in
// request only (idle memory, README "Performance").
export const BROWSER_CLIENT_ID = "anmeldesystem";
export const CALLBACK_PATH = "/auth/oidc/callback";
export const API_SCOPE = "api";
