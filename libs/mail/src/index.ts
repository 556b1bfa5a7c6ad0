import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Idempotency key: the same key is never written twice to the local outbox. */
  id: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export type MailConfig = { kind: 'folder'; dir: string; from: string } | { kind: 'smtp'; url: string; from: string };

export const MAILER = Symbol('MAILER');

/** Embedded run: every mail becomes an .eml file in a folder (the local outbox). */
export class FolderMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {
    this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text })) as {
      message: Buffer;
    };
    await mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}_${message.id}.eml`;
    await writeFile(path.join(this.dir, name), info.message);
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** Distributed run: SMTP. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId: `<${message.id}@kanban.local>`,
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

export function createMailer(config: MailConfig): Mailer {
  return config.kind === 'folder' ? new FolderMailer(config.dir, config.from) : new SmtpMailer(config.url, config.from);
}
