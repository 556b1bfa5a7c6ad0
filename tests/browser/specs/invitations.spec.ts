// Invitations of existing accounts (docs/users.md): the demo admin invites the other company's admin, who is
// listed under "Open invitations" (not as a user), accepts at /invitation?token=… from the mail and lands in the
// demo company; the demo admin then removes the membership again so the other suites see the demo data as before.
import { test } from '../fixtures';
import type { Server } from '../fixtures';
import { assert, goto, mailFiles, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';

/** The invitation token of the newest mail to the address (quoted-printable soft breaks and escapes undone). */
function tokenFrom(server: Server, email: string): string | null {
  const mails = mailFiles(server)
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .filter((m) => m.includes(`To: ${email}`) && m.includes('/invitation?token='));
  const last = mails[mails.length - 1];
  return last ? /\/invitation\?token=([^\s]+)/.exec(last)![1] : null;
}

test('users: invite an existing account, which joins only by accepting at /invitation (en)', async ({ loginAs, server }) => {
  const email = 'admin@other.example';
  const admin = await loginAs('admin@demo.example');
  await goto(admin, '/c/1/settings/user');
  await visible(admin, testid('users-page'));
  await (await visible(admin, testid('user-invite'))).click();
  const dialog = await visible(admin, `[role=dialog]${testid('user-invite-dialog')}`);
  await dialog.locator('input[name=email]').fill(email);
  await dialog.locator('select[name=role]').selectOption('2');
  const send = dialog.locator(testid('user-invite-submit'));
  await until(() => send.isEnabled(), 'send should be enabled with e-mail and role');
  await send.click();
  await until(async () => (await text(admin.locator(testid('snackbar')))).includes('already has an account'), 'the snackbar should say the account was invited');

  // listed as an open invitation, not as a user
  const invitation = admin.locator(`[data-testid^=user-invitation-][data-email="${email}"]`);
  await visible(invitation);
  assert((await admin.locator(`[data-testid^=user-row-][data-email="${email}"]`).count()) === 0, 'the invited account should not be a user yet');
  const axe = await runAxe(admin, '/c/1/settings/user (open invitations)');
  assert(!axe.serious.length, axe.describe(axe.serious));
  await screenshot(admin, 'users-invitations-en.png');

  const token = await until(() => tokenFrom(server, email), 'the invitation mail should arrive');

  // the invited person, signed in to their own company, opens the link and accepts
  const person = await loginAs(email, { expectPath: /^\/c\/2\/?$/ });
  await goto(person, `/invitation?token=${token}`);
  const offer = await visible(person, testid('invitation-text'));
  assert((await text(offer)).includes('Demo Distribution GmbH'), `the page should name the company: "${await text(offer)}"`);
  await screenshot(person, 'invitation-en.png');
  await (await visible(person, testid('invitation-accept'))).click();
  await waitPath(person, /^\/c\/1\/?$/);
  await visible(person, testid('company-dashboard'), 15_000);

  // the link is spent: opening it again says so
  await goto(person, `/invitation?token=${token}`);
  await visible(person, testid('invitation-invalid'));

  // now a user of the demo company, no longer an open invitation; removed again afterwards
  await goto(admin, '/c/1/settings/user');
  await admin.locator(testid('user-filter')).fill(email);
  const row = admin.locator(`[data-testid^=user-row-][data-email="${email}"]`);
  await visible(row);
  assert((await admin.locator(`[data-testid^=user-invitation-][data-email="${email}"]`).count()) === 0, 'the invitation should be gone');
  await (await visible(row.locator('[data-testid^=user-delete-]'))).click();
  await (await visible(admin, testid('confirm-submit'))).click();
  await until(async () => (await row.count()) === 0, 'the membership should be removed again');
});
