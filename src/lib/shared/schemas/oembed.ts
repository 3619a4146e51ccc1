/**
 * The oEmbed 1.0 answer (https://oembed.com, section 2.3.4): a `rich` embed, whose html is an iframe
 * of the chart's /embed/ page. type, version, html, width and height are what the specification
 * requires of a rich answer; title, provider and cache_age are its optional fields.
 */
import { z } from 'zod';

export const oembedSchema = z.object({
  type: z.literal('rich').describe('Always rich: an HTML snippet'),
  version: z.literal('1.0').describe('The oEmbed version'),
  html: z.string().describe('An iframe of the chart (/embed/...), sized width x height, sandboxed but for the link back'),
  width: z.number().int().positive().describe('Pixels: the iframe width, within maxwidth when given (280 at least)'),
  height: z.number().int().positive().describe('Pixels: the iframe height for that width'),
  title: z.string().describe("The chart's title"),
  provider_name: z.string(),
  provider_url: z.string().describe("The site's origin"),
  cache_age: z.number().int().describe('Seconds the answer may be kept (the figures change with a published run)'),
});
export type OEmbed = z.infer<typeof oembedSchema>;
