// A bin's fill-level chart (docs/storages.md "Fill level"): a rule in a bin with a calibrated scale, three readings sent
// to the ingestion and a stock drop that orders; the chart in the bin's dialog on the plan (writers) shows the threshold
// line, the readings and the order as a marker that names the order on keyboard focus; the same chart in the kanban
// rule's history dialog opens the order on click; a reader opens it from the plan on a phone (390 px). English and German.
import { test } from '../fixtures';
import { pageData } from '../page-api';
import { assert, chooseLanguage, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';

const WORDS = {
  en: { title: 'Fill level', threshold: 'Threshold 5', capacity: 'Capacity 20', order: 'Order', placed: 'placed', summary: 'Fill level of', days7: '7 days', hours24: '24 h' },
  de: { title: 'Füllstand', threshold: 'Meldebestand 5', capacity: 'Kapazität 20', order: 'Bestellung', placed: 'aufgegeben', summary: 'Füllstand von', days7: '7 Tage', hours24: '24 Std.' },
};

for (const language of ['en', 'de'] as const)
  test(`fill level: the chart on the plan and in the rule's history (${language})`, async ({ loginAs }) => {
    test.setTimeout(150_000);
    const words = WORDS[language];
    const page = await loginAs('admin@demo.example', { viewport: { width: 1366, height: 900 } });
    if (language === 'de') await chooseLanguage(page, 'de');

    // a rule of 12 in 20 (threshold 5) in bin 1-1 of a rack with a scale (tare 200 g, 10 g a piece)
    const stamp = `${language}-${Date.now().toString(36)}`.toUpperCase();
    const customer = (await pageData<{ items: { id: number }[] }>(page, 'GET', 'customer?q=K-10001')).items[0]!.id;
    const location = (await pageData<{ id: number }>(page, 'POST', `customer/${customer}/location/`, { name: `Füllhalle ${stamp}` })).id;
    const sku = `FL-${stamp}`;
    const item = await pageData<{ id: number }>(page, 'POST', `customer/${customer}/item`, { sku, name: 'Scheibe M8 „blank“', order_unit: 'PCE' });
    const rule = await pageData<{ id: number }>(page, 'POST', 'rules', { location_id: location, item_id: item.id, threshold: 5, capacity: 20, stock: 12 });
    const externalId = `fill-${stamp}`;
    const sensor = await pageData<{ id: number }>(page, 'POST', 'sensor', { name: `Waage ${stamp}`, external_id: externalId, type: 'weight', unit: 'g', interval_minutes: 15 });
    const storagePath = `customer/${customer}/location/${location}/storage`;
    const rack = await pageData<{ id: number }>(page, 'POST', `${storagePath}/`, { name: `Regal ${stamp}`, rows: 1, columns: 2 });
    await pageData(page, 'PUT', `${storagePath}/${rack.id}/bins/1/1`, { kanban_rule_id: rule.id, sensor_id: sensor.id, measured: 'weight_g', wanted: 'pieces', tare: 200, piece_weight: 10 });
    // readings of the last hours over HTTP with the company's device key: 19, 15 and 11 pieces
    const { key } = await pageData<{ key: string }>(page, 'POST', 'sensor/devicekey', {});
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const sent = await page.request.post('/api/ingest/v1/readings', {
      headers: { Authorization: `Bearer ${key}` },
      data: { readings: [{ external_id: externalId, time: at(300), value: 390 }, { external_id: externalId, time: at(200), value: 350 }, { external_id: externalId, time: at(100), value: 310 }] },
    });
    assert(sent.status() === 202, `the readings should be taken: ${sent.status()}`);
    // a count of 4 (at the threshold): the run orders
    await pageData(page, 'POST', `rules/${rule.id}/stock`, { stock: 4 });
    const orders = await until(async () => {
      const fill = await pageData<{ orders: { order_id: number }[]; readings: { points: unknown[] } | null }>(page, 'GET', `rules/${rule.id}/fill?period=24h`);
      return fill.orders.length > 0 && (fill.readings?.points.length ?? 0) >= 3 ? fill.orders : undefined;
    }, 'the order and the readings should be in the fill history');
    const orderId = orders[0]!.order_id;

    // the plan: the bin's dialog shows the fill level with the threshold line and the order's marker
    await page.goto(`/c/1/${storagePath}/${rack.id}/plan`);
    await (await visible(page, testid('bin-1-1'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('bin-dialog')}`);
    const section = await visible(dialog, testid('fill-level'));
    assert((await text(section)).includes(words.title), `the section should be called "${words.title}"`);
    const chart = await visible(section, testid('fill-chart'));
    const threshold = await visible(chart, testid('fill-threshold'));
    assert((await threshold.getAttribute('data-value')) === '5', 'the threshold line should stand at 5');
    assert(((await threshold.textContent()) ?? '').includes(words.threshold), `the threshold line should say "${words.threshold}"`);
    assert(((await chart.locator(testid('fill-capacity')).textContent()) ?? '').includes(words.capacity), `the capacity line should say "${words.capacity}"`);
    const label = (await chart.getAttribute('aria-label')) ?? '';
    assert(label.startsWith(words.summary) && label.includes(sku), `the chart should be labelled in words: ${label}`);
    // 7 days at first (hourly), then 24 hours: each reading
    assert((await section.locator(`${testid('fill-period-7d')}[aria-pressed=true]`).count()) === 1, 'the period should be 7 days at first');
    await section.locator(testid('fill-period-24h')).click();
    await until(async () => (await section.locator(`${testid('fill-period-24h')}[aria-pressed=true]`).count()) === 1, 'the period should be 24 hours');
    await visible(section, testid('fill-readings'));
    // the stock line starts when the rule was made (seconds ago: a few pixels of 24 hours); its changes are points
    assert((await section.locator(testid('fill-stock')).count()) === 1, 'the stock line should be drawn');
    await visible(section, testid('fill-stock-point'));
    // the order's marker: keyboard focus names the order
    const marker = section.locator(`${testid('fill-order')}[data-order="${orderId}"]`);
    await visible(marker);
    await marker.focus();
    const tip = await visible(section, testid('fill-tooltip'));
    assert((await text(tip)).includes(`${words.order} ${orderId}`) && (await text(tip)).includes(words.placed), `the marker should name order ${orderId}: ${await text(tip)}`);
    await screenshot(page, `fill-level-plan-${language}.png`);
    if (language === 'en') {
      const axe = await runAxe(page, 'fill level in the bin dialog');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await page.keyboard.press('Escape');
    await until(async () => (await page.locator('[role=dialog]:visible').count()) === 0, 'the bin dialog should close');

    // the kanban rule's history dialog: the same chart; clicking the order's marker opens the order
    await page.goto(`/c/1/customer/${customer}/location/${location}/item`);
    const row = await visible(page, testid(`rule-row-${sku}`));
    await (await visible(row, testid(`rule-actions-${sku}`))).click();
    await (await visible(page, `${testid('rule-action-history')} >> visible=true`)).click();
    const history = await visible(page, `[role=dialog]${testid('rule-history')}`);
    const inHistory = await visible(history, testid('fill-chart'));
    await visible(inHistory, testid('fill-threshold'));
    const historyMarker = inHistory.locator(`${testid('fill-order')}[data-order="${orderId}"]`);
    await visible(historyMarker);
    await historyMarker.hover();
    await visible(history, testid('fill-tooltip'));
    await screenshot(page, `fill-level-history-${language}.png`);
    await historyMarker.click();
    await waitPath(page, new RegExp(`/order/${orderId}/?$`));

    // a reader on a phone: a tap on the bin opens its fill level (no bin dialog)
    const reader = await loginAs('readonly@demo.example', { viewport: { width: 390, height: 844 } });
    if (language === 'de') await chooseLanguage(reader, 'de');
    await reader.goto(`/c/1/${storagePath}/${rack.id}/plan`);
    await (await visible(reader, testid('bin-1-1'))).click();
    const fillDialog = await visible(reader, `[role=dialog]${testid('bin-fill-dialog')}`);
    const phoneChart = await visible(fillDialog, testid('fill-chart'));
    await visible(phoneChart, testid('fill-threshold'));
    await visible(phoneChart, `${testid('fill-order')}[data-order="${orderId}"]`);
    const box = await phoneChart.boundingBox();
    assert(box !== null && box.width <= 390, `the chart should fit the phone: ${JSON.stringify(box)}`);
    assert((await text(fillDialog)).includes(words.days7), `the periods should read "${words.days7}"`);
    await screenshot(reader, `fill-level-phone-${language}.png`);
    // the empty bin next to it is no button for a reader
    assert((await reader.locator(`button${testid('bin-1-2')}`).count()) === 0, 'an empty bin should not be a button for a reader');
  });
