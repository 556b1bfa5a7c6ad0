// An order's attachment and pictures (docs/replenishment.md "Attachments and pictures"): the take-picture hint on the
// new order page, attach a PDF on the order page, download it, add a picture (opened large), errors translated,
// delete after asking.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, runAxe, screenshot, sleep, testid, text, until, visible, waitPath } from '../helpers';
import { pageApi as api } from '../page-api';

const WORDS = {
  en: {
    hint: 'Add a picture of the bin after placing the order (required here).',
    notPdf: 'Neither PDF nor picture',
    attached: 'The file was attached.',
    pictureAdded: 'The picture was added.',
    removeTitle: 'Remove attachment?',
    removed: 'The attachment was removed.',
    pictureDeleted: 'The picture was deleted.',
    noAttachment: 'No attachment.',
    noPictures: 'No pictures.',
    cancel: 'Cancel',
    historyRemoved: 'attachment removed:',
  },
  de: {
    hint: 'Nach dem Bestellen ein Bild des Behälters hinzufügen (hier vorgeschrieben).',
    notPdf: 'Weder PDF noch Bild',
    attached: 'Die Datei wurde angehängt.',
    pictureAdded: 'Das Bild wurde hinzugefügt.',
    removeTitle: 'Anhang entfernen?',
    removed: 'Der Anhang wurde entfernt.',
    pictureDeleted: 'Das Bild wurde gelöscht.',
    noAttachment: 'Kein Anhang.',
    noPictures: 'Keine Bilder.',
    cancel: 'Abbrechen',
    historyRemoved: 'Anhang entfernt:',
  },
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

const snackbarSays = (page: Page, words: string) =>
  until(async () => (await text(page.locator(testid('snackbar')))).includes(words), `the snackbar should say "${words}"`);

async function ok(page: Page, method: string, path: string, body?: unknown) {
  const answer = await api(page, method, path, body);
  assert(answer.Meta.code === 200, `${method} ${path} should work: ${JSON.stringify(answer.Meta)}`);
  return answer.Data;
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`order attachments: attach a PDF, download it, add a picture, delete after asking (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    // a location of Maschinenbau Huber that wants a picture with every order, an item with a rule there
    const customerId = (await ok(page, 'GET', 'customer?q=Huber')).items[0].id;
    const stamp = `A${language}-${Date.now().toString(36)}`.toUpperCase();
    const location = await ok(page, 'POST', `customer/${customerId}/location/`, { name: `Lager ${stamp}`, take_picture: 2 });
    const item = await ok(page, 'POST', `customer/${customerId}/item`, { sku: `AT-${stamp}`, name: `Attach ${stamp}`, order_unit: 'PAK' });
    await ok(page, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 1, capacity: 50, stock: 40 });

    // the new order page names the location's picture mode; the order is placed without a picture
    await goto(page, `/c/1/customer/${customerId}/location/${location.id}/ordernew`);
    await visible(page, testid('ordernew-page'));
    await until(async () => (await text(page.locator(testid('ordernew-take-picture')))).includes(words.hint), `the page should say "${words.hint}"`);
    await page.locator(testid('ordernew-search')).fill(item.sku);
    await (await visible(page, testid(`ordernew-add-${item.sku}`))).click();
    await screenshot(page, `order-attachments-ordernew-${language}.png`);
    await page.locator(testid('ordernew-submit')).click();
    await waitPath(page, /\/location\/\d+\/order\/\d+$/);
    await visible(page, testid('order-attachment-none'));
    assert((await text(page.locator(testid('order-attachment-none')))).includes(words.noAttachment), `no attachment yet: "${words.noAttachment}"`);
    assert((await text(page.locator(testid('order-pictures-none')))).includes(words.noPictures), `no pictures yet: "${words.noPictures}"`);

    // text is neither PDF nor picture: the error is translated at the control
    const fileInput = page.locator(testid('order-attachment-upload-input'));
    await fileInput.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
    await until(async () => (await text(page.locator(testid('order-attachment-error')))).includes(words.notPdf), `the error should say "${words.notPdf}"`);

    // a PDF: shown by name, downloaded with its bytes
    const name = language === 'de' ? 'Lieferschein Müller.pdf' : 'Delivery note.pdf';
    await fileInput.setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await snackbarSays(page, words.attached);
    await until(async () => (await text(page.locator(testid('order-attachment-name')))) === name, `the attachment should be named "${name}"`);
    assert((await page.locator(testid('order-attachment-error')).count()) === 0, 'the error should go after a good upload');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(testid('order-attachment-download')).click()]);
    assert(download.suggestedFilename() === name, `the download should be named "${name}", not "${download.suggestedFilename()}"`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    assert(Buffer.concat(chunks).equals(PDF), 'the download should hold the PDF as uploaded');

    // a picture: a thumbnail that opens large
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 140, b: 90 } } }).jpeg().toBuffer();
    await page.locator(testid('order-picture-upload-input')).setInputFiles({ name: 'bin.jpg', mimeType: 'image/jpeg', buffer: picture });
    await snackbarSays(page, words.pictureAdded);
    const thumb = page.locator(testid('order-picture-thumb'));
    await until(async () => (await thumb.count()) === 1 && (await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)), 'the thumbnail should show the picture');
    await screenshot(page, `order-attachments-order-${language}.png`);
    if (language === 'en') {
      await until(async () => (await page.locator(testid('snackbar')).count()) === 0, 'the snackbar should close', 12_000);
      const axe = await runAxe(page, 'order with attachment and picture');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await page.locator(testid('order-picture-open')).click();
    const large = page.locator(testid('order-picture-large'));
    await until(
      async () => (await large.count()) === 1 && (await large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 800)),
      'the dialog should show the picture large (its stored 800 px)',
    );
    await sleep(400); // the dialog's opening animation
    await screenshot(page, `order-attachments-picture-${language}.png`);
    await page.locator(testid('order-picture-close')).click();
    await until(async () => (await page.locator(testid('order-picture-dialog')).count()) === 0, 'the dialog should close');

    // deleting asks first: cancel keeps the attachment, confirm removes it
    await page.locator(testid('order-attachment-delete')).click();
    const ask = await visible(page, testid('confirm-dialog'));
    assert((await text(ask)).includes(words.removeTitle), `the question should be "${words.removeTitle}"`);
    await sleep(400); // the question's opening animation
    await screenshot(page, `order-attachments-confirm-${language}.png`);
    await ask.locator('button', { hasText: words.cancel }).click();
    await until(async () => (await page.locator(testid('confirm-dialog')).count()) === 0, 'cancel should close the question');
    assert((await text(page.locator(testid('order-attachment-name')))) === name, 'cancel keeps the attachment');
    await page.locator(testid('order-attachment-delete')).click();
    await (await visible(page, testid('confirm-submit'))).click();
    await snackbarSays(page, words.removed);
    await visible(page, testid('order-attachment-none'));
    await page.locator(testid('order-picture-delete')).click();
    await (await visible(page, testid('confirm-submit'))).click();
    await snackbarSays(page, words.pictureDeleted);
    await visible(page, testid('order-pictures-none'));
    const history = await text(page.locator(testid('order-history')));
    assert(history.includes(`${words.historyRemoved} ${name}`), `the history should record the removed attachment ("${words.historyRemoved} ${name}")`);
  });
}
