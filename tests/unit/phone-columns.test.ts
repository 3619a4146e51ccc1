import { describe, expect, it } from 'vitest';
import { phoneAttrs } from '#lib/shared/phone-columns.ts';
import { COMMODITY_TABLE, CREDIT_POOLS, STABLECOIN_TABLE } from '#lib/shared/open-data/class-tables.ts';
import { NETWORK_TABLE } from '#lib/shared/open-data/list-views.ts';

describe('the columns a phone keeps', () => {
  it('hides every column without a role, and names the name and value columns (1-based)', () => {
    expect(phoneAttrs([{}, { phone: 'name' }, {}, { phone: 'value' }, {}, { phone: 'change' }])).toEqual({
      'data-phone-hide': '1 3 5',
      'data-phone-name': '2',
      'data-phone-value': '4',
    });
  });
  it('leaves a table whole when it names no value column (it scrolls sideways as before)', () => {
    expect(phoneAttrs([{ phone: 'name' }, {}, {}])).toEqual({});
  });
  it('every class table keeps its name, its value and, where it has one, its change', () => {
    expect(phoneAttrs(NETWORK_TABLE.columns)).toEqual({ 'data-phone-hide': '1 3 5', 'data-phone-name': '2', 'data-phone-value': '4' });
    expect(phoneAttrs(STABLECOIN_TABLE.columns)['data-phone-value']).toBe('5');
    expect(phoneAttrs(COMMODITY_TABLE.columns)['data-phone-hide']).toBe('1 3 4 5 7');
    // The pools keep their name (third), APY and principal; platform and network go under the name.
    expect(phoneAttrs(CREDIT_POOLS.columns)).toEqual({ 'data-phone-hide': '1 2 4 5 8', 'data-phone-name': '3', 'data-phone-value': '7' });
  });
});
