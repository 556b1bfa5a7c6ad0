// The sensors' alarms in the browser (docs/sensors.md "Alarms"): two scales in the bins of a rack report over HTTP, one
// last an hour ago (interval 15 min: offline), one now with 9 % battery (battery low); the plan shows both alarms on
// their bins, the location's dashboard the "Sensor alarms" card with both sensors and links to the plan, the company's
// dashboard counts them, the sensor list shows the badges; at 1366 px and 390 px, English and German.
import { test } from '../fixtures';
import { pageData } from '../page-api';
import { assert, chooseLanguage, goto, screenshot, testid, text, until, visible, waitPath } from '../helpers';

const WORDS = {
  en: { title: 'Sensor alarms', offline: 'Sensor offline', battery: 'Battery low', counts: '1 offline, 1 low battery', bin: 'bin R1.1' },
  de: { title: 'Sensoralarme', offline: 'Sensor offline', battery: 'Batterie schwach', counts: '1 offline, 1 mit schwacher Batterie', bin: 'Fach R1.1' },
};

for (const language of ['en', 'de'] as const)
  test(`sensor alarms: on the plan, the dashboards and the sensor list (${language})`, async ({ loginAs }) => {
    test.setTimeout(150_000);
    const words = WORDS[language];
    const page = await loginAs('admin@demo.example', { viewport: { width: 1366, height: 900 } });
    if (language === 'de') await chooseLanguage(page, 'de');

    // a rack of 1 × 2 bins at a new location, a scale in each
    const stamp = `${language}-${Date.now().toString(36)}`.toUpperCase();
    const customer = (await pageData<{ items: { id: number }[] }>(page, 'GET', 'customer?q=K-10001')).items[0]!.id;
    const location = (await pageData<{ id: number }>(page, 'POST', `customer/${customer}/location/`, { name: `Alarmhalle ${stamp}` })).id;
    const storagePath = `customer/${customer}/location/${location}/storage`;
    const rack = await pageData<{ id: number }>(page, 'POST', `${storagePath}/`, { name: `Alarmregal ${stamp}`, rows: 1, columns: 2, prefix: 'R', format: '{prefix}{row}.{column}' });
    const silent = { external_id: `silent-${stamp}`, name: `Waage still ${stamp}` };
    const weak = { external_id: `weak-${stamp}`, name: `Waage schwach ${stamp}` };
    const ids: number[] = [];
    for (const [column, s] of [[1, silent], [2, weak]] as const) {
      const sensor = await pageData<{ id: number }>(page, 'POST', 'sensor', { ...s, type: 'weight', unit: 'g', interval_minutes: 15 });
      ids.push(sensor.id);
      await pageData(page, 'PUT', `${storagePath}/${rack.id}/bins/1/${column}`, { sensor_id: sensor.id, measured: 'weight_g', wanted: 'pieces', tare: 0, piece_weight: 10 });
    }
    // the silent one's last reading an hour ago (more than 3 × 15 min), the weak one's now at 9 %
    const { key } = await pageData<{ key: string }>(page, 'POST', 'sensor/devicekey', {});
    const sent = await page.request.post('/api/ingest/v1/readings', {
      headers: { Authorization: `Bearer ${key}` },
      data: {
        readings: [
          { external_id: silent.external_id, time: new Date(Date.now() - 60 * 60_000).toISOString(), value: 500, battery: 80 },
          { external_id: weak.external_id, value: 400, battery: 9 },
        ],
      },
    });
    assert(sent.status() === 202, `the readings should be taken: ${sent.status()}`);
    await until(
      async () => (await pageData<{ total: number }>(page, 'GET', `sensor/alarms?location_id=${location}`)).total === 2,
      'both sensors should have an alarm',
      30_000,
    );

    // the plan: the silent scale's bin offline, the weak one's battery low
    await goto(page, `/c/1/${storagePath}/${rack.id}/plan`);
    const first = await visible(page, testid('bin-1-1'));
    await visible(first, testid('bin-alarm-offline'));
    const second = page.locator(testid('bin-1-2'));
    await visible(second, testid('bin-alarm-batteryLow'));
    assert((await text(first)).includes(words.offline), `R1.1 should say "${words.offline}"`);
    assert((await text(second)).includes(words.battery), `R1.2 should say "${words.battery}"`);
    await screenshot(page, `sensor-alarms-plan-${language}.png`);

    // the location's dashboard: the card with both, each with its bin
    await goto(page, `/c/1/customer/${customer}/location/${location}/`);
    const card = await visible(page, testid('sensor-alarms'));
    await until(async () => (await text(card.locator(testid('sensor-alarms-total')))) === '2', 'the card should count 2 sensors');
    const cardText = await text(card);
    for (const part of [words.title, words.counts, silent.name, weak.name, `Alarmregal ${stamp}, ${words.bin}`]) assert(cardText.includes(part), `the card should say "${part}": ${cardText}`);
    await visible(card, `${testid(`sensor-alarm-${ids[0]}`)} ${testid('sensor-alarm-kind-offline')}`);
    await visible(card, `${testid(`sensor-alarm-${ids[1]}`)} ${testid('sensor-alarm-kind-battery_low')}`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `sensor-alarms-location-${language}.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `sensor-alarms-location-390-${language}.png`);
    await page.setViewportSize({ width: 1366, height: 900 });

    // the place opens the plan
    await card.locator(testid(`sensor-alarm-${ids[0]}`)).locator(testid('sensor-alarm-place')).first().click();
    await waitPath(page, new RegExp(`/storage/${rack.id}/plan/?$`));
    await visible(page, testid('bin-alarm-offline'));

    // the company's dashboard counts them with the company's other alarms (other runs' sensors too)
    await goto(page, '/c/1/');
    const company = await visible(page, testid('sensor-alarms'));
    await until(async () => Number(await text(company.locator(testid('sensor-alarms-total')))) >= 2, 'the company card should count at least 2 sensors');
    assert((await text(company)).includes(words.title), `the company card should be titled "${words.title}"`);
    await company.scrollIntoViewIfNeeded();
    await screenshot(page, `sensor-alarms-company-${language}.png`);

    // the sensor list: the badges
    await goto(page, '/c/1/settings/sensors');
    await visible(page, testid('sensors-page'));
    await page.locator(testid('sensor-filter')).fill(stamp);
    await visible(page, testid(`sensor-offline-${ids[0]}`));
    await visible(page, testid(`sensor-battery-low-${ids[1]}`));
    assert(!(await page.locator(testid(`sensor-offline-${ids[1]}`)).isVisible()), 'the weak scale reports: not offline');
  });
