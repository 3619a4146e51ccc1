/** The public correction log. */
import { correctionsSchema } from '#lib/shared/schemas/receipts.ts';
import type { EndpointDefinition } from './definition.ts';

export const CORRECTIONS = {
  path: '/api/corrections',
  tag: 'Corrections',
  description:
    "The public correction log, newest first (the latest 500): each published figure of a past day that a later run changed (one asset on one chain from one source: value, supply, price or holders), with before and after, the day, the reason and the method version; and each change of method (figure 'method'). Money is a decimal string in dollars, as elsewhere.",
  summary: 'Published figures changed later, and method changes, with before, after and why',
  component: 'Corrections',
  schema: correctionsSchema,
  params: [],
  example: '/api/corrections',
} satisfies EndpointDefinition;
