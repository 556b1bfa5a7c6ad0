import { eventually } from '@kanban/testing';
import { login, meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * Inviting a person who already has an account (docs/users.md "Invitations of existing accounts"), in both run
 * modes: `POST user/` with the address of the other company's admin answers only the invitation (no profile of
 * the person), the person is no member until they accept with the mailed link while signed in, accepting makes them
 * one (the session's refresh carries the company), a link works only for its person and only once, and the company
 * lists and withdraws its open invitations.
 */
jest.setTimeout(180_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const api = () => system.api;
const users = () => `/c/${demo}/user`;

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  ({ demo, other } = signedIn);
});

afterAll(async () => {
  await system?.close();
});

/** The token of the newest invitation link mailed to the address (after `count` such mails were there). */
async function invitationLink(email: string, count: number): Promise<string> {
  const mails = await eventually(
    async () => {
      const found = (await system.mails()).filter((m) => m.to.includes(email) && /\/invitation\?token=/.test(m.text));
      return found.length > count ? found : undefined;
    },
    20_000,
    `the invitation mail to ${email}`,
  );
  return /\/invitation\?token=(\S+)/.exec(mails[mails.length - 1]!.text)![1]!;
}

const memberEmails = async () => (ok(await api().get(`${users()}?per_page=200`, tokens.admin)).items as { email: string }[]).map((u) => u.email);

describe('inviting an existing account', () => {
  it('answers only the invitation, adds nobody until the person accepts, and then makes them a member', async () => {
    const profileBefore = ok(await api().get('/user/me', tokens.other));
    const answer = await api().post(`${users()}/`, { email: 'Admin@Other.example', role: 2, first_name: 'Renamed', last_name: 'ByDemo' }, tokens.admin);
    const invitation = ok(answer);
    // Only what the inviting company may see: no id, names, image or other data of the person's account.
    expect(Object.keys(invitation).sort()).toEqual(['app', 'email', 'expired', 'expires_at', 'invitation_id', 'invitation_pending', 'invited_at', 'role']);
    expect(invitation).toMatchObject({ email: 'admin@other.example', role: 2, app: false, invitation_pending: true, expired: false });
    // The inviting company's names do not touch the person's profile.
    expect(ok(await api().get('/user/me', tokens.other))).toMatchObject({ first_name: profileBefore.first_name, last_name: profileBefore.last_name });

    // Not a member: not in the list, no access to the company; the open invitation is listed (users group).
    expect(await memberEmails()).not.toContain('admin@other.example');
    expect(meta(await api().get(`/c/${demo}/customer`, tokens.other)).code).toBe(1020);
    const open = ok(await api().get(`${users()}/invitation`, tokens.writer)) as { invitation_id: number; email: string }[];
    expect(open).toEqual([expect.objectContaining({ invitation_id: invitation.invitation_id, email: 'admin@other.example', role: 2, invitation_pending: true })]);
    expect(meta(await api().get(`${users()}/invitation`, tokens.readonly)).code).toBe(1020);
    expect(ok(await api().get(`/c/${other}/user/invitation`, tokens.other))).toEqual([]);

    const token = await invitationLink('admin@other.example', 0);
    // Another signed-in person cannot look at or accept it.
    expect(meta(await api().get(`/invitation?token=${encodeURIComponent(token)}`, tokens.writer))).toMatchObject({ code: 1000, field: 'token' });
    expect(meta(await api().post('/invitation/accept', { token }, tokens.writer))).toMatchObject({ code: 1000, field: 'token' });
    expect(meta(await api().post('/invitation/accept', { token: `${token.slice(0, -2)}xx` }, tokens.other))).toMatchObject({ code: 1000, field: 'token' });
    expect((await api().post('/invitation/accept', { token })).status).toBe(401);

    // The person sees the company and role, and accepts.
    expect(ok(await api().get(`/invitation?token=${encodeURIComponent(token)}`, tokens.other))).toMatchObject({ company_id: demo, company: 'Demo Distribution GmbH', role: 2, app: false });
    const joined = ok(await api().post('/invitation/accept', { token }, tokens.other));
    expect(joined).toMatchObject({ id: demo, user_role: 2 });

    // Now a member with the invited role; the invitation is gone and its link spent.
    const member = (ok(await api().get(`${users()}?q=admin@other.example`, tokens.admin)).items as any[])[0];
    expect(member).toMatchObject({ email: 'admin@other.example', role: 2 });
    expect(ok(await api().get(`${users()}/invitation`, tokens.admin))).toEqual([]);
    expect(meta(await api().post('/invitation/accept', { token }, tokens.other))).toMatchObject({ code: 1000, field: 'token' });
    expect((ok(await api().get('/company', tokens.other)) as { id: number }[]).map((c) => c.id).sort()).toEqual([demo, other].sort());
    // A new session (sign-in or refresh) carries the company.
    const session = await login(system, 'admin@other.example');
    expect(meta(await api().get(`/c/${demo}/customer`, session.token)).code).toBe(200);
    // Inviting a member again: 1001.
    expect(meta(await api().post(`${users()}/`, { email: 'admin@other.example', role: 1 }, tokens.admin)).code).toBe(1001);
  });

  it('renews an open invitation when invited again, and withdraws it', async () => {
    // An account of the other company (invited there: it exists, without a password yet).
    ok(await api().post(`/c/${other}/user/`, { email: 'buyer@other.example', role: 2, first_name: 'Bea', last_name: 'Buyer' }, tokens.other));
    const first = ok(await api().post(`${users()}/`, { email: 'buyer@other.example', role: 1 }, tokens.admin));
    expect(first).not.toHaveProperty('first_name');
    const firstToken = await invitationLink('buyer@other.example', 0);
    const second = ok(await api().post(`${users()}/`, { email: 'buyer@other.example', role: 2 }, tokens.admin));
    expect(second).toMatchObject({ invitation_id: first.invitation_id, role: 2 });
    const secondToken = await invitationLink('buyer@other.example', 1);
    expect(secondToken).not.toBe(firstToken);
    expect(await memberEmails()).not.toContain('buyer@other.example');

    // Other companies and non-admins cannot withdraw it.
    expect(meta(await api().delete(`${users()}/invitation/${first.invitation_id}`, tokens.other)).code).toBe(1020);
    expect(meta(await api().delete(`${users()}/invitation/${first.invitation_id}`, tokens.writer)).code).toBe(1020);
    expect(meta(await api().delete(`/c/${other}/user/invitation/${first.invitation_id}`, tokens.other)).code).toBe(404);
    expect(ok(await api().delete(`${users()}/invitation/${first.invitation_id}`, tokens.admin))).toBeNull();
    expect(ok(await api().get(`${users()}/invitation`, tokens.admin))).toEqual([]);
    expect(meta(await api().delete(`${users()}/invitation/${first.invitation_id}`, tokens.admin)).code).toBe(404);
  });
});
