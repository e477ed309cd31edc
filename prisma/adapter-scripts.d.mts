// Types of prisma/adapter-scripts.mjs (plain JavaScript: the schema engine stand-in runs without the TypeScript loader).
export function scriptsThrough<A>(adapter: A, run: (script: string) => Promise<unknown>): A;
export function wholeScripts<A>(adapter: A): A;
export function awaitScripts<A>(adapter: A, client: { exec(script: string): Promise<unknown> }): A;
export function pgliteShadowDb<A>(PGlite: new () => unknown, PrismaPGlite: new (db: never) => { connect(): Promise<A> }): Promise<A>;
