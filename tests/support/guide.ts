// The integrator guide's own world (docs/api.md, docs/api-clients.md): its example API client,
// created and signed in exactly as docs/api-clients.md shows, and the event its examples read.
// tests/integration/api/api-guide.test.ts and typed-client.test.ts run the guide's examples with it.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import type { TestApp } from "./app.ts";
import { DAY } from "./fixtures.ts";
import type { World } from "./principals.ts";

/** the fenced blocks of one language in a Markdown file, in order */
export const markdownBlocks = (file: string, lang: string) =>
  [...fs.readFileSync(file, "utf8").matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1]);

/** runs a shell example with bash (-euo pipefail) and these variables; its output */
export async function runShell(script: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script], { env: { ...process.env, ...env } });
  return stdout;
}

/**
 * The API client of docs/api-clients.md: its first GraphQL example (createApiClient, run by
 * `adminToken`) creates it with the roles it names, its first shell example fetches the token
 * (client credentials at the embedded provider of `app`, which must listen).
 */
export async function guideApiClient(app: TestApp, adminToken: string): Promise<{ token: string; roles: string[]; name: string }> {
  const create = markdownBlocks("docs/api-clients.md", "graphql")[0];
  const created = await app.gql(create, {}, adminToken);
  if (created.body.errors) throw new Error(`docs/api-clients.md createApiClient: ${JSON.stringify(created.body.errors)}`);
  const { clientSecret, client } = created.body.data.createApiClient as { clientSecret: string; client: { clientId: string; roles: string[]; name: string } };
  const fetchToken = markdownBlocks("docs/api-clients.md", "sh")[0];
  const answer = JSON.parse(await runShell(fetchToken, { CLIENT_ID: client.clientId, CLIENT_SECRET: clientSecret, PUBLIC_URL: app.baseUrl }));
  if (typeof answer.access_token !== "string") throw new Error(`docs/api-clients.md token request: ${JSON.stringify(answer)}`);
  return { token: answer.access_token, roles: client.roles, name: client.name };
}

/**
 * The event the guide's examples read: a published D-exam event of district 1 whose theory
 * location publishes results, with the registrations of Anna, Ben and Clara Beispiel of club 1
 * (Anna's theory points entered), in the order created.
 */
export async function guideEvent(app: TestApp, world: World) {
  const event = await app.db.prisma.event.create({
    data: {
      name: "D-Prüfungen Herbst",
      formType: "DEXAM",
      districtAssociationId: world.district1,
      registrationDeadline: new Date(Date.now() + 30 * DAY),
      startPublishing: new Date(Date.now() - DAY),
      finishPublishing: new Date(Date.now() + 90 * DAY),
      privacyPolicy: "p",
      locations: { create: [{ name: "Musikschule", type: "DEXAM_THEORY", street: "Weg 1", city: "Stadt", dexamTypes: ["D1"], publishResults: true }] },
    },
    include: { locations: true },
  });
  const registrations = [];
  for (const firstname of ["Anna", "Ben", "Clara"])
    registrations.push(
      await app.db.prisma.dexamRegistration.create({
        data: {
          eventId: event.id,
          firstname,
          lastname: "Beispiel",
          birthdate: new Date("2012-05-01"),
          gender: "F",
          associationId: world.club1,
          instrument: "FLUTE",
          type: "D1",
          theoryLocationId: event.locations[0].id,
          theoryPoints: firstname === "Anna" ? 87.5 : null,
        },
      }),
    );
  return { event, registrations };
}
