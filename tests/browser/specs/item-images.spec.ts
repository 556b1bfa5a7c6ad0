// Item and location images: upload an image of an item from the customer's item list and see it in the row,
// delete an item with images after the second question; the supplier's item page shows the item's picture;
// upload a location image on the location dashboard and see it in the header; in English and German.
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { test } from '../fixtures';
import { assert, chooseLanguage, pickRowAction, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';

const WORDS = {
  en: { saved: 'Item saved', uploaded: 'The image has been uploaded.', selected: 'Selected', hasImages: 'still has images', deleted: 'deleted', imageDeleted: 'The image has been deleted.' },
  de: { saved: 'Artikel gespeichert', uploaded: 'Das Bild wurde hochgeladen.', selected: 'Ausgewählt', hasImages: 'hat noch Bilder', deleted: 'gelöscht', imageDeleted: 'Das Bild wurde gelöscht.' },
};

const snackbarSays = (page: Page, words: string) =>
  until(async () => (await text(page.locator(testid('snackbar')))).includes(words), `the snackbar should say "${words}"`);
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
const picture = (r: number, g: number, b: number) => sharp({ create: { width: 480, height: 360, channels: 3, background: { r, g, b } } }).png().toBuffer();

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`item images: upload from the item list, see it in the row, delete with images (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    await (await visible(page, testid('menu-company.customers'))).click();
    await page.locator(testid('customer-filter')).fill('K-10001');
    await page.locator('[data-testid^=customer-row-] a', { hasText: 'Huber' }).first().click();
    await visible(page, testid('customer-dashboard'));
    await (await visible(page, testid('menu-customer.items'))).click();
    await waitPath(page, /^\/c\/1\/customer\/\d+\/item\/?$/);
    await visible(page, testid('items-page'));
    // The demo items: many rows show their product picture.
    const pictured = page.locator('[data-testid^=item-row-] [data-testid=item-thumb][data-has-image=true] img');
    await until(async () => (await pictured.count()) > 0, 'demo items should show their pictures in the list');
    await until(() => loaded(pictured.first()), 'a demo item picture should load');

    // A new item starts without an image.
    const sku = `IMG-${language}-${Date.now().toString(36)}`.toUpperCase();
    await (await visible(page, testid('item-create'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('item-dialog')}`);
    await dialog.locator('input[name=sku]').fill(sku);
    await dialog.locator('input[name=name]').fill(`Pictured washer ${language}`);
    const save = dialog.locator(testid('item-submit'));
    await until(() => save.isEnabled(), 'save should be enabled with SKU and name');
    await save.click();
    await snackbarSays(page, words.saved);
    await page.locator(testid('item-filter')).fill(sku);
    const row = page.locator('[data-testid^=item-row-]', { hasText: sku });
    await visible(row);
    const thumb = row.locator(testid('item-thumb'));
    assert((await thumb.getAttribute('data-has-image')) === 'false', 'a new item should have no image');

    // Its images open from the thumbnail; upload one: selected, and shown in the row.
    await row.locator(testid('item-thumb-open')).click();
    const images = await visible(page, `[role=dialog]${testid('item-images-dialog')}`);
    await visible(images.locator(testid('entity-images-empty')));
    await images.locator(testid('entity-image-input')).setInputFiles({ name: 'washer.png', mimeType: 'image/png', buffer: await picture(30, 160, 90) });
    await snackbarSays(page, words.uploaded);
    const tile = images.locator(testid('entity-image'));
    await until(async () => (await tile.count()) === 1, 'the image should be listed');
    assert((await text(tile)).includes(words.selected), `the first image should be marked "${words.selected}"`);
    await screenshot(page, `item-images-dialog-${language}.png`);
    if (language === 'en') {
      await until(async () => (await page.locator(testid('snackbar')).count()) === 0, 'the snackbar should close', 12_000);
      const axe = await runAxe(page, 'item images dialog');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await images.locator(testid('item-images-close')).click();
    await until(async () => (await page.locator(testid('item-images-dialog')).count()) === 0, 'the images dialog should close');
    const rowImage = thumb.locator('img');
    await until(
      async () =>
        (await thumb.getAttribute('data-has-image')) === 'true' &&
        /^\/api\/image\/[0-9a-f]{32}/.test((await rowImage.getAttribute('src')) ?? '') &&
        (await loaded(rowImage)),
      'the row should show the uploaded image',
    );

    // Deleting an item with images asks a second time (the server answers 1002 first).
    await (await pickRowAction(page, row.locator('[data-testid^=item-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();
    const second = page.locator(testid('confirm-dialog'), { hasText: words.hasImages });
    await visible(second);
    await second.locator(testid('confirm-submit')).click();
    await snackbarSays(page, words.deleted);
    await until(async () => (await row.count()) === 0, 'the deleted item should leave the list');
  });

  test(`item images: the supplier's item page shows the picture; a location image in the location header (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    // Supplier item page: a demo item with a picture shows it next to its name and in its images.
    await (await visible(page, testid('menu-company.suppliers'))).click();
    await page.locator('[data-testid^=supplier-row-] a', { hasText: 'Schraubenwerk' }).first().click();
    await visible(page, testid('supplier-dashboard'));
    await (await visible(page, testid('menu-supplier.items'))).click();
    await visible(page, testid('supplier-items-page'));
    const pictured = page.locator('[data-testid^=item-row-]', { has: page.locator('[data-testid=item-thumb][data-has-image=true]') });
    await until(async () => (await pictured.count()) > 0, 'a supplier item should show its picture');
    await pictured.first().locator('a').first().click();
    await waitPath(page, /^\/c\/1\/supplier\/\d+\/item\/\d+$/);
    const headerImage = page.locator(`${testid('item-header')} img`);
    await until(async () => (await headerImage.count()) === 1 && (await loaded(headerImage)), 'the item page should show the selected picture');
    await until(async () => (await page.locator(testid('entity-image')).count()) > 0, 'the item page should list its images');
    await screenshot(page, `item-detail-images-${language}.png`);

    // Location dashboard: upload an image, see it in the header, delete it again.
    await (await visible(page, testid('back-to-company'))).click();
    await (await visible(page, testid('menu-company.customers'))).click();
    await page.locator(testid('customer-filter')).fill('K-10002');
    await page.locator('[data-testid^=customer-row-] a', { hasText: 'Alpen' }).first().click();
    await visible(page, testid('customer-dashboard'));
    await (await visible(page, testid('menu-customer.locations'))).click();
    await page.locator('[data-testid^=location-row-] a', { hasText: 'Halle B' }).first().click();
    await visible(page, testid('location-dashboard'));
    const header = page.locator(testid('location-header'));
    await until(async () => (await text(header)).includes('Halle B'), 'the header should name the location');
    await visible(page, testid('entity-images-empty'));
    assert((await header.locator('img').count()) === 0, 'without images the location header shows initials');
    await page.locator(testid('entity-image-input')).setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: await picture(200, 120, 20) });
    await snackbarSays(page, words.uploaded);
    const locationImage = header.locator('img');
    await until(
      async () => (await locationImage.count()) === 1 && /^\/api\/image\/[0-9a-f]{32}/.test((await locationImage.getAttribute('src')) ?? '') && (await loaded(locationImage)),
      'the location header should show the uploaded image',
    );
    await screenshot(page, `location-images-${language}.png`);
    if (language === 'en') {
      await until(async () => (await page.locator(testid('snackbar')).count()) === 0, 'the snackbar should close', 12_000);
      const axe = await runAxe(page, 'location dashboard with images');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await (await visible(page, testid('entity-image-delete'))).click();
    await (await visible(page, testid('confirm-submit'))).click();
    await snackbarSays(page, words.imageDeleted);
    await until(async () => (await header.locator('img').count()) === 0, 'the location header should show the initials again');
  });
}
