// The embedded provider's own pages (German, self-contained: the library's defaults load web
// fonts from the internet). Each names the product and the federation (FEDERATION_NAME) above its
// heading, so a person signing in sees where: `idpPages(config.federationName)`.
const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function page(title: string, body: string, federationName: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${esc(title)} - Anmeldesystem</title>
<style>
:root{--primary:#0d3b66;--error:#8b0000}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f9;margin:0;color:#1b1f24}
main{max-width:380px;margin:10vh auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 12px rgba(0,0,0,.12)}
h1{font-size:1.4rem;color:var(--primary);margin-top:0}
header{margin-bottom:20px;color:#4a5560}header p{margin:0}header .product{font-size:1.1rem;font-weight:700;color:var(--primary)}
label{display:block;margin:16px 0 4px;font-weight:600}
input{box-sizing:border-box;width:100%;padding:10px;border:1px solid #9aa5b1;border-radius:4px;font-size:1rem}
button{margin-top:24px;width:100%;padding:12px;border:0;border-radius:4px;background:var(--primary);color:#fff;font-size:1rem;cursor:pointer}
button.secondary{background:#fff;color:var(--primary);border:1px solid var(--primary);margin-top:8px}
.error{color:var(--error);background:#fdecec;border-radius:4px;padding:8px 12px;margin-top:16px}
</style></head><body><main><header><p class="product">Anmeldesystem</p><p class="federation">${esc(federationName)}</p></header><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

/** The provider's pages, each with the product and `federationName` above its heading. */
export function idpPages(federationName: string) {
  const p = (title: string, body: string) => page(title, body, federationName);
  function loginPage(uid: string, opts: { email?: string; error?: string } = {}): string {
    return p(
      "Anmelden",
      `<form method="post" action="/oidc/interaction/${esc(uid)}/login" autocomplete="on">
  <label for="email">E-Mail</label><input id="email" name="email" type="email" autocomplete="username" required autofocus value="${esc(opts.email ?? "")}">
  <label for="password">Passwort</label><input id="password" name="password" type="password" autocomplete="current-password" required>
  ${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ""}
  <button type="submit">Anmelden</button></form>
  <p><a href="/oidc/forgot">Passwort vergessen?</a></p>`,
    );
  }

  function forgotPage(opts: { sent?: boolean } = {}) {
    return p(
      "Passwort vergessen",
      opts.sent
        ? `<p role="status">Falls zu dieser E-Mail-Adresse ein Benutzerkonto besteht, haben wir einen Link zum Festlegen eines neuen Passworts gesendet.</p><p><a href="/">Zum Anmeldesystem</a></p>`
        : `<p>Geben Sie Ihre E-Mail-Adresse ein. Sie erhalten einen Link, mit dem Sie ein neues Passwort festlegen.</p>
  <form method="post" action="/oidc/forgot"><label for="email">E-Mail</label><input id="email" name="email" type="email" autocomplete="username" required autofocus>
  <button type="submit">Link anfordern</button></form>`,
    );
  }

  function logoutPage(form: string): string {
    return p(
      "Abmelden",
      `${form}<p>Möchten Sie sich vom Anmeldesystem abmelden?</p>
  <button type="submit" form="op.logoutForm" value="yes" name="logout">Abmelden</button>
  <button type="submit" form="op.logoutForm" class="secondary">Angemeldet bleiben</button>`,
    );
  }

  const loggedOutPage = () => p("Abgemeldet", "<p>Sie sind abgemeldet.</p>");

  const errorPage = (error: string, description?: string) =>
    p("Fehler bei der Anmeldung", `<p class="error" role="alert">${esc(description ?? error)}</p><p><a href="/">Zurück zum Anmeldesystem</a></p>`);

  function setPasswordPage(action: string, opts: { title: string; intro: string; withEmail?: boolean; withCurrent?: boolean; error?: string; email?: string }) {
    return p(
      opts.title,
      `<p>${esc(opts.intro)}</p><form method="post" action="${esc(action)}">
  ${opts.withEmail ? `<label for="email">E-Mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${esc(opts.email ?? "")}">` : ""}
  ${opts.withCurrent ? `<label for="current">Aktuelles Passwort</label><input id="current" name="current" type="password" autocomplete="current-password" required>` : ""}
  <label for="password">Neues Passwort</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
  <label for="repeat">Neues Passwort wiederholen</label><input id="repeat" name="repeat" type="password" autocomplete="new-password" minlength="8" required>
  ${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ""}
  <button type="submit">Passwort speichern</button></form>`,
    );
  }

  const donePage = (title: string, text: string) => p(title, `<p role="status">${esc(text)}</p><p><a href="/">Zum Anmeldesystem</a></p>`);
  return { loginPage, forgotPage, logoutPage, loggedOutPage, errorPage, setPasswordPage, donePage };
}
