// The public pages (no shell, axe without serious or critical violations), the shell under axe, and unknown addresses.
import { test } from '../fixtures';
import { absent, assert, goto, note, runAxe, testid, until, visible, waitPath } from '../helpers';

const PUBLIC_PAGES = ['/login', '/password', '/register', '/confirm', '/pages/error'];

test('public pages: no shell, axe without serious or critical violations', async ({ newPage }) => {
  const page = await newPage();
  const failures: string[] = [];
  for (const address of PUBLIC_PAGES) {
    await goto(page, address);
    await waitPath(page, address);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await until(async () => (await page.locator('main, form, [data-testid=error-page]').count()) > 0, `${address} should render`);
    for (const sel of [testid('shell'), testid('toolbar'), testid('sidebar')]) {
      if ((await page.locator(sel).count()) > 0) failures.push(`${address} shows ${sel}`);
    }
    const early = await page.locator('[data-part=error-text]').filter({ visible: true }).allInnerTexts();
    if (early.length) note(`${address} shows ${early.length} field errors before any input ("${early[0]}"); spec 5: forms validate on change`);
    const axe = await runAxe(page, address);
    if (axe.serious.length) failures.push(axe.describe(axe.serious));
    if (axe.minor.length) note(axe.describe(axe.minor));
  }
  assert(!failures.length, failures.join('\n'));
});

test('axe on the shell (company dashboard, admin)', async ({ loginAs }) => {
  const page = await loginAs('admin@demo.example');
  await visible(page, testid('company-dashboard'), 15_000);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const axe = await runAxe(page, '/c/1/');
  if (axe.minor.length) note(axe.describe(axe.minor));
  assert(!axe.serious.length, axe.describe(axe.serious));
});

test('unknown paths end on the error page', async ({ newPage, loginAs }) => {
  const page = await newPage();
  for (const address of ['/no/such/page', '/c/1/no-such-page']) {
    await goto(page, address);
    await waitPath(page, '/pages/error', { settle: 500 });
    await visible(page, testid('error-page'));
    for (const sel of [testid('shell'), testid('toolbar'), testid('sidebar')]) await absent(page, sel);
  }
  const user = await loginAs('admin@demo.example');
  await goto(user, '/c/1/no-such-page');
  await waitPath(user, '/pages/error', { settle: 500 });
  await visible(user, testid('error-page'));
});
