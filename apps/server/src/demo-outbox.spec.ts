import path from 'node:path';
import { localPathOf, mailFileName, remotePathOf } from './demo-outbox';

describe('demo outbox', () => {
  it('keeps every SFTP path under the root: absolute, relative and .. all stay inside', () => {
    const root = '/data/demo-outbox/files';
    expect(remotePathOf('.')).toBe('/');
    expect(remotePathOf('')).toBe('/');
    expect(remotePathOf('orders/../x.csv')).toBe('/x.csv');
    expect(localPathOf(root, '/bestellung_1.csv')).toBe(path.join(root, 'bestellung_1.csv'));
    expect(localPathOf(root, 'sub/a.csv')).toBe(path.join(root, 'sub', 'a.csv'));
    for (const escape of ['../../etc/passwd', '/../secrets-key', '..', 'a/../../..//b']) expect(localPathOf(root, escape).startsWith(root)).toBe(true);
  });

  it('names a mail by its Message-ID (a retry replaces its own file), else by the time', () => {
    const raw = Buffer.from('From: a@b.example\r\nMessage-ID:\r\n <r7.o4711.v1@kanban.local>\r\nSubject: x\r\n\r\nMessage-ID: <not@this.one>\r\n');
    expect(mailFileName(raw, new Date())).toBe('r7.o4711.v1@kanban.local.eml');
    expect(mailFileName(Buffer.from('Message-ID: <a/b\\c:d@x>\r\n\r\n'), new Date())).toBe('a_b_c_d@x.eml');
    expect(mailFileName(Buffer.from('Subject: none\r\n\r\nbody'), new Date('2026-11-27T10:00:00.000Z'))).toMatch(/^2026-11-27T10-00-00-000Z\.[0-9a-f]{8}\.eml$/);
  });
});
