/**
 * Which columns of a table a phone keeps in view. A table exists for a figure: on a phone it keeps
 * the row's name, that figure (the value) and its change; the other columns (the rank too: the order
 * shows it) leave the table below the phone width (src/styles/global.css reads these attributes) and
 * are one tap away on the row's own page, or written under the name where the page says so.
 */

/** What a column is to a phone: kept (name, value, change, keep) or, without a role, hidden. */
export type PhoneRole = 'name' | 'value' | 'change' | 'keep';

/** The table's data-* attributes: the 1-based positions hidden, and where the name and the value are. */
export interface PhoneAttrs {
  'data-phone-hide'?: string;
  'data-phone-name'?: string;
  'data-phone-value'?: string;
}

/**
 * The attributes of a table whose columns carry phone roles. A table that names no value column is
 * left whole (it scrolls sideways as before): hiding columns of a table whose figure is not known
 * would hide what it is for.
 */
export function phoneAttrs(columns: ReadonlyArray<{ phone?: PhoneRole }>): PhoneAttrs {
  const value = columns.findIndex((c) => c.phone === 'value');
  if (value < 0) return {};
  const name = columns.findIndex((c) => c.phone === 'name');
  const hidden = columns.flatMap((c, i) => (c.phone ? [] : [String(i + 1)]));
  return {
    ...(hidden.length > 0 ? { 'data-phone-hide': hidden.join(' ') } : {}),
    ...(name >= 0 ? { 'data-phone-name': String(name + 1) } : {}),
    'data-phone-value': String(value + 1),
  };
}
