// The spreadsheet thread's entry when the server runs from its TypeScript sources (tsx, vitest):
// registers tsx's loader in this thread, then loads the tasks. The production bundle uses
// dist/server/spreadsheet-worker.mjs instead (pool.ts workerFile).
import { register } from "tsx/esm/api";

register();
const tasks = await import("./spreadsheet-tasks.ts");
export default tasks.default;
