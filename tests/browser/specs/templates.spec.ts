// E-mail and file templates of the company (docs/notifications.md "Templates"): from the company menu's notification
// settings open the e-mail templates page, create a template (a placeholder inserted with the picker at the cursor),
// preview it (the server renders it on the latest order, or the sample order), see a broken template refused at its
// field with line and column, delete it after confirming; a file template in ISO-8859-1 previewed as text; in English
// and German; the preview at 390 px.
import { test } from '../fixtures';
import { assert, chooseLanguage, pickRowAction, screenshot, testid, text, until, visible, waitPath } from '../helpers';

const WORDS = {
  en: { title: 'E-mail templates', files: 'File templates', saved: 'The template has been saved.', deleted: 'has been deleted', at: 'line 1, column', order: 'Rendered on order', sample: 'sample order', cancel: 'Cancel' },
  de: { title: 'E-Mail-Vorlagen', files: 'Dateivorlagen', saved: 'Die Vorlage wurde gespeichert.', deleted: 'wurde gelöscht', at: 'Zeile 1, Spalte', order: 'Erstellt mit Bestellung', sample: 'Beispielbestellung', cancel: 'Abbrechen' },
};

for (const language of ['en', 'de'] as const)
  test(`templates: create with a placeholder, preview, a broken template at its line, delete; a file template's preview (${language})`, async ({ loginAs }) => {
    test.setTimeout(150_000);
    const words = WORDS[language];
    const page = await loginAs('writer@demo.example', { viewport: { width: 1366, height: 900 } });
    if (language === 'de') await chooseLanguage(page, 'de');
    await (await visible(page, testid('menu-company.notificationSettings'))).click();
    await (await visible(page, testid('menu-company.emailTemplates'))).click();
    await waitPath(page, /^\/c\/1\/settings\/notifications\/email_templates\/?$/);
    const list = await visible(page, testid('email-templates-page'));
    assert((await text(list)).includes(words.title), `the page should be titled "${words.title}"`);

    // create: the subject typed, the customer's name put into the body by the picker
    const name = `Bestellung "Süd"; ${language} 📧 ${Date.now().toString(36)}`;
    await (await visible(page, testid('email-template-create'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('template-dialog')}`);
    const submit = dialog.locator(testid('template-submit'));
    assert(await submit.isDisabled(), 'save should be disabled while name and subject are empty');
    await dialog.locator('input[name=name]').fill(name);
    await dialog.locator(testid('template-header')).fill('Bestellung {{order.id}}');
    const body = dialog.locator(testid('template-body'));
    await body.fill('Kunde: ');
    await body.focus();
    await body.press('End');
    await dialog.locator(testid('template-placeholder')).selectOption('customer.name');
    await until(async () => (await body.inputValue()) === 'Kunde: {{customer.name}}', 'the picker should insert {{customer.name}} at the cursor');
    await screenshot(page, `templates-dialog-${language}.png`);
    await until(() => submit.isEnabled(), 'save should be enabled');
    await submit.click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.saved), `the snackbar should say "${words.saved}"`);

    // preview: rendered by the server on the latest order (or the sample order)
    const row = page.locator('[data-testid^=email-template-row-]', { hasText: name });
    await visible(row);
    await (await visible(row.locator('[data-testid^=template-preview-]'))).click();
    const preview = await visible(page, testid('template-preview-dialog'));
    const source = await visible(preview.locator(testid('template-preview-source')));
    const sourceText = await text(source);
    const orderId = sourceText.includes(words.sample) ? '1048' : (sourceText.match(/\d+/)?.[0] ?? 'none');
    assert(sourceText.includes(words.order) || sourceText.includes(words.sample), `the preview should say which order it used: ${sourceText}`);
    await until(async () => (await text(preview.locator(testid('template-preview-subject')))) === `Bestellung ${orderId}`, `the subject should be "Bestellung ${orderId}"`);
    assert((await text(preview.locator(testid('template-preview-body')))).startsWith('Kunde: ') && !(await text(preview.locator(testid('template-preview-body')))).includes('{{'), 'the body should be rendered');
    await screenshot(page, `templates-preview-${language}.png`);
    await preview.locator(testid('template-preview-close')).click();
    await until(async () => (await page.locator(testid('template-preview-dialog')).count()) === 0, 'the preview should close');

    // a broken subject: refused at its field with line and column, the template unchanged
    const edit = await pickRowAction(page, row.locator('[data-testid^=email-template-actions-]'), testid('action-edit'), `[role=dialog]${testid('template-dialog')}`);
    await edit.locator(testid('template-header')).fill('Bestellung {{ordr.id}}');
    await edit.locator(testid('template-submit')).click();
    const error = await visible(edit.locator(testid('template-header-error')));
    await until(async () => (await text(error)).includes(words.at) && (await text(error)).includes('ordr.id'), `the subject should say "${words.at}" and name ordr.id`);
    await screenshot(page, `templates-error-${language}.png`);
    await edit.locator('button[type=button]', { hasText: words.cancel }).click();
    await until(async () => (await page.locator(testid('template-dialog')).count()) === 0, 'the dialog should close');

    // delete after confirming
    await (await pickRowAction(page, row.locator('[data-testid^=email-template-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.deleted), `the snackbar should say "${words.deleted}"`);
    await until(async () => (await row.count()) === 0, 'the deleted template should leave the list');

    // a file template in ISO-8859-1, previewed as text
    await (await visible(page, testid('menu-company.fileTemplates'))).click();
    await waitPath(page, /^\/c\/1\/settings\/notifications\/file_templates\/?$/);
    assert((await text(await visible(page, testid('file-templates-page')))).includes(words.files), `the page should be titled "${words.files}"`);
    const fileName = `Datei ${language} ${Date.now().toString(36)}`;
    await (await visible(page, testid('file-template-create'))).click();
    const fileDialog = await visible(page, `[role=dialog]${testid('template-dialog')}`);
    await fileDialog.locator('input[name=name]').fill(fileName);
    await fileDialog.locator('select[name=encoding]').selectOption('ISO-8859-1');
    await fileDialog.locator(testid('template-header')).fill('Bestellung;Größe');
    const fileBody = fileDialog.locator(testid('template-body'));
    await fileBody.focus();
    await fileDialog.locator(testid('template-placeholder')).selectOption('line.pos');
    await until(async () => (await fileBody.inputValue()) === '{{line.pos}}', 'a line field goes in as it is in a file body');
    await fileDialog.locator(testid('template-submit')).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.saved), `the snackbar should say "${words.saved}"`);
    const fileRow = page.locator('[data-testid^=file-template-row-]', { hasText: fileName });
    await (await visible(fileRow.locator('[data-testid^=template-preview-]'))).click();
    const filePreview = await visible(page, testid('template-preview-dialog'));
    await until(async () => (await text(filePreview.locator(testid('template-preview-text')))).startsWith('Bestellung;Größe'), 'the file text should start with its header');
    assert((await text(filePreview)).includes('ISO-8859-1'), 'the preview names the encoding');
    await screenshot(page, `templates-file-preview-${language}.png`);
    await filePreview.locator(testid('template-preview-close')).click();
    await until(async () => (await page.locator(testid('template-preview-dialog')).count()) === 0, 'the preview should close');
    // 390 px: the list as cards, the preview still reachable and readable
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(fileRow);
    await (await visible(fileRow.locator('[data-testid^=template-preview-]'))).click();
    const narrow = await visible(page, testid('template-preview-dialog'));
    await until(async () => (await text(narrow.locator(testid('template-preview-text')))).startsWith('Bestellung;Größe'), 'the preview should work at 390 px');
    const box = await narrow.boundingBox();
    assert(box !== null && box.width <= 390, `the preview should fit 390 px (${box?.width})`);
    await screenshot(page, `templates-file-preview-390-${language}.png`);
    await narrow.locator(testid('template-preview-close')).click();
    await page.setViewportSize({ width: 1366, height: 900 });
    await (await pickRowAction(page, fileRow.locator('[data-testid^=file-template-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();
    await until(async () => (await fileRow.count()) === 0, 'the deleted file template should leave the list');
  });
