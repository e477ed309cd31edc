import type { AppConfig } from "../http/config";
import { heightTargetOrigin, startHeightReporter } from "./heightReporter";

function parentOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** When framed, reports the content height to the parent every 300 ms (R-SH007..R-SH009). */
export function startEmbedding(config: AppConfig): void {
  const targetOrigin = heightTargetOrigin(config.embed.parentOrigins, parentOrigin());
  if (!targetOrigin) return;
  startHeightReporter({
    parent: window.parent,
    targetOrigin,
    measure: () => document.documentElement.scrollHeight,
  });
}
