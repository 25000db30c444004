import { describe, expect, it } from 'vitest';
import da from './da.json?all';

/** Every string of a strings tree with its dotted key. */
const leaves = (tree: object, path = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${path}${key}`, value] as [string, string]] : leaves(value, `${path}${key}.`),
  );

describe('Danish wording', () => {
  it('spells Cancel one way everywhere: Annuller', () => {
    const cancels = leaves(da).filter(([, text]) => /^annull[eé]r$/i.test(text));
    expect(cancels.length).toBeGreaterThan(3);
    expect(cancels.filter(([, text]) => text !== 'Annuller')).toEqual([]);
  });

  it('names a tenant one way everywhere: organisation, as the menu and the tenant picker do', () => {
    expect(leaves(da).filter(([, text]) => /lejer/i.test(text))).toEqual([]);
    expect(leaves(da).find(([key]) => key === 'menu.tenant')?.[1]).toBe('Organisation');
  });
});
