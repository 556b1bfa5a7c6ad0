import { type MenuItem } from '../menus';
import { searchEntries, toggleShortcut } from './shortcuts';

const entry = (id: string): MenuItem => ({ id, title: `menu.${id}`, type: 'item' });
const TITLES: Record<string, string> = {
  'company.orders': 'Orders',
  'company.orderNew': 'New order',
  'company.journal': 'Journal',
};
const title = (e: MenuItem) => TITLES[e.id] ?? e.id;

describe('toggleShortcut', () => {
  it('adds a missing id at the end and removes a present one', () => {
    expect(toggleShortcut([], 'a')).toEqual(['a']);
    expect(toggleShortcut(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleShortcut(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('does not change the list it was given', () => {
    const list = ['a'];
    toggleShortcut(list, 'b');
    expect(list).toEqual(['a']);
  });
});

describe('searchEntries', () => {
  const entries = ['company.orders', 'company.orderNew', 'company.journal'].map(entry);

  it('keeps every entry for an empty query', () => {
    expect(searchEntries(entries, '  ', title)).toHaveLength(3);
  });

  it('matches every word of the query in the translated title, case-insensitive', () => {
    expect(searchEntries(entries, 'ORDER', title).map((e) => e.id)).toEqual([
      'company.orders',
      'company.orderNew',
    ]);
    expect(searchEntries(entries, 'new ord', title).map((e) => e.id)).toEqual(['company.orderNew']);
    expect(searchEntries(entries, 'zzz', title)).toEqual([]);
  });
});
