// A typed client of the Anmeldesystem's GraphQL API (docs/api.md, "A typed client"): the D-exam
// registrations and results of every D-exam event the token may see, walked page by page.
//   npx graphql-codegen --config codegen.ts     (writes gql/ from the documents below)
//   API=https://anmeldung.example.org TOKEN=… npx tsx main.ts
// graphql() returns a typed document: execute() knows its variables and the shape of its answer,
// so a misspelled field or a missing variable is a compile error, not a surprise at run time.
import { graphql } from "./gql";
import type { TypedClientRegistrationsQuery, TypedDocumentString } from "./gql/graphql";

const Events = graphql(`
  query TypedClientEvents {
    events(first: 100) {
      edges {
        node {
          id
          name
          formType
        }
      }
    }
  }
`);

const Registrations = graphql(`
  query TypedClientRegistrations($eventId: ID!, $after: String) {
    dexamRegistrations(eventId: $eventId, first: 50, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          lastname
          firstname
          birthdate
          type
          instrument
          association {
            name
          }
          cancelledAt
        }
      }
    }
  }
`);

const Results = graphql(`
  query TypedClientResults($eventId: ID!) {
    dexamResults(eventId: $eventId) {
      lastname
      firstname
      theoryPoints
      practicePoints
      grade
    }
  }
`);

const API = process.env.API;
const TOKEN = process.env.TOKEN;

/** One GraphQL request: the document's text and its variables; the answer's data, or an error naming each code. */
async function execute<Result, Variables>(
  document: TypedDocumentString<Result, Variables>,
  ...[variables]: Variables extends Record<string, never> ? [] : [Variables]
): Promise<Result> {
  const response = await fetch(`${API}/graphql`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${TOKEN}`,
      "content-type": "application/json",
      accept: "application/graphql-response+json",
    },
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  const body = (await response.json()) as { data?: Result; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors?.length) throw new Error(`HTTP ${response.status}: ${body.errors.map((e) => `${e.extensions?.code} ${e.message}`).join("; ")}`);
  return body.data as Result;
}

const points = (n: number | null | undefined) => (n == null ? "–" : String(n));

async function main() {
  if (!API || !TOKEN) throw new Error("API und TOKEN setzen (docs/api.md, Abschnitt 1)");
  const { events } = await execute(Events);
  for (const { node: event } of events.edges) {
    if (event.formType === "COMPETITION") continue;
    // every page of the registrations, with the cursor of the page before
    let after: string | null = null;
    const lines: string[] = [];
    let total = 0;
    do {
      // the generated type of the answer, named after the operation
      const page: TypedClientRegistrationsQuery["dexamRegistrations"] = (await execute(Registrations, { eventId: event.id, after })).dexamRegistrations;
      total = page.totalCount;
      for (const { node: r } of page.edges) {
        const cancelled = r.cancelledAt ? `, storniert ${r.cancelledAt.slice(0, 10)}` : "";
        lines.push(`  ${r.lastname}, ${r.firstname} (${r.association.name}): ${r.type} ${r.instrument}, geboren ${r.birthdate}${cancelled}`);
      }
      after = page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
    } while (after);
    console.log(`${event.name}: ${total} Anmeldungen`);
    for (const line of lines) console.log(line);
    const { dexamResults } = await execute(Results, { eventId: event.id });
    for (const r of dexamResults) {
      console.log(`  Ergebnis ${r.lastname}, ${r.firstname}: Theorie ${points(r.theoryPoints)}, Praxis ${points(r.practicePoints)}, Note ${r.grade ?? "–"}`);
    }
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
