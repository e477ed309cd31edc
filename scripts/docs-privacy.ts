// Generates docs/privacy.md, the records of processing (Art. 30 GDPR), from the declarative list
// server/src/shared/privacy.ts: its categories, the permission table's operations that read them
// (server/src/shared/permissions.ts), the retention settings' defaults (server/src/config.ts) and the
// constants of the code. privacyProblems() names every entry that points at nothing.
import fs from "node:fs";
import { PERMISSIONS, type Permission } from "../server/src/auth/permissions.ts";
import { type Config, loadConfig } from "../server/src/config.ts";
import { DATA_CATEGORIES, type DataCategory, MEASURES, type Retention } from "../server/src/shared/privacy.ts";
import { rowsOf, whoOf } from "./docs-authorization.ts";

const permission = (op: string) => (PERMISSIONS as Record<string, Permission>)[op];

/** Environment settings that read like a retention period (kept, deleted, given up after a time). */
const RETENTION_SETTING = /RETENTION|_DAYS$|KEEP|GIVE_UP|EXPIR|DELETE/;

/** The defaults: the configuration of an empty environment (the embedded default). */
const defaults = (): Config => loadConfig({});

const retentionText = (r: Retention): string => {
  if ("event" in r)
    return `until the event's automatic deletion date (\`Event.expiration\`): the expiry job deletes the event with its registrations, results, health data and files (\`server/src/domains/events/expiry.ts\`); the registration form and the confirmation mail state the date${r.note ? `; ${r.note}` : ""}`;
  if ("setting" in r) return `\`${r.setting}\` (default ${r.read(defaults()) ?? "none"} ${r.unit}): ${r.what}`;
  if ("constant" in r) return `${r.constant} ${r.unit} (\`${r.source}\`): ${r.what}`;
  return r.text;
};

const recipients = (c: DataCategory): string[] => [
  ...c.readBy.map((op) => {
    const p = permission(op);
    return `\`${op}\`: ${whoOf(p)}; rows: ${rowsOf(p)}`;
  }),
  ...(c.otherRecipients ? [c.otherRecipients] : []),
];

const storedText = (c: DataCategory) =>
  Object.entries(c.stored)
    .map(([table, columns]) => `\`${table}\` (${(columns ?? []).join(", ")})`)
    .join("; ");

const section = (c: DataCategory) =>
  [
    `### ${c.name}`,
    "",
    `- **Data subjects**: ${c.subjects}`,
    `- **Data**: ${c.data}`,
    `- **Stored in**: ${storedText(c)}`,
    `- **Purpose**: ${c.purpose}`,
    `- **Legal basis**: ${c.legalBasis}`,
    `- **Recipients**:${recipients(c).length ? "" : " none beyond the system"}`,
    ...recipients(c).map((r) => `  - ${r}`),
    `- **Retention**:`,
    ...c.retention.map((r) => `  - ${retentionText(r)}`),
    ...(c.protection ? [`- **Protection**: ${c.protection}`] : []),
    "",
  ].join("\n");

export function privacyDoc(): string {
  const summary = DATA_CATEGORIES.map(
    (c) =>
      `| ${c.name} | ${c.legalBasis.split(":")[0].split(";")[0]} | ${c.retention.map((r) => ("event" in r ? "until the event's deletion date" : "setting" in r ? `\`${r.setting}\`` : "constant" in r ? `${r.constant} ${r.unit}` : r.text)).join("; ")} |`,
  );
  return `# Records of processing (Art. 30 GDPR)

Generated from \`server/src/shared/privacy.ts\`, the permission table (\`server/src/shared/permissions.ts\`)
and the settings of \`server/src/config.ts\` by \`npm run docs:privacy\`; a test fails when this file
is stale or an entry names an operation, a column, a setting or a file that does not exist. Who may
call an operation, and on which rows, is the same text as in docs/authorization.md; \`admin\` passes
every role check. Each district association is the controller for its events (its privacy notice is
linked in the footer and shown in every registration form).

| category | legal basis | retention |
|---|---|---|
${summary.join("\n")}

## Categories

${DATA_CATEGORIES.map(section).join("\n")}
## Technical and organisational measures (Art. 32 GDPR)

${MEASURES.map((m) => `- ${m.measure} (\`${m.source}\`)`).join("\n")}
`;
}

/** The settings read in `configSource` that read like a retention period but are not in the records. */
export function unlistedRetentionSettings(configSource: string): string[] {
  const listed = new Set(DATA_CATEGORIES.flatMap((c) => c.retention.flatMap((r) => ("setting" in r ? [r.setting] : []))));
  const names = new Set([...configSource.matchAll(/env\.([A-Z0-9_]+)/g)].map((m) => m[1]));
  return [...names]
    .filter((name) => RETENTION_SETTING.test(name) && !listed.has(name))
    .map((name) => `${name} reads like a retention period: list it in server/src/shared/privacy.ts`);
}

/** Every entry that points at nothing: an unknown operation, a setting that does not drive its value, a missing source file. */
export function privacyProblems(): string[] {
  const problems: string[] = [];
  for (const c of DATA_CATEGORIES) {
    for (const op of c.readBy) if (!permission(op)) problems.push(`${c.name}: unknown operation ${op}`);
    for (const r of c.retention) {
      // the setting's environment name drives the value it reads: set to 7, it reads 7
      if ("setting" in r && r.read(loadConfig({ [r.setting]: "7" })) !== 7) problems.push(`${c.name}: ${r.setting} does not set the value it reads`);
      if ("constant" in r && !fs.existsSync(r.source)) problems.push(`${c.name}: no file ${r.source}`);
    }
  }
  for (const m of MEASURES) if (!fs.existsSync(m.source)) problems.push(`measure: no file ${m.source}`);
  problems.push(...unlistedRetentionSettings(fs.readFileSync("server/src/config.ts", "utf8")));
  return problems;
}

if (process.argv[1]?.endsWith("docs-privacy.ts")) {
  const problems = privacyProblems();
  if (problems.length) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  fs.mkdirSync("docs", { recursive: true });
  fs.writeFileSync("docs/privacy.md", privacyDoc());
  console.log("docs/privacy.md written");
}
