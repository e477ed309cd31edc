// A browser's sign-in through the embedded OpenID provider over real HTTP (authorization code +
// PKCE, the login form, the token exchange), for any running server: the provider's own tests
// (auth/oidc.test.ts), a restored backup and the production start (operations/backup*.test.ts, operations/deploy.pg.test.ts).
import crypto from "node:crypto";

export class Browser {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  async fetch(url: string, init: RequestInit = {}) {
    const res = await fetch(new URL(url, this.base), {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }
  /** follows redirects until one leaves the provider (the client's redirect_uri) */
  async follow(res: Response): Promise<Response> {
    let r = res;
    while (r.status >= 300 && r.status < 400) {
      const loc = r.headers.get("location") as string;
      if (loc.includes("/auth/oidc/callback")) return r;
      r = await this.fetch(loc);
    }
    return r;
  }
}

const b64url = (b: Buffer) => b.toString("base64url");

/** The authorization request up to the login page: its form's action, the PKCE verifier and the redirect URI. */
export async function startSignIn(browser: Browser) {
  const verifier = b64url(crypto.randomBytes(32));
  const challenge = b64url(crypto.createHash("sha256").update(verifier).digest());
  const redirectUri = `${browser.base}/auth/oidc/callback`;
  const q = new URLSearchParams({
    client_id: "anmeldesystem",
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid profile email offline_access api",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "st-1",
    resource: "urn:anmeldesystem:api",
  });
  const login = await browser.follow(await browser.fetch(`/oidc/auth?${q}`));
  const html = await login.text();
  const action = /action="([^"]+)"/.exec(html)?.[1] as string;
  return { verifier, redirectUri, html, action, status: login.status };
}

/** The login form posted: `res` is the provider's answer (a redirect on success). */
export async function signIn(browser: Browser, email: string, password: string) {
  const s = await startSignIn(browser);
  const res = await browser.fetch(s.action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }).toString(),
  });
  return { ...s, res };
}

/** The code exchanged for tokens at the token endpoint of the redirect URI's server. */
export async function exchange(code: string, verifier: string, redirectUri: string) {
  const res = await fetch(`${new URL(redirectUri).origin}/oidc/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client_id: "anmeldesystem",
      resource: "urn:anmeldesystem:api",
    }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** A whole browser sign-in at `base`: the access token, or an error naming the step that failed. */
export async function signInForToken(base: string, email: string, password: string): Promise<string> {
  const b = new Browser(base);
  const { res, verifier, redirectUri } = await signIn(b, email, password);
  const back = await b.follow(res);
  const code = new URL(back.headers.get("location") ?? `${base}/`).searchParams.get("code");
  if (!code) throw new Error(`sign-in of ${email} at ${base} gave no code (HTTP ${back.status})`);
  const tokens = await exchange(code, verifier, redirectUri);
  if (tokens.status !== 200) throw new Error(`token exchange at ${base}: HTTP ${tokens.status} ${JSON.stringify(tokens.body)}`);
  return tokens.body.access_token;
}

/** The viewer's e-mail for a token, through the API of `base` (null when the token is refused). */
export async function viewerEmail(base: string, token: string): Promise<string | null> {
  const res = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: "{ viewer { email } }" }),
  });
  const body = (await res.json()) as { data?: { viewer?: { email: string } | null } };
  return body.data?.viewer?.email ?? null;
}
