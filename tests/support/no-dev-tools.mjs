// Preloaded (NODE_OPTIONS=--import=...) where the production start stands in for `npm ci --omit=dev`
// (tests/integration/operations/deploy.pg.test.ts): a module of a package that `--omit=dev` leaves out (the
// lockfile's "dev": true entries) fails to load, through import and through require, and so does
// tsx (the server runs as a bundle). node_modules is shared with other checkouts: this makes the
// dev tools unusable instead of removing them.
import fs from "node:fs";
import Module, { register } from "node:module";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8"));
const omitted = [...Object.entries(lock.packages).flatMap(([key, entry]) => (entry.dev ? [key] : [])), "node_modules/tsx"];
const modules = fs.realpathSync(path.join(root, "node_modules"));

/** Throws when the resolved file lies in a package that is not installed without dev tools. */
function check(file, specifier) {
  if (!file.startsWith(`${modules}/`)) return;
  const key = /^node_modules\/(?:@[^/]+\/)?[^/]+(?:\/node_modules\/(?:@[^/]+\/)?[^/]+)*/.exec(`node_modules/${file.slice(modules.length + 1)}`)?.[0];
  if (key && omitted.includes(key))
    throw new Error(`${specifier}: ${key} is not there in production (npm ci --omit=dev; the server runs bundled, without tsx)`);
}

// import: a resolve hook (on the loader's thread, so it gets the list and the check as source)
const hooks = `const modules = ${JSON.stringify(modules)};
const omitted = ${JSON.stringify(omitted)};
${check.toString()}
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.startsWith("file:")) check(decodeURIComponent(new URL(resolved.url).pathname), specifier);
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

// require: Node 20 has no synchronous hooks for it
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const file = resolveFilename.call(this, request, ...rest);
  check(file, request);
  return file;
};
