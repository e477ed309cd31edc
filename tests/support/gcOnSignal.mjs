// Test-only preload (with --expose-gc) for a server started as a child process: SIGUSR2 runs a full
// garbage collection and then prints "gc done <n>", so a test measures the memory the server keeps,
// not garbage the collector has not reached yet (api/document-memory.test.ts).
let n = 0;
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  process.stderr.write(`gc done ${++n}\n`);
});
