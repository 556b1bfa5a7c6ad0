// Servers of the company (docs/notifications.md): from the company menu's notification settings open the servers page,
// create an SMTP server (field messages, the port's default), verify it against a real SMTP server this test starts on
// loopback (libs/testing: smtp-server with a login) and see the server's own answer, change its password to a wrong one
// and see the server's refusal (1056: its own words), edit it (a stored password is never shown and kept), find it by
// search and type, delete it after confirming; an SFTP server's key field and the SSH algorithms under "Advanced";
// table at 1366 px, cards at 390 px; in English and German.
import { startSmtpServer, type SmtpTestServer } from '@kanban/testing';
import { test } from '../fixtures';
import { assert, chooseLanguage, openMenuEntry, pickRowAction, runAxe, screenshot, testid, text, until, visible } from '../helpers';

const WORDS = {
  en: {
    title: 'Servers',
    saved: 'The server has been saved.',
    deleted: 'has been deleted',
    host: 'Please enter a host name or IP address, without protocol, port or path',
    taken: 'A server of this name exists already',
    kept: 'A value is stored',
    ok: 'Connected and signed in',
    refused: 'The server refused the sign-in',
    advanced: 'Advanced: SSH algorithms',
    key: 'Private key',
  },
  de: {
    title: 'Server',
    saved: 'Der Server wurde gespeichert.',
    deleted: 'wurde gelöscht',
    host: 'Bitte geben Sie einen Hostnamen oder eine IP-Adresse ein, ohne Protokoll, Port oder Pfad',
    taken: 'Ein Server mit diesem Namen existiert bereits',
    kept: 'Ein Wert ist gespeichert',
    ok: 'Verbunden und angemeldet',
    refused: 'Der Server hat die Anmeldung abgelehnt',
    advanced: 'Erweitert: SSH-Algorithmen',
    key: 'Privater Schlüssel',
  },
};

const SMTP_USER = 'bestellung@example.com';
const SMTP_PASSWORD = 'Pässwort; "zitiert" 🔑';

for (const language of ['en', 'de'] as const)
  test(`servers: create, verify against a real SMTP server, edit, search, delete (${language})`, async ({ loginAs }) => {
    test.setTimeout(150_000);
    const words = WORDS[language];
    let smtp: SmtpTestServer | undefined;
    try {
      smtp = await startSmtpServer({ auth: { user: SMTP_USER, password: SMTP_PASSWORD } });
      const page = await loginAs('writer@demo.example', { viewport: { width: 1366, height: 900 } });
      if (language === 'de') await chooseLanguage(page, 'de');
      await openMenuEntry(page, 'company.notificationSettings', 'company.server', /^\/c\/1\/settings\/notifications\/server\/?$/);
      const list = await visible(page, testid('servers-page'));
      assert((await text(list)).includes(words.title), `the page should be titled "${words.title}"`);

      // create: save waits for name and host; a host with a scheme is refused at the field
      const name = `Mail "Süd"; ${language} 📧 ${Date.now().toString(36)}`;
      await (await visible(page, testid('server-create'))).click();
      const dialog = await visible(page, `[role=dialog]${testid('server-dialog')}`);
      const submit = dialog.locator(testid('server-submit'));
      assert(await submit.isDisabled(), 'save should be disabled while the fields are empty');
      await dialog.locator('input[name=name]').fill(name);
      await dialog.locator('input[name=host]').fill('smtp://127.0.0.1');
      await until(async () => (await text(dialog)).includes(words.host), `the host should say "${words.host}"`);
      assert(await submit.isDisabled(), 'a bad host should keep save disabled');
      await dialog.locator('input[name=host]').fill(smtp.host);
      await dialog.locator('input[name=port]').fill(String(smtp.port));
      await dialog.locator('select[name=smtp_security]').selectOption('none');
      await dialog.locator('input[name=user]').fill(SMTP_USER);
      await dialog.locator('input[name=password]').fill(SMTP_PASSWORD);
      if (language === 'en') {
        const axe = await runAxe(page, 'server dialog');
        assert(!axe.serious.length, axe.describe(axe.serious));
      }
      await screenshot(page, `servers-dialog-${language}.png`);
      await until(() => submit.isEnabled(), 'save should be enabled');
      await submit.click();
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.saved), `the snackbar should say "${words.saved}"`);

      const row = page.locator('[data-testid^=server-row-]', { hasText: name });
      await visible(row);
      assert((await text(row)).includes(`${smtp.host}:${smtp.port}`) && (await text(row)).includes(SMTP_USER), 'the row should show host, port and user');
      assert(!(await text(list)).includes(SMTP_PASSWORD), 'the password is never shown');
      if (language === 'en') {
        const axe = await runAxe(page, '/c/1/settings/notifications/server');
        assert(!axe.serious.length, axe.describe(axe.serious));
      }
      await screenshot(page, `servers-list-${language}.png`);

      // verify: the server's own greeting and login reply
      await row.locator('[data-testid^=server-verify-]').click();
      const verify = await visible(page, `[role=dialog]${testid('server-verify-dialog')}`);
      await visible(verify, testid('server-verify-ok'), 20_000);
      const answer = await text(verify.locator(testid('server-verify-message')));
      assert(answer.includes('220 kanban-test-smtp') && answer.includes('235 Authentication successful'), `the SMTP server's own answer should show, got "${answer}"`);
      assert((await text(verify)).includes(words.ok), `the dialog should say "${words.ok}"`);
      await screenshot(page, `servers-verify-${language}.png`);
      await page.keyboard.press('Escape');
      await until(async () => (await page.locator(testid('server-verify-dialog')).count()) === 0, 'the verify dialog should close');

      // a wrong password: the server's refusal in its own words (1056)
      const edit = await pickRowAction(page, row.locator('[data-testid^=server-actions-]'), testid('action-edit'), `[role=dialog]${testid('server-dialog')}`);
      assert((await edit.locator('input[name=password]').inputValue()) === '', 'the stored password is never shown');
      assert((await text(edit)).includes(words.kept), `the dialog should say "${words.kept}"`);
      await edit.locator('input[name=password]').fill('wrong');
      await edit.locator(testid('server-submit')).click();
      await until(async () => (await page.locator(testid('server-dialog')).count()) === 0, 'the dialog should close');
      await row.locator('[data-testid^=server-verify-]').click();
      const again = await visible(page, `[role=dialog]${testid('server-verify-dialog')}`);
      await visible(again, testid('server-verify-failed'), 20_000);
      assert((await text(again)).includes(words.refused), `the dialog should say "${words.refused}"`);
      assert((await text(again.locator(testid('server-verify-message')))) === '535 Invalid username or password', 'the server\'s own refusal should show');
      await page.keyboard.press('Escape');

      // a name already taken is refused at the name (1059); the type filter and the search find the server
      await (await visible(page, testid('server-create'))).click();
      const second = await visible(page, `[role=dialog]${testid('server-dialog')}`);
      await second.locator('input[name=name]').fill(name);
      await second.locator('select[name=type]').selectOption('SFTP');
      await second.locator('input[name=host]').fill('sftp.example.com');
      assert((await text(second)).includes(words.key), 'an SFTP server should offer the private key');
      await second.locator(testid('server-advanced')).click();
      await visible(second, 'input[name=kex]');
      assert((await text(second)).includes(words.advanced), `"${words.advanced}" should be there`);
      await second.locator('input[name=kex]').fill('diffie-hellman-group1-sha1');
      await second.locator(testid('server-submit')).click();
      await until(async () => (await text(second)).includes(words.taken), `the name should say "${words.taken}"`);
      await second.locator('input[name=name]').fill(`${name} SFTP`);
      await second.locator(testid('server-submit')).click();
      await until(async () => (await page.locator(testid('server-dialog')).count()) === 0, 'the dialog should close');
      const sftpRow = page.locator('[data-testid^=server-row-]', { hasText: `${name} SFTP` });

      await page.locator(testid('server-filter')).fill(name);
      await visible(sftpRow);
      await page.locator(testid('server-type-filter')).selectOption('SMTP');
      await until(async () => (await sftpRow.count()) === 0, 'the SFTP server should leave the SMTP list');
      await visible(row);

      // 390 px: cards
      await page.setViewportSize({ width: 390, height: 844 });
      await visible(row);
      await screenshot(page, `servers-list-390-${language}.png`);
      await page.setViewportSize({ width: 1366, height: 900 });

      // delete both after confirming
      await (await pickRowAction(page, row.locator('[data-testid^=server-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.deleted), `the snackbar should say "${words.deleted}"`);
      await until(async () => (await row.count()) === 0, 'the deleted server should leave the list');
      await page.locator(testid('server-type-filter')).selectOption('SFTP');
      await (await pickRowAction(page, sftpRow.locator('[data-testid^=server-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();
      await until(async () => (await sftpRow.count()) === 0, 'the deleted SFTP server should leave the list');
    } finally {
      await smtp?.stop();
    }
  });
