// "Calibrate now" in a bin's dialog (docs/storages.md "Calibrate now"): the scale's newest reading taken as the tare
// with the bin empty, then with ten pieces in it as the weight per piece; a refusal without a count; saved and read
// back. Readings go in over the ingestion's HTTP call with the company's device key. English and German.
import { test } from '../fixtures';
import { pageData } from '../page-api';
import { assert, chooseLanguage, screenshot, testid, text, until, visible } from '../helpers';

const WORDS = {
  en: { title: 'Calibrate now', empty: '250 g', full: '1,250 g', tare: 'Tare set to 250 g', weight: 'Weight per piece set to 100 g', count: 'how many whole pieces' },
  de: { title: 'Jetzt kalibrieren', empty: '250 g', full: '1.250 g', tare: 'Tara aus dem neuesten Messwert übernommen: 250 g', weight: 'Gewicht pro Stück aus dem neuesten Messwert übernommen: 100 g', count: 'wie viele ganze Stück' },
};

interface Bin {
  row: number;
  column: number;
  tare: number | null;
  piece_weight: number | null;
}

for (const language of ['en', 'de'] as const)
  test(`calibrate now: tare and weight per piece from the scale's readings (${language})`, async ({ loginAs }) => {
    test.setTimeout(150_000);
    const words = WORDS[language];
    const page = await loginAs('admin@demo.example', { viewport: { width: 1366, height: 900 } });
    if (language === 'de') await chooseLanguage(page, 'de');
    const stamp = `${language}-${Date.now().toString(36)}`.toUpperCase();
    const customer = (await pageData<{ items: { id: number }[] }>(page, 'GET', 'customer?q=K-10001')).items[0]!.id;
    const location = (await pageData<{ id: number }>(page, 'POST', `customer/${customer}/location/`, { name: `Kalibrierung ${stamp}` })).id;
    const item = await pageData<{ id: number }>(page, 'POST', `customer/${customer}/item`, { sku: `CAL-${stamp}`, name: `Scheibe ${stamp}`, order_unit: 'PCE' });
    const rule = await pageData<{ id: number }>(page, 'POST', 'rules', { location_id: location, item_id: item.id, threshold: 4, capacity: 20, stock: 10 });
    const externalId = `cal-${stamp}`;
    const sensor = await pageData<{ id: number }>(page, 'POST', 'sensor', { name: `Waage ${stamp}`, external_id: externalId, type: 'weight', unit: 'g', interval_minutes: 15 });
    const storagePath = `customer/${customer}/location/${location}/storage`;
    const rack = await pageData<{ id: number }>(page, 'POST', `${storagePath}/`, { name: `Regal ${stamp}`, rows: 1, columns: 1 });
    // the scale in the bin, measuring grams for pieces, not calibrated yet
    await pageData(page, 'PUT', `${storagePath}/${rack.id}/bins/1/1`, { kanban_rule_id: rule.id, sensor_id: sensor.id, measured: 'weight_g', wanted: 'pieces' });
    const { key } = await pageData<{ key: string }>(page, 'POST', 'sensor/devicekey', {});
    const send = async (value: number, secondsAgo: number) => {
      const answer = await page.request.post('/api/ingest/v1/readings', {
        headers: { Authorization: `Bearer ${key}` },
        data: { readings: [{ external_id: externalId, time: new Date(Date.now() - secondsAgo * 1000).toISOString(), value }] },
      });
      assert(answer.status() === 202, `the reading should be taken: ${answer.status()}`);
    };
    await send(250, 30); // the empty bin

    await page.goto(`/c/1/${storagePath}/${rack.id}/plan`);
    await (await visible(page, testid('bin-1-1'), 15_000)).click();
    const dialog = await visible(page, `[role=dialog]${testid('bin-dialog')}`);
    const panel = await visible(dialog, testid('bin-calibrate'));
    assert((await text(panel)).includes(words.title), `the panel should be called "${words.title}"`);
    const reading = panel.locator(testid('bin-calibrate-reading'));
    await until(async () => (await text(reading)).includes(words.empty), async () => `the newest reading should be ${words.empty}: ${await text(reading)}`, 20_000);
    await panel.locator(testid('bin-calibrate-empty')).click();
    await until(async () => (await text(panel.locator(testid('bin-calibrate-outcome')))).includes(words.tare), `the outcome should say "${words.tare}"`);
    assert((await dialog.locator('input[name=tare]').inputValue()) === '250', 'the tare field should hold 250');
    // without a count: refused with the reason
    await panel.locator(testid('bin-calibrate-pieces')).click();
    await until(async () => (await text(panel.locator(testid('bin-calibrate-outcome')))).includes(words.count), `the refusal should ask "${words.count}"`);
    // ten pieces put in: the next reading, then read with 10 pieces
    await send(1250, 0);
    await until(async () => (await text(reading)).includes(words.full), async () => `the newest reading should become ${words.full}: ${await text(reading)}`, 20_000);
    await panel.locator(testid('bin-calibrate-count')).fill('10');
    await panel.locator(testid('bin-calibrate-pieces')).click();
    await until(async () => (await text(panel.locator(testid('bin-calibrate-outcome')))).includes(words.weight), `the outcome should say "${words.weight}"`);
    assert((await dialog.locator('input[name=piece_weight]').inputValue()) === '100', 'the weight per piece should be 100');
    await screenshot(page, `calibrate-${language}.png`);
    await dialog.locator(testid('bin-submit')).click();
    await until(async () => {
      const { bins } = await pageData<{ bins: Bin[] }>(page, 'GET', `${storagePath}/${rack.id}/bins`);
      const bin = bins.find((b) => b.row === 1 && b.column === 1);
      return bin && bin.tare === 250 && bin.piece_weight === 100 ? bin : undefined;
    }, 'the bin should be saved with tare 250 g and 100 g per piece');
  });
