// Label printing (docs/label-printing.md "Pages"): the label template editor with its live preview (a built-in,
// found and shown by its name in the interface's language, duplicated, a text changed: the server's SVG preview changes; a broken XML is marked at its line, saving says so)
// and 20 item labels of a location printed on A4 sheets from the location menu's "Print items": progress, then the
// PDF downloaded and read back (a PDF, the page count of the sheets); in English and German, at 1366 and 390 px.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, openMenuEntry, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageData } from '../page-api';

interface Named {
  id: number;
  name: string;
}
interface Template extends Named {
  builtin: boolean;
  builtin_key: string | null;
  width: number;
  height: number;
}

const WORDS = {
  en: { templates: 'Label templates', binLabel: 'Bin label 80 × 40 mm', binSearch: 'bin label', copy: '(copy)', builtin: 'Built-in', line: 'Line', saved: 'saved', labels: '20 labels', pages: (n: number) => `${n} pages`, print: 'Print item labels', settings: 'Label print settings', own: 'Own settings', defaults: 'Defaults', dpiRange: 'from 20 to 300', locations: 'Print location labels' },
  de: { templates: 'Etikettenvorlagen', binLabel: 'Fachetikett 80 × 40 mm', binSearch: 'fachetikett', copy: '(Kopie)', builtin: 'Mitgeliefert', line: 'Zeile', saved: 'gespeichert', labels: '20 Etiketten', pages: (n: number) => `${n} Seiten`, print: 'Artikeletiketten drucken', settings: 'Etiketten-Druckeinstellungen', own: 'Eigene Einstellungen', defaults: 'Standardwerte', dpiRange: 'von 20 bis 300', locations: 'Standortetiketten drucken' },
};

const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 390, height: 844 };

/** The SVG the preview image shows (its data: URI decoded). */
async function previewSvg(page: Page): Promise<string> {
  const src = (await page.locator(testid('label-preview-image')).getAttribute('src').catch(() => null)) ?? '';
  const comma = src.indexOf(',');
  return comma < 0 ? '' : decodeURIComponent(src.slice(comma + 1));
}

/** The pages of a PDF: pdfinfo's count (poppler-utils), checked against the page objects in the bytes. */
function pdfPages(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const objects = (readFileSync(file).toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
  assert(objects === 0 || objects === pages, `pdfinfo counts ${pages} pages, the file has ${objects} page objects`);
  return pages;
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`printing: edit a label template with its live preview, errors at their line (${language})`, async ({ loginAs }) => {
    test.setTimeout(120_000);
    const page = await loginAs('admin@demo.example', { viewport: WIDE });
    if (language === 'de') await chooseLanguage(page, 'de');
    const suffix = `${language}${Date.now().toString(36)}`;
    // company settings -> label templates (the menu entry is offered now that the page exists)
    await openMenuEntry(page, 'company.settings', 'company.labelTemplates', /^\/c\/1\/settings\/templates\/label\/?$/);
    const list = await visible(page, testid('label-templates-page'));
    assert((await text(list)).includes(words.templates), `the page should be titled "${words.templates}"`);
    // sorted by name (the default) in the order of the names shown: the built-ins as the language sorts their names
    // (in German the stored English names would put "Lieferschein" before "Kanban-Karte")
    const builtinNames = await until(async () => {
      const names = await page
        .locator('[data-testid^="label-template-row-"]:has([data-testid^="label-template-builtin-"])')
        .evaluateAll((rows) => rows.map((row) => row.querySelector('a')?.textContent?.trim() ?? ''));
      return names.length === 5 ? names : null;
    }, 'the five built-ins should be listed');
    const byShownName = [...builtinNames].sort((a, b) => a.localeCompare(b, language));
    assert(JSON.stringify(builtinNames) === JSON.stringify(byShownName), `the built-ins should be sorted by their shown names: ${builtinNames.join(' | ')}`);
    // the built-in bin label: named in the interface's language (the row stores the English name), found by the name
    // shown, marked, read-only; duplicated to change it
    await page.locator(testid('label-template-type-filter')).selectOption('Item');
    await (await visible(page, testid('label-template-filter'))).fill(words.binSearch);
    const templates = await pageData<{ items: Template[] }>(page, 'GET', 'labeltemplates?type=Item&per_page=100');
    const bin = templates.items.find((x) => x.builtin_key === 'bin-label');
    assert(bin, `the built-in bin label should be listed: ${JSON.stringify(templates.items.map((x) => x.name))}`);
    // the search has applied (the kanban cards are gone) and found the bin label by its shown name
    const card = templates.items.find((x) => x.builtin_key === 'kanban-card-a6')!;
    await until(async () => (await page.locator(testid(`label-template-row-${card.id}`)).count()) === 0, `the search "${words.binSearch}" should leave out the kanban cards`);
    const row = await visible(page, testid(`label-template-row-${bin.id}`));
    const shown = await text(row);
    assert(shown.includes(words.binLabel), `the built-in should be named "${words.binLabel}": ${shown}`);
    if (language === 'de') assert(!shown.includes(bin.name), `the German list should not show the stored name "${bin.name}": ${shown}`);
    assert(shown.includes(words.builtin), `the built-in should be marked "${words.builtin}"`);
    await screenshot(page, `printing-templates-${language}.png`);
    if (language === 'en') {
      const axe = await runAxe(page, 'label templates');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await page.locator(testid(`label-template-duplicate-${bin.id}`)).click();
    await waitPath(page, /^\/c\/1\/settings\/templates\/label\/\d+\/?$/);
    await visible(page, testid('label-template-editor'));
    const copyID = Number(/\/label\/(\d+)/.exec(new URL(page.url()).pathname)?.[1]);
    // the copy is named as the built-in was shown
    const copyName = (await pageData<Template>(page, 'GET', `labeltemplates/${copyID}`)).name;
    assert(copyName.startsWith(`${words.binLabel} ${words.copy.slice(0, -1)}`), `the copy should be named "${words.binLabel} ${words.copy}", got "${copyName}"`);
    // the preview of the copy: an SVG from the server
    await visible(page, testid('label-preview-image'), 20_000);
    const before = await until(async () => ((await previewSvg(page)).includes('<svg') ? previewSvg(page) : null), 'the preview should show an SVG');
    // change a text: the preview changes and shows it
    const area = page.locator(testid('label-template-xml'));
    const xml = await area.inputValue();
    const marker = `Probe ${suffix}`;
    const changed = xml.replace('</label>', `  <text x="3" y="34" width="40" height="4" size="7">${marker}</text>\n</label>`);
    await area.fill(changed);
    const after = await until(async () => {
      const svg = await previewSvg(page);
      return svg && svg !== before ? svg : null;
    }, 'the preview should change after the text changed', 15_000);
    assert(after.includes(marker) || after.length !== before.length, 'the new preview should differ from the old one');
    // a placeholder from the picker lands at the cursor
    await area.focus();
    await area.evaluate((el: HTMLTextAreaElement, m: string) => {
      const at = el.value.indexOf(m) + m.length;
      el.setSelectionRange(at, at);
    }, marker);
    const sku = await page.locator(`${testid('label-placeholder')} option[value="{{item.sku}}"]`).count();
    assert(sku === 1, 'the placeholder picker should offer {{item.sku}}');
    await page.locator(testid('label-placeholder')).selectOption('{{item.sku}}');
    await until(async () => (await area.inputValue()).includes(`${marker}{{item.sku}}</text>`), 'the placeholder should be inserted at the cursor');
    await screenshot(page, `printing-editor-${language}.png`);
    // a broken XML: the line is marked, saving names it
    const good = await area.inputValue();
    const lines = good.split('\n');
    const badLine = lines.findIndex((l) => l.includes(marker)) + 1;
    lines[badLine - 1] = lines[badLine - 1]!.replace('</text>', '</txt>');
    await area.fill(lines.join('\n'));
    await page.locator(testid('label-template-save')).click();
    await visible(page, testid('label-template-failure'));
    const problem = await visible(page, testid('xml-problem'));
    assert((await text(problem)).includes(words.line), `the problem should name its line ("${words.line} …")`);
    await visible(page, '[data-testid^="xml-error-line-"]');
    const marked = await page.locator('[data-testid^="xml-error-line-"]').first().getAttribute('data-testid');
    const markedLine = Number(marked?.replace('xml-error-line-', ''));
    assert(Math.abs(markedLine - badLine) <= 1, `line ${badLine} should be marked, got ${markedLine}`);
    await screenshot(page, `printing-editor-error-${language}.png`);
    // repaired and saved: stored as typed
    await area.fill(good);
    await page.locator(testid('label-template-save')).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.saved), `the snackbar should say "${words.saved}"`);
    const stored = await pageData<Template & { template: string }>(page, 'GET', `labeltemplates/${copyID}`);
    assert(stored.template.includes(`${marker}{{item.sku}}`), 'the saved template should hold the change');
    // the phone width: editor and preview one below the other
    await page.setViewportSize(NARROW);
    await visible(page, testid('label-preview-image'));
    await screenshot(page, `printing-editor-${language}-390.png`);
    await pageData(page, 'DELETE', `labeltemplates/${copyID}`);
  });

  test(`printing: 20 item labels of a location on A4 sheets, progress and PDF download (${language})`, async ({ loginAs }) => {
    test.setTimeout(180_000);
    const page = await loginAs('admin@demo.example', { viewport: WIDE });
    if (language === 'de') await chooseLanguage(page, 'de');
    const suffix = `${language}${Date.now().toString(36)}`;
    // a location of Maschinenbau Huber with 20 kanban rules
    const customers = await pageData<{ items: Named[] }>(page, 'GET', 'customer?all=1&per_page=200');
    const customer = customers.items.find((c) => c.name.includes('Maschinenbau Huber'))!;
    const location = await pageData<Named>(page, 'POST', `customer/${customer.id}/location/`, { name: `Druck "Süd" ${suffix}` });
    const supplier = (await pageData<{ items: Named[] }>(page, 'GET', 'supplier?q=L-100')).items[0]!;
    const catalog = (await pageData<{ items: Named[] }>(page, 'GET', `supplier/${supplier.id}/catalog`)).items[0]!;
    for (let i = 1; i <= 20; i++) {
      const item = await pageData<Named>(page, 'POST', `customer/${customer.id}/item`, {
        sku: `PR-${suffix}-${String(i).padStart(2, '0')}`,
        name: `Etikett ${i} Größe ${suffix}`,
        order_unit: 'PAK',
        item_unit: 'PCE',
        catalog_id: catalog.id,
      });
      await pageData(page, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 8, stock: 8 });
    }
    const bin = (await pageData<{ items: Template[] }>(page, 'GET', 'labeltemplates?type=Item&per_page=100')).items.find((x) => x.builtin_key === 'bin-label')!;
    // the location menu's "Print items"
    await page.goto(`/c/1/customer/${customer.id}/location/${location.id}`);
    await (await visible(page, testid('menu-location.printItems'))).click();
    await waitPath(page, new RegExp(`^/c/1/customer/${customer.id}/location/${location.id}/printitems/?$`));
    const panel = await visible(page, testid('print-label-page'));
    assert((await text(panel)).includes(words.print), `the page should be titled "${words.print}"`);
    await until(async () => (await page.locator('[data-testid^="print-rules-row-"]').count()) === 20, 'the 20 rules should be offered');
    await until(async () => (await text(page.locator(testid('print-rules-count')))).includes('20'), 'all 20 should be ticked');
    await until(async () => (await page.locator(`${testid('print-template')} option[value="${bin.id}"]`).count()) === 1, 'the bin label should be offered');
    await page.locator(testid('print-template')).selectOption(String(bin.id));
    await page.locator(testid('print-a4')).click();
    if (language === 'en') {
      const axe = await runAxe(page, 'print items');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await page.locator(testid('print-submit')).click();
    await visible(page, testid('print-done'), 60_000);
    const progress = await text(page.locator(testid('print-progress-text')));
    assert(progress.includes(words.labels), `the progress should say "${words.labels}": ${progress}`);
    await screenshot(page, `printing-items-${language}.png`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(testid('print-download')).click()]);
    const file = await download.path();
    const bytes = readFileSync(file);
    assert(bytes.subarray(0, 5).toString('latin1') === '%PDF-', 'the download should be a PDF');
    assert(download.suggestedFilename().endsWith('.pdf'), `the file should be a .pdf, got ${download.suggestedFilename()}`);
    // 80 × 40 mm labels on A4 without margins: 2 across, 7 down, 14 a sheet -> 20 labels on 2 sheets
    const across = Math.floor(210 / bin.width);
    const down = Math.floor(297 / bin.height);
    const expected = Math.ceil(20 / (across * down));
    const pages = pdfPages(file);
    assert(pages === expected, `the PDF should have ${expected} pages (${across} × ${down} a sheet), has ${pages}`);
    assert(progress.includes(words.pages(expected)) || !/\d+ (pages|Seiten)/.test(progress), `the progress should announce ${expected} pages: ${progress}`);
    // the phone width
    await page.setViewportSize(NARROW);
    await visible(page, testid('print-done'));
    await screenshot(page, `printing-items-${language}-390.png`);
  });
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];
  test(`printing: a customer's print settings of a template - wrong fields named, saved, reset after asking; print locations (${language})`, async ({ loginAs }) => {
    test.setTimeout(120_000);
    const page = await loginAs('admin@demo.example', { viewport: WIDE });
    if (language === 'de') await chooseLanguage(page, 'de');
    const customers = await pageData<{ items: Named[] }>(page, 'GET', 'customer?all=1&per_page=200');
    const customer = customers.items.find((c) => c.name.includes('Maschinenbau Huber'))!;
    const bin = (await pageData<{ items: Template[] }>(page, 'GET', 'labeltemplates?type=Item&per_page=100')).items.find((x) => x.builtin_key === 'bin-label')!;
    await pageData(page, 'DELETE', `customer/${customer.id}/printsettings/${bin.id}`);
    // the customer menu's "Label print settings": every template with its settings
    await page.goto(`/c/1/customer/${customer.id}`);
    await (await visible(page, testid('menu-customer.printSettings'))).click();
    await waitPath(page, new RegExp(`^/c/1/customer/${customer.id}/print/settings/?$`));
    const list = await visible(page, testid('print-settings-list-page'));
    assert((await text(list)).includes(words.settings), `the page should be titled "${words.settings}"`);
    const row = await visible(page, testid(`print-settings-row-${bin.id}`));
    assert((await text(row)).includes(words.defaults), 'the bin label should print with the defaults');
    await screenshot(page, `printing-settings-list-${language}.png`);
    await row.locator('a').first().click();
    await waitPath(page, new RegExp(`/print/settings/${bin.id}/?$`));
    const form = await visible(page, testid('print-settings-page'));
    // the defaults: 200 dpi, A4, as many as fit (2 × 7 bin labels in the sketch)
    assert((await page.locator('input[name="dpi"]').inputValue()) === '200', 'the dpi should default to 200');
    await until(async () => (await page.locator(`${testid('sheet-sketch')} rect`).count()) === 1 + 14, 'the sketch should show 14 labels on the sheet');
    // wrong fields are named at the fields, saving waits
    await page.locator('input[name="dpi"]').fill('10');
    await page.locator('input[name="copies"]').fill('');
    await until(async () => (await text(form)).includes(words.dpiRange), `the dpi field should say "${words.dpiRange}"`);
    assert(await page.locator(testid('print-settings-save')).isDisabled(), 'saving should wait for valid fields');
    await screenshot(page, `printing-settings-errors-${language}.png`);
    if (language === 'en') {
      const axe = await runAxe(page, 'print settings');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await page.locator('input[name="dpi"]').fill('150');
    await page.locator('input[name="copies"]').fill('2');
    await page.locator('input[name="columns"]').fill('2');
    await page.locator('input[name="rows"]').fill('5');
    await page.locator('input[name="start_position"]').fill('3');
    await page.locator(testid('print-settings-save')).click();
    await until(async () => (await text(page.locator(testid('print-settings-state')))).includes(words.own), `the settings should be "${words.own}" after saving`);
    const stored = await pageData<{ dpi: number; copies: number; columns: number; rows: number; start_position: number; is_default: boolean }>(page, 'GET', `customer/${customer.id}/printsettings/${bin.id}`);
    assert(!stored.is_default && stored.dpi === 150 && stored.copies === 2 && stored.columns === 2 && stored.rows === 5 && stored.start_position === 3, `stored as typed: ${JSON.stringify(stored)}`);
    await until(async () => (await page.locator(`${testid('sheet-sketch')} rect`).count()) === 1 + 10, 'the sketch should show 2 × 5 labels');
    await screenshot(page, `printing-settings-${language}.png`);
    await page.setViewportSize(NARROW);
    await screenshot(page, `printing-settings-${language}-390.png`);
    await page.setViewportSize(WIDE);
    // reset asks first, then the defaults apply again
    await page.locator(testid('print-settings-reset')).click();
    await (await visible(page, testid('confirm-submit'))).click();
    await until(async () => (await text(page.locator(testid('print-settings-state')))).includes(words.defaults), 'the defaults should apply again');
    await until(async () => (await page.locator('input[name="dpi"]').inputValue()) === '200', 'the form should show the defaults again');
    // print locations: the customer's locations, location labels printed as a PDF
    await (await visible(page, testid('menu-customer.printLocations'))).click();
    await waitPath(page, new RegExp(`^/c/1/customer/${customer.id}/printlocations/?$`));
    assert((await text(await visible(page, testid('print-locations-page')))).includes(words.locations), `the page should be titled "${words.locations}"`);
    await until(async () => (await page.locator('[data-testid^="print-locations-row-"]').count()) > 0, 'the locations should be offered');
    await page.locator(testid('print-submit')).click();
    await visible(page, testid('print-done'), 60_000);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(testid('print-download')).click()]);
    assert(readFileSync(await download.path()).subarray(0, 5).toString('latin1') === '%PDF-', 'the location labels should be a PDF');
    await screenshot(page, `printing-locations-${language}.png`);
    // a supplier's item: "Print item label" on its page, one label per page for the label printer
    const supplier = (await pageData<{ items: Named[] }>(page, 'GET', 'supplier?q=L-100')).items[0]!;
    // (an item's labels are those of its kanban rules: an item of the supplier's catalog with a rule at a new location)
    const suffix = `${language}${Date.now().toString(36)}`;
    const catalog = (await pageData<{ items: Named[] }>(page, 'GET', `supplier/${supplier.id}/catalog`)).items[0]!;
    const location = await pageData<Named>(page, 'POST', `customer/${customer.id}/location/`, { name: `Lieferant ${suffix}` });
    const item = await pageData<Named>(page, 'POST', `customer/${customer.id}/item`, { sku: `SP-${suffix}`, name: `Lieferanten-Etikett ${suffix}`, order_unit: 'PAK', item_unit: 'PCE', catalog_id: catalog.id });
    await pageData(page, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 8, stock: 8 });
    await page.goto(`/c/1/supplier/${supplier.id}/item/${item.id}`);
    await (await visible(page, testid('item-print'))).click();
    await waitPath(page, new RegExp(`^/c/1/supplier/${supplier.id}/item/${item.id}/print/?$`));
    await visible(page, testid('supplier-item-print-page'));
    await until(async () => (await page.locator(`${testid('print-template')} option`).count()) > 0, 'the item templates should be offered');
    await page.locator(testid('print-label-printer')).click();
    await page.locator(testid('print-submit')).click();
    await visible(page, testid('print-done'), 60_000);
    const [label] = await Promise.all([page.waitForEvent('download'), page.locator(testid('print-download')).click()]);
    const labelFile = await label.path();
    assert(readFileSync(labelFile).subarray(0, 5).toString('latin1') === '%PDF-', 'the item label should be a PDF');
    assert(pdfPages(labelFile) >= 1, 'the item label PDF should have a page');
    await screenshot(page, `printing-supplier-item-${language}.png`);
  });
}
