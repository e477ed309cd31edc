// GraphQL hardening: a query may nest at most MAX_DEPTH selection levels
// (fragments counted where they are spread) and carry at most MAX_ALIASES aliases, so nobody can
// make the server build a huge answer from a small request. The client's deepest query nests 8
// levels; the standard introspection query 13. Depth and aliases are GraphQL Armor's validation
// rules (graphql/errors.ts gives their refusals the German message and the codes QUERY_TOO_DEEP and
// TOO_MANY_ALIASES); the cost below stays ours: Armor's cost model cannot multiply by `first`.
import { EnvelopArmor } from "@escape.tech/graphql-armor";
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  getOperationAST,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  Lexer,
  type SelectionSetNode,
  Source,
  type Token,
  TokenKind,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { LRUCache } from "lru-cache";
import { DOCUMENT_MSG } from "../shared/messages.ts";

export const MAX_DEPTH = 15;
export const MAX_ALIASES = 30;

/** A refusal becomes a validation error of the document (not a thrown exception). */
const report = (context: ValidationContext | null, error: GraphQLError) => context?.reportError(error);

/**
 * Armor's depth and alias limits, nothing else of it: its cost limit cannot express page sizes
 * (below), its field-suggestion blocking would drop the German "Meinten Sie …" hints
 * (graphql/errors.ts), and its token limit parses to count (documentLimits below counts before).
 */
export function depthAndAliasLimits(): Plugin[] {
  const reject = { propagateOnRejection: false, onReject: [report] };
  return new EnvelopArmor({
    maxDepth: { n: MAX_DEPTH, flattenFragments: true, ignoreIntrospection: false, ...reject },
    maxAliases: { n: MAX_ALIASES, allowList: [], ...reject },
    costLimit: { enabled: false },
    maxTokens: { enabled: false },
    maxDirectives: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  }).protect().plugins as Plugin[];
}

// ---- the document's size, before it is parsed
// A document is refused before graphql-js parses it when it is longer than MAX_DOCUMENT_LENGTH
// characters, has more than MAX_TOKENS tokens or nests brackets ({ [ () deeper than MAX_NESTING.
// Parsing keeps about 500 bytes per token (the AST and its token list) and recurses once per
// level: a 5 MB document of 357,000 fields took 600 MB, and 3,000 nested selections overflowed the
// parser's stack (500). One pass of graphql-js's own lexer (no recursion, nothing kept) counts both;
// GraphQL Armor's maxTokens parses to count, so the depth would still overflow first. The client's
// largest operation has 174 tokens, 1,927 characters and 10 bracket levels; large values (an image
// as data URL) go in the variables, which the body limit bounds.

export const MAX_DOCUMENT_LENGTH = 100_000;
export const MAX_TOKENS = 2_000;
export const MAX_NESTING = 40;
/** the tokens of all parsed documents Yoga's cache keeps (about 500 bytes each) */
export const DOCUMENT_CACHE_TOKENS = 100_000;

const tooLarge = (message: string) => createGraphQLError(message, { extensions: { code: "QUERY_TOO_LARGE", http: { status: 400 } } });
const tooDeep = (message: string) => createGraphQLError(message, { extensions: { code: "QUERY_TOO_DEEP", http: { status: 400 } } });

/** The refusal of a document before parsing, or null; a syntax error is left to the parser. */
export function documentRefusal(query: string): GraphQLError | null {
  if (query.length > MAX_DOCUMENT_LENGTH) return tooLarge(DOCUMENT_MSG.tooLong(MAX_DOCUMENT_LENGTH));
  const lexer = new Lexer(new Source(query));
  let tokens = 0;
  let depth = 0;
  try {
    for (let t = lexer.advance(); t.kind !== TokenKind.EOF; t = lexer.advance()) {
      if (++tokens > MAX_TOKENS) return tooLarge(DOCUMENT_MSG.tooManyTokens(MAX_TOKENS));
      if (t.kind === TokenKind.BRACE_L || t.kind === TokenKind.BRACKET_L || t.kind === TokenKind.PAREN_L) {
        if (++depth > MAX_NESTING) return tooDeep(DOCUMENT_MSG.tooDeep(MAX_NESTING));
      } else if (t.kind === TokenKind.BRACE_R || t.kind === TokenKind.BRACKET_R || t.kind === TokenKind.PAREN_R) depth--;
    }
  } catch {
    return null; // a syntax error: the parser reports it (GRAPHQL_PARSE_FAILED)
  }
  return null;
}

/** Yoga plugin: refuses a caller's document beyond the limits above (400), before it is parsed or cached. */
export function documentLimits(): Plugin {
  return {
    onParams({ params }) {
      const refusal = typeof params.query === "string" ? documentRefusal(params.query) : null;
      if (refusal) throw refusal;
    },
  };
}

/**
 * Yoga's parse and validation cache, bounded by entries and by size: parsed documents by their
 * tokens (about 500 bytes each, so at most about 50 MB), refused documents by their length (the
 * error keeps the text). Yoga's default keeps 1,024 of each, whatever their size.
 */
export function boundedParseCache() {
  const tokens = (doc: DocumentNode) => {
    let n = 1;
    for (let t: Token | null | undefined = doc.loc?.startToken; t; t = t.next) n++;
    return n;
  };
  return {
    documentCache: new LRUCache<string, DocumentNode>({ max: 1_000, maxSize: DOCUMENT_CACHE_TOKENS, sizeCalculation: tokens }),
    errorCache: new LRUCache<string, object>({ max: 1_000, maxSize: 10 * MAX_DOCUMENT_LENGTH, sizeCalculation: (_e, key) => key.length + 1 }),
  };
}

/** The validation rules of depthAndAliasLimits, for checking documents outside a request (tests). */
export function depthAndAliasRules(): ValidationRule[] {
  const rules: ValidationRule[] = [];
  for (const plugin of depthAndAliasLimits()) plugin.onValidate?.({ addValidationRule: (r: ValidationRule) => rules.push(r) } as never);
  return rules;
}

// ---- cost (complexity): what a request may make the server fetch
// Every field costs 1. A paginated field (`first`/`last`) multiplies the cost of its selection by
// the page size it asks (Pothos: 20 when absent, at most 100), `nodes(ids:)` by the number of ids,
// and any other list field by LIST_ESTIMATE. The connection's own `edges`/`nodes` do not multiply
// again. Computed before execution, with the request's variables; a request above MAX_COST is
// refused with QUERY_TOO_COMPLEX. The client's most expensive operation (the locations screen: 100
// events with their locations) costs about 25,000, half the limit.

export const MAX_COST = 50_000;
export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 100;
export const LIST_ESTIMATE = 10;

type Vars = Record<string, unknown> | null | undefined;

function argValue(node: import("graphql").ValueNode | undefined, vars: Vars): unknown {
  if (!node) return undefined;
  if (node.kind === Kind.VARIABLE) return vars?.[node.name.value];
  if (node.kind === Kind.INT) return Number(node.value);
  if (node.kind === Kind.LIST) return node.values;
  return undefined;
}

function multiplier(field: import("graphql").FieldNode, type: import("graphql").GraphQLOutputType, vars: Vars): number {
  const args = Object.fromEntries((field.arguments ?? []).map((a) => [a.name.value, a.value]));
  if ("first" in args || "last" in args || isConnectionField(type)) {
    const n = argValue(args.first ?? args.last, vars);
    return Math.min(typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : DEFAULT_PAGE, MAX_PAGE);
  }
  if (field.name.value === "nodes" && args.ids) {
    const ids = argValue(args.ids, vars);
    return Array.isArray(ids) ? ids.length : LIST_ESTIMATE;
  }
  if (field.name.value === "edges") return 1;
  return isListType(getNullableType(type)) ? LIST_ESTIMATE : 1;
}

function isConnectionField(type: import("graphql").GraphQLOutputType): boolean {
  const named = getNamedType(type);
  return isObjectType(named) && named.name.endsWith("Connection");
}

export function operationCost(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, vars: Vars): number {
  const op = getOperationAST(document, operationName);
  if (!op) return 0;
  const root = schema.getRootType(op.operation);
  if (!root) return 0;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;

  const costOf = (set: SelectionSetNode | undefined, parent: GraphQLNamedType, seen: Set<string>): number => {
    if (!set) return 0;
    let total = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (s.name.value.startsWith("__")) {
          total += 1;
          continue;
        }
        const fields = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields() : {};
        const def = fields[s.name.value];
        if (!def) continue; // unknown fields are reported by validation
        const child = getNamedType(def.type);
        const inner = s.selectionSet ? costOf(s.selectionSet, child, seen) : 0;
        // "edges" under a connection is already counted by the connection's page size
        total += 1 + (s.name.value === "edges" ? inner : multiplier(s, def.type, vars) * inner);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        const t = s.typeCondition ? schema.getType(s.typeCondition.name.value) : parent;
        total += costOf(s.selectionSet, t ?? parent, seen);
      } else {
        const name = s.name.value;
        if (seen.has(name)) continue;
        const frag = fragments[name];
        if (!frag) continue;
        seen.add(name);
        total += costOf(frag.selectionSet, schema.getType(frag.typeCondition.name.value) ?? parent, seen);
        seen.delete(name);
      }
    }
    return total;
  };
  return costOf(op.selectionSet, root, new Set());
}

/** Yoga plugin: refuses an operation costing more than `max` before it runs. */
export function costLimit(max = MAX_COST): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const cost = operationCost(args.schema, args.document, args.operationName, args.variableValues as Vars);
      if (cost <= max) return;
      setResultAndStopExecution({
        errors: [
          createGraphQLError(`Die Anfrage ist zu aufwendig (Kosten ${cost}, höchstens ${max}); bitte kleinere Seiten (first) abfragen`, {
            extensions: { code: "QUERY_TOO_COMPLEX", cost, maxCost: max, http: { status: 400 } },
          }),
        ],
      });
    },
  };
}
