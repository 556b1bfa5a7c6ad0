// The supplier's catalogs page: catalogs have no active state, so the list has no show-all toggle (the supplier
// list beside it has one).
import { test } from '../fixtures';
import { assert, testid, visible, waitPath } from '../helpers';

test('catalogs: no show-all toggle on the catalogs page', async ({ loginAs }) => {
  const page = await loginAs('writer@demo.example');
  await (await visible(page, testid('menu-company.suppliers'))).click();
  await waitPath(page, /^\/c\/1\/supplier\/?$/);
  await visible(page, testid('suppliers-page'));
  await visible(page, testid('show-all'));
  await page.locator(testid('supplier-filter')).fill('Schraubenwerk');
  await page.locator('[data-testid^=supplier-row-] a', { hasText: 'Schraubenwerk' }).first().click();
  await visible(page, testid('supplier-dashboard'));
  await (await visible(page, testid('menu-supplier.catalogs'))).click();
  await visible(page, testid('catalogs-page'));
  await page.locator('[data-testid^=catalog-row-]').first().waitFor();
  await visible(page, testid('catalog-filter'));
  // the frame (filter and table) is rendered: a toggle would be there now
  assert((await page.locator(testid('show-all')).count()) === 0, 'the catalogs page should have no show-all toggle');
});
