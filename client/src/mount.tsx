// The app itself (React, Relay, the shell and the screens), loaded by main.tsx only once a user is
// signed in: a signed-out visitor's first load fetches just the sign-in code and is on its way to
// the sign-in page without waiting for this (README "Performance", mobile first load).
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { isFramed } from "./auth/signInPolicy";
import { keepIndependentPopupsOpen } from "./components/popupLayers";
import { startEmbedding } from "./embed/embedding";
import type { AppConfig } from "./http/config";
import { createRelayEnvironment } from "./relay/environment";

export function mountApp(config: AppConfig, container: HTMLElement): void {
  keepIndependentPopupsOpen();
  createRoot(container).render(
    <StrictMode>
      <App environment={createRelayEnvironment(config.graphqlPath)} />
    </StrictMode>,
  );
  if (isFramed(window)) startEmbedding(config);
}
