// Deleting a location that has images (clarification "1002 vs 1007"): the list asks first, the server answers
// 1002, the page asks a second time naming the images and only then deletes with confirm=1; the images go
// with the location. In English and German.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, pickRowAction, screenshot, testid, text, until, visible } from '../helpers';
import { pageApi as api, type Envelope } from '../page-api';

interface Created {
  id: number;
}

const WORDS = {
  en: { hasImages: 'still has images', deleteWithImages: 'Delete with images', deleted: 'has been deleted' },
  de: { hasImages: 'hat noch Bilder', deleteWithImages: 'Mit Bildern löschen', deleted: 'wurde gelöscht' },
};

/** Uploads a PNG as an image of the location (POST /api/c/1/image/, multipart). */
function uploadLocationImage(page: Page, locationId: number, png: Buffer): Promise<Envelope<{ url: string }>> {
  return page.evaluate(
    async ({ locationId, base64 }) => {
      const { token } = JSON.parse(localStorage.getItem('kanban.session') ?? '{}') as { token?: string };
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('location_id', String(locationId));
      form.append('image', new Blob([bytes], { type: 'image/png' }), 'dock.png');
      const answer = await fetch('/api/c/1/image/', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      return (await answer.json()) as Envelope<{ url: string }>;
    },
    { locationId, base64: png.toString('base64') },
  );
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`locations: deleting a location with images asks twice and sends confirm=1 (${language})`, async ({ loginAs }) => {
    test.setTimeout(60_000);
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const customer = (await api<{ items: Created[] }>(page, 'GET', 'customer?q=K-10001')).Data.items[0];
    const name = `Pictured ${language} ${Date.now().toString(36)}`;
    const location = await api<Created>(page, 'POST', `customer/${customer.id}/location/`, { name });
    assert(location.Meta.code === 200, `creating the location should work: ${JSON.stringify(location.Meta)}`);
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 120, b: 30 } } }).png().toBuffer();
    const image = await uploadLocationImage(page, location.Data.id, png);
    assert(image.Meta.code === 200, `uploading the image should work: ${JSON.stringify(image.Meta)}`);
    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && request.url().includes(`/location/${location.Data.id}`)) deletes.push(new URL(request.url()).search);
    });
    try {
      await goto(page, `/c/1/customer/${customer.id}/location`);
      await visible(page, testid('locations-page'));
      await page.locator(testid('location-filter')).fill(name);
      const row = page.locator('[data-testid^=location-row-]', { hasText: name });
      await visible(row);
      await (await pickRowAction(page, row.locator('[data-testid^=location-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();

      // the second question names the images; nothing is deleted yet
      const second = page.locator(testid('confirm-dialog'), { hasText: words.hasImages });
      await visible(second);
      assert((await text(second)).includes(name), 'the second question should name the location');
      assert((await text(second.locator(testid('confirm-submit')))).includes(words.deleteWithImages), `the button should say "${words.deleteWithImages}"`);
      await screenshot(page, `location-delete-images-${language}.png`);
      assert(deletes.length === 1 && deletes[0] === '', `the first DELETE should go without confirm: ${JSON.stringify(deletes)}`);
      assert((await api(page, 'GET', `customer/${customer.id}/location/${location.Data.id}/`)).Meta.code === 200, 'the location should still exist');

      await second.locator(testid('confirm-submit')).click();
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.deleted), `the snackbar should say "${words.deleted}"`);
      await until(async () => (await row.count()) === 0, 'the deleted location should leave the list');
      assert(
        (deletes.length as number) === 2 && new URLSearchParams(deletes[1]).get('confirm') === '1',
        `the second DELETE should send confirm=1: ${JSON.stringify(deletes)}`,
      );
      assert((await api(page, 'GET', `customer/${customer.id}/location/${location.Data.id}/`)).Meta.code === 404, 'the location should be gone');
      const picture = await page.evaluate(async (url) => (await fetch(url)).status, image.Data.url);
      assert(picture === 404, `the image should be gone with it (HTTP ${picture})`);
    } finally {
      await api(page, 'DELETE', `customer/${customer.id}/location/${location.Data.id}?confirm=1`);
    }
  });
}
