// Keeps docs/label-templates.md true: every element and attribute of the language, every barcode type, placeholder
// group, label.* field, sheet setting and built-in template is named there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { builtinTemplates } from './builtin';
import { LABEL_GROUPS, LABEL_META_FIELDS } from './data';
import { BARCODE_TYPES, LABEL_ELEMENTS } from './template';

const page = readFileSync(path.join(__dirname, '../../../docs/label-templates.md'), 'utf8');
const elements = page.slice(page.indexOf('### Elements'), page.indexOf('### Placeholders'));

describe('docs/label-templates.md', () => {
  it.each(Object.entries(LABEL_ELEMENTS))('documents <%s> and its attributes', (name, attributes) => {
    const row = elements.split('\n').find((line) => line.startsWith(`| \`<${name}>\``));
    expect(row).toBeDefined();
    // pages is documented once for all elements below the table
    for (const attr of attributes.filter((a) => a !== 'pages')) expect(row).toContain(`\`${attr}\``);
  });

  it('documents the barcode types, placeholder groups, label fields, settings and built-in templates', () => {
    for (const type of BARCODE_TYPES) expect(page).toContain(`| \`${type}\` |`);
    for (const group of LABEL_GROUPS) expect(page).toContain(`| \`${group}\` |`);
    for (const field of LABEL_META_FIELDS) expect(page).toContain(`\`label.${field}\``);
    for (const setting of [
      'paper',
      'columns',
      'rows',
      'margin_top',
      'margin_left',
      'gap_x',
      'gap_y',
      'offset_x',
      'offset_y',
      'start_position',
      'copies',
      'dpi',
      'barcodes',
    ])
      expect(page).toContain(`\`${setting}\``);
    for (const t of builtinTemplates()) expect(page).toContain(`| \`${t.key}\` | ${t.type} |`);
  });
});
