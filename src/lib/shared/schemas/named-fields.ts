/**
 * An answer's type as its schema's named fields: a loose object (`.loose()`, the spec's answers
 * that may grow) or a catch-all one (a column per metric) adds an index signature to z.output,
 * which a page model's interface lacks and a catch-all's named fields (a date among numbers)
 * cannot meet. The named fields stay, deep; a record with no named field keeps its index signature.
 */

/** The keys of T that are not an index signature's. */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

export type NamedFields<T> = T extends readonly (infer E)[]
  ? NamedFields<E>[]
  : T extends object
    ? [NamedKeys<T>] extends [never]
      ? { [K in keyof T]: NamedFields<T[K]> }
      : { [K in keyof T as string extends K ? never : number extends K ? never : K]: NamedFields<T[K]> }
    : T;
