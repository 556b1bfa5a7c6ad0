// Keeps docs/notification-templates.md true: every placeholder of the order document is listed there, and its
// examples render as the page says.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sampleOrderDocument } from './sample';
import { assertEmailTemplate, assertFileTemplate, renderEmailTemplate, renderFileText } from './templates';

const page = readFileSync(path.join(__dirname, '../../../docs/notification-templates.md'), 'utf8');
const doc = sampleOrderDocument();

function leafPaths(value: unknown, prefix: string, out: string[]): string[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) leafPaths(child, prefix ? `${prefix}.${key}` : key, out);
  } else if (!Array.isArray(value)) out.push(prefix);
  return out;
}

describe('docs/notification-templates.md', () => {
  it('lists every placeholder of the document (lines as line.*, item.*, kanban_rule.*, storage.*)', () => {
    const { lines, ...rest } = doc;
    const [first] = lines;
    const { item, kanban_rule, storage, ...line } = first!;
    const paths = [
      ...leafPaths(rest, '', []),
      ...leafPaths(line, 'line', []),
      ...leafPaths(item, 'item', []),
      ...leafPaths(kanban_rule, 'kanban_rule', []),
      ...leafPaths(storage, 'storage', []),
    ];
    const missing = paths.filter((p) => !page.includes(`\`${p}\``));
    expect(missing).toEqual([]);
  });

  it('renders its examples as it says', () => {
    const render = (header: string): string => renderEmailTemplate({ header, body: '' }, doc).subject;
    expect(render('{{date order.date}}')).toBe('27.11.2026');
    expect(render('{{date order.created "datetime"}}')).toBe('27.11.2026 09:15');
    expect(render('{{number order.total_quantity decimals=2}}')).toBe('7,50');
    expect(render('{{csv lines.1.name}}')).toBe('"Sechskantmutter M8 ""A2"""');
    expect(render('{{@locale}}')).toBe('de');
    const fixed = '{{padEnd line.sku 10}}{{padStart (number line.quantity decimals=3 grouping=false locale="en") 9 "0"}}';
    assertFileTemplate({ header: '', body: fixed });
    expect(renderFileText({ header: '', body: fixed, linebreak: 'LF' }, doc).split('\n')[0]).toBe('DIN933-M8x00005.000');
    expect(page).toContain('`DIN933-M8x00005.000`');
    const csvBody = '{{line.pos}};{{csv line.sku}};{{number line.quantity grouping=false}};{{line.unit}};{{csv location.name}}';
    assertFileTemplate({ header: 'Pos;Artikel;Menge;Einheit;Lieferort', body: csvBody });
    expect(renderFileText({ header: 'Pos;Artikel;Menge;Einheit;Lieferort', body: csvBody, linebreak: 'LF' }, doc)).toBe(
      'Pos;Artikel;Menge;Einheit;Lieferort\n1;DIN933-M8x20;5;BOX;Montagehalle 2\n2;DIN934-M8;2,5;KGM;Montagehalle 2\n',
    );
    const mailBody = page.split('```handlebars\n')[1]!.split('```')[0]!;
    assertEmailTemplate({ header: 'Bestellung {{order.id}}', body: mailBody });
    expect(renderEmailTemplate({ header: '', body: mailBody }, doc).body).toContain('1. 5 BOX DIN933-M8x20 Sechskantschraube M8×20 verzinkt\n');
  });
});
