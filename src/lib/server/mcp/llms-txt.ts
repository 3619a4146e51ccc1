/**
 * /llms.txt and /llms-full.txt (the llmstxt.org convention): what the site is, how its figures are
 * made and where an agent reads them. Written from the sources /sources and /docs/api are built from
 * (the statements of method, the snapshot's notes, the OpenAPI document's endpoints, the MCP tools),
 * so they say what those pages say and change with them.
 */
import { SITE } from '#lib/shared/site.ts';
import { OPENAPI_PATH, openApiDocument } from '#lib/server/open-data/openapi.ts';
import { TAGS, type EndpointDefinition } from '#lib/server/open-data/endpoints/definition.ts';
import { ENDPOINTS } from '#lib/server/open-data/endpoints/list.ts';
import { endpointAnchor } from '#lib/server/open-data/api-docs-page.ts';
import { argumentsOf, TOOLS } from './tools.ts';
import { MCP_PATH } from '#lib/server/http/mcp-edge.ts';

export interface LlmsSources {
  origin: string;
  /** The statements of method /sources shows (the catalogue's statements of method). */
  methods: { id: string; title: string; text: string }[];
  /** The snapshot's notes (content/data/SOURCES.md), as Markdown. */
  snapshotNotes: string;
}

const ORIGINS_TEXT =
  'Every figure is marked with its origin: "live" (read by a published ingest run, from a chain at a block or from a public API, with a receipt that shows the read and the command that repeats it), "snapshot" (a dated public figure of the embedded snapshot, used until a run is published) or "illustrative" (synthetic detail around the snapshot, labelled wherever it is shown). Money is a decimal string in dollars; a figure that is not known is null, with why, never 0.';

const FEEDS = (o: string) => [
  `- [Alerts, Atom](${o}/api/alerts/feed.atom): data events (a depeg, a NAV move, a supply move, a held or stale figure, a new asset); ?asset=, ?class= or ?network= for one`,
  `- [Alerts, JSON Feed](${o}/api/alerts/feed.json): the same events as JSON Feed 1.1`,
  `- [Posts, RSS](${o}/rss.xml): the blog and research`,
];

const endpointLine = (o: string, e: EndpointDefinition) => `- [GET ${e.path}](${o}/docs/api#${endpointAnchor(e.path)}): ${e.summary}`;

/** /llms.txt: the index. */
export function llmsIndex({ origin: o, methods }: LlmsSources): string {
  return [
    `# ${SITE.name}`,
    '',
    `> ${SITE.description}`,
    '',
    ORIGINS_TEXT,
    '',
    `Free to read, no key and no cookie: the pages, the JSON and CSV API, the feeds and an MCP endpoint for AI assistants all give the same figures. The full text of the method and the API: ${o}/llms-full.txt.`,
    '',
    '## Method',
    '',
    `- [Data sources and method](${o}/sources): where every figure comes from, the tracked contracts, the ingest runs and the snapshot's public reports`,
    ...methods.map((m) => `- [${m.title}](${o}/sources#methodology): ${firstSentence(m.text)}`),
    `- [Corrections](${o}/corrections): published figures a later run changed, and changes of method`,
    '',
    '## API',
    '',
    `- [API documentation](${o}/docs/api): every endpoint, its parameters, CSV downloads, caching and errors`,
    `- [OpenAPI document](${o}${OPENAPI_PATH}): OpenAPI 3.1, generated from the schemas the answers are tested against`,
    ...ENDPOINTS.map((e) => endpointLine(o, e)),
    '',
    '## Feeds',
    '',
    ...FEEDS(o),
    '',
    '## MCP',
    '',
    `- [MCP endpoint](${o}${MCP_PATH}): Model Context Protocol over Streamable HTTP (stateless, JSON answers), read-only, no key; tools: ${TOOLS.map((t) => t.name).join(', ')}`,
    `- [Connecting an assistant](${o}/docs/mcp): Claude Desktop, Claude Code or any MCP client`,
    '',
    '## Optional',
    '',
    `- [The method and the API in full](${o}/llms-full.txt)`,
    '',
  ].join('\n');
}

/** /llms-full.txt: the method and the API in plain text. */
export function llmsFull({ origin: o, methods, snapshotNotes }: LlmsSources): string {
  const doc = openApiDocument(o);
  const byTag = Object.keys(TAGS).map((tag) => ({ tag, endpoints: ENDPOINTS.filter((e) => e.tag === tag) }));
  return [
    `# ${SITE.name}: the method and the API`,
    '',
    `> ${SITE.description}`,
    '',
    ORIGINS_TEXT,
    '',
    '## Method',
    '',
    `As ${o}/sources states it.`,
    '',
    ...methods.flatMap((m) => [`### ${m.title}`, '', m.text, '']),
    '## The snapshot',
    '',
    demoteHeadings(snapshotNotes).trim(),
    '',
    '## The API',
    '',
    `${o}/docs/api, machine-readable at ${o}${OPENAPI_PATH}.`,
    '',
    doc.info.description,
    '',
    ...byTag.flatMap(({ tag, endpoints }) => [
      `### ${tag}`,
      '',
      TAGS[tag as keyof typeof TAGS] + '.',
      '',
      ...endpoints.flatMap((e) => [
        `#### GET ${e.path}`,
        '',
        `${e.summary}. ${e.description}`,
        '',
        ...(e.params.length
          ? ['Parameters:', ...e.params.map((p) => `- ${p.name} (${p.in}${p.required ? ', required' : ''}): ${p.description}`), '']
          : []),
        `Answer: ${e.media ?? 'application/json'} (${e.component})${e.csv ? ', or text/csv with format=csv' : ''}. Example: ${o}${e.example}`,
        '',
      ]),
    ]),
    '## MCP endpoint',
    '',
    `${o}${MCP_PATH}: the Model Context Protocol over Streamable HTTP, stateless, answering in JSON; read-only, no key. How to connect an assistant: ${o}/docs/mcp. Each tool answers what its API call answers, inside a citation: asOf, origin, publishedRun, source, and links to the page, the receipt and the API call.`,
    '',
    ...TOOLS.flatMap((t) => {
      const args = argumentsOf(t);
      return [
        `### ${t.name}`,
        '',
        t.description,
        '',
        args.length
          ? `Arguments: ${args.map((a) => `${a.name}${a.optional ? ' (optional)' : ''}: ${a.description}`).join('; ')}.`
          : 'No arguments.',
        '',
      ];
    }),
  ].join('\n');
}

/** A statement's first sentence, for the index's one line. */
function firstSentence(text: string): string {
  const m = /^(.+?[.!?])(\s|$)/.exec(text);
  return m ? m[1] : text;
}

/** The notes' own headings, two levels down, under this file's "## The snapshot". */
const demoteHeadings = (md: string) => md.replace(/^(#{1,4}) /gm, (_, h: string) => `${h}## `);
