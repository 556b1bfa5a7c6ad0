// Sensors of the company (docs/sensors.md): from the company settings menu see the demo sensors (age of the last
// reading, the offline badge, battery and signal), create one (field messages from the form and the server, translated),
// find it by search and type, edit and delete it after confirming, rotate the device key (asked first, the secret shown
// once, copied); table at 1366 px, cards at 390 px; in English and German.
import { test } from '../fixtures';
import { assert, chooseLanguage, openMenuEntry, pickRowAction, runAxe, screenshot, testid, text, until, visible } from '../helpers';

const WORDS = {
  en: {
    title: 'Sensors',
    offline: 'Offline',
    never: 'Never reported',
    ago: 'min. ago',
    saved: 'The sensor has been saved.',
    deleted: 'has been deleted',
    taken: 'Another sensor already has this external ID',
    externalId: 'Please enter 1 to 100 characters without spaces, /, + or #',
    distance: 'Distance',
    copied: 'The key has been copied.',
    previous: 'still works until',
  },
  de: {
    title: 'Sensoren',
    offline: 'Offline',
    never: 'Noch keine Meldung',
    ago: 'vor ',
    saved: 'Der Sensor wurde gespeichert.',
    deleted: 'wurde gelöscht',
    taken: 'Ein anderer Sensor hat bereits diese externe ID',
    externalId: 'Bitte 1 bis 100 Zeichen ohne Leerzeichen, /, + oder # eingeben',
    distance: 'Abstand',
    copied: 'Der Schlüssel wurde kopiert.',
    previous: 'gilt noch bis',
  },
};

for (const language of ['en', 'de'] as const)
  test(`sensors: list with last seen and offline, create, search, edit, delete, device key (${language})`, async ({ loginAs }) => {
    test.setTimeout(150_000);
    const words = WORDS[language];
    const page = await loginAs('admin@demo.example', { viewport: { width: 1366, height: 900 } });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    if (language === 'de') await chooseLanguage(page, 'de');
    await openMenuEntry(page, 'company.settings', 'company.sensors', /^\/c\/1\/settings\/sensors\/?$/);
    const list = await visible(page, testid('sensors-page'));
    assert((await text(list)).includes(words.title), `the page should be titled "${words.title}"`);

    // the demo sensors: a scale seen minutes ago (online), the distance sensor silent for 3 hours (offline), one never
    const scale = page.locator('[data-testid^=sensor-row-]', { hasText: 'demo-scale-a1-1' });
    const distance = page.locator('[data-testid^=sensor-row-]', { hasText: 'demo-distance-b1' });
    const beam = page.locator('[data-testid^=sensor-row-]', { hasText: 'demo-beam-c1' });
    await visible(scale);
    assert((await text(scale)).includes(words.ago), `the scale's last reading should read as an age ("${words.ago}")`);
    assert(!(await text(scale)).includes(words.offline), 'the scale reported recently: no offline badge');
    assert((await text(scale)).includes('87 %') && (await text(scale)).includes('-67 dBm'), 'the scale should show battery and signal');
    assert(await distance.locator('[data-testid^=sensor-offline-]').isVisible(), 'the silent distance sensor should be marked offline');
    assert((await text(beam)).includes(words.never), `a sensor without readings should say "${words.never}"`);
    if (language === 'en') {
      const axe = await runAxe(page, '/c/1/settings/sensors');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await screenshot(page, `sensors-list-${language}.png`);

    // create: save waits for name and a valid external id; the server's 1059 for a taken id shows at the field
    const name = `Waage "Süd"; ${language} 📦 ${Date.now().toString(36)}`;
    const externalId = `bt-${language}-${Date.now().toString(36)}`;
    await (await visible(page, testid('sensor-create'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('sensor-dialog')}`);
    const submit = dialog.locator(testid('sensor-submit'));
    assert(await submit.isDisabled(), 'save should be disabled while the fields are empty');
    await dialog.locator('input[name=name]').fill(name);
    await dialog.locator('input[name=external_id]').fill('has space');
    await until(async () => (await text(dialog)).includes(words.externalId), `the external id should say "${words.externalId}"`);
    assert(await submit.isDisabled(), 'a bad external id should keep save disabled');
    await dialog.locator('input[name=external_id]').fill('demo-scale-a1-1');
    await dialog.locator('select[name=type]').selectOption('distance');
    assert((await dialog.locator('select[name=unit]').inputValue()) === 'mm', 'a distance sensor should take mm');
    await dialog.locator('select[name=unit]').selectOption('cm');
    await dialog.locator('input[name=interval_minutes]').fill('5');
    if (language === 'en') {
      const axe = await runAxe(page, 'sensor dialog');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await screenshot(page, `sensors-dialog-${language}.png`);
    await submit.click();
    await until(async () => (await text(dialog)).includes(words.taken), `the external id field should say "${words.taken}"`);
    await dialog.locator('input[name=external_id]').fill(externalId);
    await until(() => submit.isEnabled(), 'save should be enabled');
    await submit.click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.saved), `the snackbar should say "${words.saved}"`);

    // search and type filter find it; edit changes it
    await page.locator(testid('sensor-filter')).fill(externalId);
    const row = page.locator('[data-testid^=sensor-row-]', { hasText: externalId });
    await visible(row);
    assert((await text(row)).includes(name) && (await text(row)).includes(words.distance) && (await text(row)).includes(words.never), 'the row should show name, type and "never"');
    await page.locator(testid('sensor-type-filter')).selectOption('weight');
    await visible(page, testid('sensor-empty'));
    await page.locator(testid('sensor-type-filter')).selectOption('distance');
    await visible(row);
    const edit = await pickRowAction(page, row.locator('[data-testid^=sensor-actions-]'), testid('action-edit'), `[role=dialog]${testid('sensor-dialog')}`);
    assert((await edit.locator('input[name=interval_minutes]').inputValue()) === '5', 'the dialog should show the interval');
    await edit.locator('input[name=version]').fill('ToF-3');
    await edit.locator(testid('sensor-submit')).click();
    await until(async () => (await text(page.locator(testid('sensor-dialog'))).catch(() => '')) === '', 'the dialog should close');

    // 390 px: cards
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(row);
    await screenshot(page, `sensors-list-390-${language}.png`);
    await page.setViewportSize({ width: 1366, height: 900 });

    // delete after confirming
    await (await pickRowAction(page, row.locator('[data-testid^=sensor-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.deleted), `the snackbar should say "${words.deleted}"`);
    await until(async () => (await row.count()) === 0, 'the deleted sensor should leave the list');

    // the device key: created after asking, its secret shown once and copied; a rotation keeps the old key for 24 h
    await page.locator(testid('sensor-filter')).fill('');
    await page.locator(testid('sensor-type-filter')).selectOption('');
    const panel = await visible(page, testid('device-key-panel'));
    let shown = '';
    for (let round = 0; round < 2; round++) {
      await panel.locator(testid('device-key-rotate')).click();
      await (await visible(page, testid('confirm-submit'))).click();
      const secret = await visible(panel, testid('device-key-value'));
      // the second round's secret is a new one (the first round's goes when the rotation starts)
      const key = await until(async () => {
        const value = (await text(secret)).trim();
        return value !== shown ? value : null;
      }, 'a new secret should be shown');
      shown = key;
      assert(/^dk_[0-9a-f]{12}_[A-Za-z0-9_-]{32}$/.test(key.trim()), `the secret should be a device key, not "${key}"`);
      // the previous round's snackbar goes first, so the one after this copy is this copy's
      await page.locator(testid('snackbar')).waitFor({ state: 'hidden', timeout: 15_000 });
      await page.bringToFront();
      await panel.locator(testid('device-key-copy')).click();
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.copied), `the snackbar should say "${words.copied}"`);
      await until(async () => (await page.evaluate(() => navigator.clipboard.readText())) === key.trim(), 'the clipboard should hold the new key');
    }
    await until(async () => (await text(panel.locator(testid('device-key-previous')))).includes(words.previous), `the previous key should say "${words.previous}"`);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, `sensors-devicekey-${language}.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, `sensors-devicekey-390-${language}.png`);
    // a reload never shows the secret again
    await page.reload();
    await visible(page, testid('device-key-state'));
    assert((await page.locator(testid('device-key-value')).count()) === 0, 'the secret should not be shown again');
  });

test('sensors: writers manage sensors but see no device key; readers are not offered the page', async ({ loginAs }) => {
  const writer = await loginAs('writer@demo.example', { viewport: { width: 1366, height: 900 } });
  // the settings group may already be open (the menu keeps its state): openMenuEntry opens it only when closed
  await openMenuEntry(writer, 'company.settings', 'company.sensors', /^\/c\/1\/settings\/sensors\/?$/);
  await visible(writer, testid('sensor-create'));
  await visible(writer, '[data-testid^=sensor-row-]');
  assert((await writer.locator(testid('device-key-panel')).count()) === 0, 'a writer should not see the device key');
  const reader = await loginAs('readonly@demo.example', { viewport: { width: 1366, height: 900 } });
  assert((await reader.locator(testid('menu-company.sensors')).count()) === 0, 'a reader should not be offered the sensors page');
});
