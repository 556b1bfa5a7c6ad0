// A rack's plan, times and preview (docs/storages.md "Plan", "Times", "Preview"): from the rack's menu put kanban rules
// and a calibrated scale with its own noise band (the type's default shown while empty, a band out of range refused at
// the field) into bins (the grid drawn in the layout's direction), see fill levels and the alarms, get the
// server's refusal of a rule that is in another bin at the field in the reader's language, empty a bin after asking,
// tick reading times and see the customer's preview; at 1366 px (grid) and 390 px (a list of bins); English and German.
import { test } from '../fixtures';
import { pageData } from '../page-api';
import { assert, chooseLanguage, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';

const WORDS = {
  en: { saved: 'has been saved', cleared: 'has been emptied', inOther: 'in no other bin', alarm: 'At or below threshold', empty: 'Empty', timesSaved: 'The times have been saved.', measured: 'Please choose what the sensor measures', offline: 'Sensor offline', noReading: 'no reading yet', hint: 'Bin 1 is at the top right', bandDefault: 'Empty: 0.5, the default for the type Weight', bandRange: 'from 0 to 100,000', band: '2.5' },
  de: { saved: 'wurde gespeichert', cleared: 'wurde geleert', inOther: 'in keinem anderen Fach', alarm: 'Meldebestand erreicht', empty: 'Leer', timesSaved: 'Die Zeiten wurden gespeichert.', measured: 'Bitte wählen Sie, was der Sensor misst', offline: 'Sensor offline', noReading: 'noch kein Messwert', hint: 'Fach 1 ist oben rechts', bandDefault: 'Leer: 0,5, der Standard für den Typ Gewicht', bandRange: 'von 0 bis 100.000', band: '2,5' },
};

for (const language of ['en', 'de'] as const)
  test(`storage plan: rules into bins, alarm, refusal, empty, times, preview (${language})`, async ({ loginAs }) => {
    test.setTimeout(150_000);
    const words = WORDS[language];
    const page = await loginAs('writer@demo.example', { viewport: { width: 1366, height: 900 } });
    if (language === 'de') await chooseLanguage(page, 'de');

    // a location of the demo customer with two rules and a rack of 2 × 3 bins numbered from the top right
    const stamp = `${language}-${Date.now().toString(36)}`.toUpperCase();
    const customer = (await pageData<{ items: { id: number }[] }>(page, 'GET', 'customer?q=K-10001')).items[0]!.id;
    const location = (await pageData<{ id: number }>(page, 'POST', `customer/${customer}/location/`, { name: `Regalhalle ${stamp}` })).id;
    const rules: { id: number; sku: string }[] = [];
    for (const [n, stock] of [[1, 2], [2, 15]] as const) {
      const sku = `PL-${stamp}-${n}`;
      const item = await pageData<{ id: number }>(page, 'POST', `customer/${customer}/item`, { sku, name: `Sechskantmutter M${n} „verzinkt“`, order_unit: 'PCE' });
      rules.push({ id: (await pageData<{ id: number }>(page, 'POST', 'rules', { location_id: location, item_id: item.id, threshold: 4, capacity: 20, stock })).id, sku });
    }
    // a scale of our own (never reported, but new: within its 3 intervals of grace, no offline alarm)
    const sensor = await pageData<{ id: number; name: string }>(page, 'POST', 'sensor', { name: `Waage ${stamp}`, external_id: `plan-${stamp}`, type: 'weight', interval_minutes: 15 });
    const storagePath = `customer/${customer}/location/${location}/storage`;
    const rack = await pageData<{ id: number }>(page, 'POST', `${storagePath}/`, { name: `Regal ${stamp}`, rows: 2, columns: 3, layout: 'left', prefix: 'R', format: '{prefix}{row}.{column}' });
    await page.goto(`/c/1/${storagePath}/${rack.id}/`);
    await visible(page, testid('storage-page'));

    // the plan from the rack's menu: bin 1 (R1.1) at the top right, bin 3 (R1.3) at the top left
    await (await visible(page, testid('menu-storage.plan'))).click();
    await waitPath(page, /\/storage\/\d+\/plan\/?$/);
    const plan = await visible(page, testid('storage-plan'));
    await until(async () => (await text(plan)).includes(words.hint), `the plan should say "${words.hint}"`);
    const first = await visible(page, testid('bin-1-1'));
    const third = page.locator(testid('bin-1-3'));
    const [a, b] = [await first.boundingBox(), await third.boundingBox()];
    assert(a && b && a.x > b.x && Math.abs(a.y - b.y) < 2, 'bin R1.1 should be right of R1.3 in the same row');
    assert((await text(first)).includes('R1.1') && (await text(first)).includes(words.empty), 'bin R1.1 should be labelled and empty');

    // put the first rule (search by SKU) and the scale into R1.1: without what it measures the server refuses, said
    // at the field in the reader's language; with weight, tare and piece weight it is kept
    await first.click();
    let dialog = await visible(page, `[role=dialog]${testid('bin-dialog')}`);
    await dialog.locator(testid('bin-rule-search')).fill(rules[0]!.sku);
    await (await visible(dialog, testid(`bin-rule-${rules[0]!.id}`))).click();
    await dialog.locator('select[name=sensor_id]').selectOption(String(sensor.id));
    await dialog.locator(testid('bin-submit')).click();
    await until(async () => (await text(dialog)).includes(words.measured), `the dialog should say "${words.measured}"`);
    await dialog.locator('select[name=measured]').selectOption('weight_g');
    await dialog.locator('input[name=tare]').fill(language === 'de' ? '310,5' : '310.5');
    await dialog.locator('input[name=piece_weight]').fill('4.2');
    // the noise band: empty, the scale's default (half a piece) is shown; out of range, a message at the field and no
    // saving; a band of 2.5 pieces is kept
    const band = dialog.locator('input[name=noise_band]');
    await until(async () => (await text(dialog.locator(testid('bin-noise_band-hint')))).includes(words.bandDefault), `the noise band should say "${words.bandDefault}"`);
    assert((await band.getAttribute('placeholder')) === (language === 'de' ? '0,5' : '0.5'), 'the empty noise band should show the default as its placeholder');
    await band.fill('-2');
    await until(async () => (await text(dialog.locator(testid('bin-noise_band-error')))).includes(words.bandRange), `the noise band should say "${words.bandRange}"`);
    assert(await dialog.locator(testid('bin-submit')).isDisabled(), 'a noise band out of range should not be saved');
    await band.fill('100001');
    await visible(dialog, testid('bin-noise_band-error'));
    await band.fill(words.band);
    await dialog.locator(testid('bin-noise_band-error')).waitFor({ state: 'hidden' });
    await screenshot(page, `storage-plan-dialog-${language}.png`);
    await dialog.locator(testid('bin-submit')).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.saved), `the snackbar should say "${words.saved}"`);
    await until(async () => (await text(first)).includes(rules[0]!.sku), 'R1.1 should show the SKU');
    // stock 2 at reorder point 4: the alarm; the new scale has no reading yet and is not offline (docs/sensors.md "Alarms")
    await visible(first, testid('bin-alarm-belowThreshold'));
    const tile = await text(first);
    assert(tile.includes(words.alarm) && !tile.includes(words.offline) && tile.includes(sensor.name) && tile.includes(words.noReading), `R1.1 should name the sensor and the threshold alarm only: ${tile}`);
    const kept = (await pageData<{ bins: { row: number; column: number; tare: number; piece_weight: number; measured: string; noise_band: number | null }[] }>(page, 'GET', `${storagePath}/${rack.id}/bins`)).bins.find(
      (b) => b.row === 1 && b.column === 1,
    )!;
    assert(kept.measured === 'weight_g' && kept.tare === 310.5 && kept.piece_weight === 4.2 && kept.noise_band === 2.5, `the calibration and noise band should be kept: ${JSON.stringify(kept)}`);
    // opened again, the dialog shows the bin's own band
    await first.click();
    dialog = await visible(page, `[role=dialog]${testid('bin-dialog')}`);
    assert((await dialog.locator('input[name=noise_band]').inputValue()) === '2.5', 'the dialog should show the kept noise band');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // the second rule into R1.2: 15 of 20 (75 %)
    const second = page.locator(testid('bin-1-2'));
    await second.click();
    dialog = await visible(page, `[role=dialog]${testid('bin-dialog')}`);
    await dialog.locator(testid('bin-rule-search')).fill(rules[1]!.sku);
    await (await visible(dialog, testid(`bin-rule-${rules[1]!.id}`))).click();
    await dialog.locator(testid('bin-submit')).click();
    await until(async () => (await text(second)).includes('75'), 'R1.2 should be 75 % full');

    // the first rule once more, into R2.3: the server refuses (it is in R1.1), said at the field in the reader's language
    await page.locator(testid('bin-2-3')).click();
    dialog = await visible(page, `[role=dialog]${testid('bin-dialog')}`);
    await dialog.locator(testid('bin-rule-search')).fill(rules[0]!.sku);
    await (await visible(dialog, testid(`bin-rule-${rules[0]!.id}`))).click();
    await dialog.locator(testid('bin-submit')).click();
    await until(async () => (await text(dialog)).includes(words.inOther), `the dialog should say "${words.inOther}"`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.locator(testid('snackbar')).waitFor({ state: 'hidden', timeout: 15_000 });
    await screenshot(page, `storage-plan-${language}.png`);
    if (language === 'en') {
      const axe = await runAxe(page, 'storage plan');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(page, testid('rack-list'));
    await screenshot(page, `storage-plan-390-${language}.png`);
    await page.setViewportSize({ width: 1366, height: 900 });

    // empty R1.2 after asking
    await (await visible(page, testid('bin-1-2'))).click();
    dialog = await visible(page, `[role=dialog]${testid('bin-dialog')}`);
    await dialog.locator(testid('bin-clear')).click();
    await (await visible(page, testid('confirm-submit'))).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.cleared), `the snackbar should say "${words.cleared}"`);
    await until(async () => (await text(page.locator(testid('bin-1-2')))).includes(words.empty), 'R1.2 should be empty again');

    // times: Monday 06:00 and business days 14:00, saved and kept
    await (await visible(page, testid('menu-storage.times'))).click();
    await waitPath(page, /\/storage\/\d+\/times\/?$/);
    await (await visible(page, testid('times-monday-06:00'))).click();
    await page.locator(testid('times-business_days-14:00')).click();
    await page.locator(testid('times-save')).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.timesSaved), `the snackbar should say "${words.timesSaved}"`);
    const saved = await pageData<{ schedule: Record<string, string[]> }>(page, 'GET', `${storagePath}/${rack.id}/`);
    assert(saved.schedule.monday!.includes('06:00') && saved.schedule.business_days!.includes('14:00'), `the schedule should be kept: ${JSON.stringify(saved.schedule)}`);
    await screenshot(page, `storage-times-${language}.png`);

    // preview: the customer's view of the rack, read-only
    await (await visible(page, testid('menu-storage.preview'))).click();
    await waitPath(page, /\/storage\/\d+\/preview\/?$/);
    const preview = await visible(page, testid('storage-preview'));
    await page.locator(testid('snackbar')).waitFor({ state: 'hidden', timeout: 15_000 });
    await until(async () => (await text(preview)).includes(rules[0]!.sku), 'the preview should show the item');
    assert((await page.locator(`${testid('storage-preview')} button[data-testid^=bin-]`).count()) === 0, 'the preview should not offer to change bins');
    await screenshot(page, `storage-preview-${language}.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(page, testid('rack-list'));
    await screenshot(page, `storage-preview-390-${language}.png`);

    // clean up: the rack (its bins go with it) and then the sensor; the rules stay at their own location (the one
    // at its reorder point may have ordered already)
    await pageData(page, 'DELETE', `${storagePath}/${rack.id}`);
    await pageData(page, 'DELETE', `sensor/${sensor.id}`);
  });
