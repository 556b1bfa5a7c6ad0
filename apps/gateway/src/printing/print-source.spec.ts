import { parsedBuiltin, parseLabelTemplate } from '@kanban/labels';
import { imageKeys, kanbanCards } from './print-source';

describe('kanbanCards', () => {
  it('counts the bins in circulation: ⌈capacity ÷ (capacity − threshold)⌉, 1 to 1000', () => {
    expect(kanbanCards({ capacity: 20, threshold: 10 })).toBe(2);
    expect(kanbanCards({ capacity: 20, threshold: 5 })).toBe(2);
    expect(kanbanCards({ capacity: 30, threshold: 20 })).toBe(3);
    expect(kanbanCards({ capacity: 100, threshold: 0 })).toBe(1);
    expect(kanbanCards({ capacity: 10, threshold: 10 })).toBe(1);
    expect(kanbanCards({ capacity: 0, threshold: 0 })).toBe(1);
    expect(kanbanCards({ capacity: 100_000, threshold: 99_999 })).toBe(1000);
  });
});

describe('imageKeys', () => {
  it('finds the fixed image keys a template draws, in conditions too, and not the placeholders', () => {
    expect([...imageKeys(parsedBuiltin('kanban-card-a6'))]).toEqual(['item']);
    expect([...imageKeys(parsedBuiltin('delivery-note-a4'))]).toEqual(['company.logo']);
    expect([...imageKeys(parsedBuiltin('kanban-card-100x50'))]).toEqual([]);
    const template = parseLabelTemplate(
      '<label width="50" height="20"><if test="item.sku"><image x="1" y="1" width="5" height="5" src="company.logo"/></if><image x="10" y="1" width="5" height="5" src="{{item.sku}}"/></label>',
    );
    expect([...imageKeys(template)]).toEqual(['company.logo']);
  });
});
