/**
 * A stored observation: a receipt's row (figures/read-model.ts observationsOfQuery finds the ones
 * the published figures were read as). No page reads observations to decide a figure: the publish
 * step decided each one into the read model, which is what pages, downloads and the API read.
 */
import type { ingestObservations } from '#db/schema/index.ts';

export type Observation = typeof ingestObservations.$inferSelect;
