/** The package version ("v1.3.1"), set by vite.config.ts; the fallback when /config.json has none. */
declare const __APP_VERSION__: string;
