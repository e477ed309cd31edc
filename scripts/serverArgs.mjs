// Node options of the production server (`npm start`; the benchmark starts it the same way).
// --enable-source-maps: stack traces point at server/src. --max-semi-space-size=32: a larger young
// generation (MB per semi-space) for the many short-lived objects of each GraphQL request; the
// garbage collector took about a tenth of the CPU under load with Node 20's default (issue 9).
export const SERVER_NODE_ARGS = ["--enable-source-maps", "--max-semi-space-size=32"];
