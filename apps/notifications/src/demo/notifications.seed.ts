import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/core';
import { assertEmailTemplate, assertFileTemplate } from '@kanban/notify-templates';
import { type Database, tenantEm } from '@kanban/persistence';
import { notificationsData } from '../notifications.data';
import { NotificationRecipient } from '../rules/recipient.entity';
import { NotificationRule } from '../rules/rule.entity';
import { SecretBox } from '../servers/secret-box';
import { Server } from '../servers/server.entity';
import { secretContext } from '../servers/servers.service';
import { EmailTemplate, FileTemplate } from '../templates/template.entity';

/** Where one of the demo's servers listens and how it is signed in to (the embedded run's demo outbox). */
export interface DemoServerLogin {
  host: string;
  port: number;
  user: string;
  password: string;
}

export interface NotificationsDemoInput {
  companyId: number;
  /** SECRETS_KEY: the servers' passwords are sealed like any server's */
  secretsKey: Buffer;
  /** the demo company's suppliers and customers by number (the catalog seed's answer) */
  suppliers: Record<string, number>;
  customers: Record<string, number>;
  /** the demo outbox's SMTP server (mails kept as files) */
  mail: DemoServerLogin;
  /** the demo outbox's SFTP server (its root a folder) */
  files: DemoServerLogin;
}

export interface NotificationsDemoSeed {
  /** true: servers, templates and rules were made now (a company without any of them) */
  created: boolean;
  /** the demo servers pointed at this start's ports (by name; those an administrator deleted or renamed are left alone) */
  updated: number;
}

/** The demo's names (German like the rest of the demo company's data); the servers are found again by them on every start. */
export const DEMO_NOTIFICATIONS = {
  mailServer: 'Demo-Postausgang (SMTP)',
  fileServer: 'Demo-Dateiablage (SFTP)',
  supplierMailTemplate: 'Bestellung an Lieferanten',
  customerMailTemplate: 'Bestellbestätigung an Kunden',
  fileTemplate: 'Bestelldatei CSV',
  supplierMailRule: 'Bestellung per E-Mail',
  supplierFileRule: 'Bestelldatei per SFTP',
  customerMailRule: 'Bestellbestätigung per E-Mail',
} as const;

const SENDER = { email: 'einkauf@demo-distribution.example', name: 'Demo Distribution GmbH, Einkauf' };

/** Who receives the demo's mails: an order desk per supplier, a goods-in desk per customer (addresses of .example, never delivered anywhere). */
const SUPPLIER_ADDRESSES: Record<string, { email: string; name: string }> = {
  'L-100': { email: 'auftragseingang@schraubenwerk-franken.example', name: 'Schraubenwerk Franken, Auftragseingang' },
  'L-200': { email: 'bestellung@tiroler-normteile.example', name: 'Tiroler Normteile, Bestellannahme' },
  'L-300': { email: 'orders@helvetia-befestigung.example', name: 'Helvetia Befestigungstechnik, Orders' },
};
const CUSTOMER_ADDRESSES: Record<string, { email: string; name: string }> = {
  'K-10001': { email: 'wareneingang@huber-maschinenbau.example', name: 'Maschinenbau Huber, Wareneingang' },
  'K-10002': { email: 'lager@alpen-metall.example', name: 'Alpen Metallwerke, Lager' },
  'K-10003': { email: 'logistik@meier-praezision.example', name: 'Präzisionstechnik Meier, Logistik' },
};
const addressOf = (table: Record<string, { email: string; name: string }>, nr: string) =>
  table[nr] ?? { email: `bestellung-${nr.toLowerCase().replace(/[^a-z0-9-]/g, '')}@demo-partner.example`, name: nr };

/** The demo's templates (docs/notification-templates.md placeholders), checked like any template on save. */
export const DEMO_TEMPLATES = {
  supplierMail: {
    header: 'Bestellung {{order.id}}: {{customer.name}}, {{location.name}}',
    body: [
      'Sehr geehrte Damen und Herren,',
      '',
      'bitte liefern Sie zu unserer Bestellung {{order.id}} vom {{date order.date}} an {{customer.name}}, {{location.name}}{{#if location.street}} ({{location.street}}, {{location.postal}} {{location.city}}){{/if}}:',
      '',
      '{{#each lines}}',
      '{{pos}}. {{number quantity}} {{unit}}  {{sku}}  {{name}}{{#if shipping}}  (Liefertag {{date shipping}}){{/if}}',
      '{{/each}}',
      '{{#if order.comment}}',
      'Hinweis: {{order.comment}}',
      '{{/if}}',
      '',
      'Die Bestellung liegt als CSV-Datei bei.',
      '',
      'Mit freundlichen Grüßen',
      '{{company.name}}',
      '',
    ].join('\n'),
  },
  customerMail: {
    header: 'Ihre Bestellung {{order.id}} ist an {{supplier.name}} übermittelt',
    body: [
      'Guten Tag,',
      '',
      'für {{location.name}} wurde am {{date order.created "datetime"}} bestellt (Bestellung {{order.id}}, {{order.line_count}} Position(en)):',
      '',
      '{{#each lines}}',
      '{{pos}}. {{number quantity}} {{unit}}  {{sku}}  {{name}}',
      '{{/each}}',
      '',
      'Lieferant: {{supplier.name}}, {{supplier.city}}',
      '',
      'Ihr Team von {{company.name}}',
      '',
    ].join('\n'),
  },
  file: {
    header: 'Bestellung;Datum;Kundennr;Kunde;Lieferort;Lieferant;Pos;Artikel;Lieferantenartikel;Bezeichnung;Menge;Einheit;Liefertag',
    body: '{{order.id}};{{order.date}};{{csv customer.nr}};{{csv customer.name}};{{csv location.name}};{{csv supplier.nr}};{{line.pos}};{{csv line.sku}};{{csv line.supplier_sku}};{{csv line.name}};{{line.quantity}};{{csv line.unit}};{{line.shipping}}',
  },
} as const;

/**
 * The demo company's notifications (README "Demo data: notifications", docs/notifications.md "Demo"): two servers — the
 * embedded run's demo outbox, SMTP and SFTP on loopback, their passwords sealed with SECRETS_KEY like any server's —,
 * an e-mail template for suppliers, one for customers and a CSV file template; per demo supplier an e-mail rule (the
 * order with the CSV attached, to the supplier's order desk) and a file rule (the CSV on the SFTP server), per demo
 * customer an e-mail rule at all its locations (the order confirmation to its goods-in desk). All on `order_created`.
 *
 * Idempotent: servers, templates and rules are made only for a company without any of them (the first start, or a
 * data folder from before this seed), so what an administrator deleted or changed later stays so; on every start the
 * demo servers still found by their names are pointed at this start's host, port and login (the outbox's ports may
 * change between starts).
 */
export async function seedNotificationsDemo(database: Database, input: NotificationsDemoInput): Promise<NotificationsDemoSeed> {
  for (const template of [DEMO_TEMPLATES.supplierMail, DEMO_TEMPLATES.customerMail]) assertEmailTemplate(template);
  assertFileTemplate(DEMO_TEMPLATES.file);
  const box = new SecretBox(input.secretsKey);
  const orm = await MikroORM.init(database.ormOptions(notificationsData));
  try {
    return await orm.em.fork().transactional(async (root) => {
      const em = tenantEm(root, input.companyId) as EntityManager;
      const { companyId } = input;
      const seal = (password: string) => box.seal(password, secretContext(companyId, 'password'));
      const counts = await Promise.all([em.count(Server, {}), em.count(EmailTemplate, {}), em.count(FileTemplate, {}), em.count(NotificationRule, {})]);
      if (counts.some((n) => n > 0)) {
        let updated = 0;
        for (const [name, type, login] of [
          [DEMO_NOTIFICATIONS.mailServer, 'SMTP', input.mail],
          [DEMO_NOTIFICATIONS.fileServer, 'SFTP', input.files],
        ] as const) {
          const server = await em.findOne(Server, { name, type });
          if (!server) continue;
          server.host = login.host;
          server.port = login.port;
          server.username = login.user;
          server.passwordSealed = seal(login.password);
          server.updatedAt = new Date();
          updated++;
        }
        await em.flush();
        return { created: false, updated };
      }

      // one row per flush (em.create persists): the embedded driver answers a multi-row insert's ids unreliably (as the catalog seed)
      const made = async <T extends object>(entity: T): Promise<T> => {
        await em.flush();
        return entity;
      };
      const mailServer = await made(
        em.create(Server, {
          companyId,
          name: DEMO_NOTIFICATIONS.mailServer,
          type: 'SMTP',
          host: input.mail.host,
          port: input.mail.port,
          username: input.mail.user,
          passwordSealed: seal(input.mail.password),
          smtpSecurity: 'none',
        } as Server),
      );
      const fileServer = await made(
        em.create(Server, {
          companyId,
          name: DEMO_NOTIFICATIONS.fileServer,
          type: 'SFTP',
          host: input.files.host,
          port: input.files.port,
          username: input.files.user,
          passwordSealed: seal(input.files.password),
        } as Server),
      );
      const supplierMail = await made(em.create(EmailTemplate, { companyId, name: DEMO_NOTIFICATIONS.supplierMailTemplate, ...DEMO_TEMPLATES.supplierMail } as EmailTemplate));
      const customerMail = await made(em.create(EmailTemplate, { companyId, name: DEMO_NOTIFICATIONS.customerMailTemplate, ...DEMO_TEMPLATES.customerMail } as EmailTemplate));
      const file = await made(em.create(FileTemplate, { companyId, name: DEMO_NOTIFICATIONS.fileTemplate, ...DEMO_TEMPLATES.file, encoding: 'UTF-8', linebreak: 'CRLF' } as FileTemplate));

      const rule = async (data: Partial<NotificationRule>, recipient?: { email: string; name: string }) => {
        const created = await made(em.create(NotificationRule, { companyId, event: 'order_created', active: true, ...data } as NotificationRule));
        if (recipient) await made(em.create(NotificationRecipient, { companyId, rule: created, kind: 'email', email: recipient.email, name: recipient.name, cc: false } as NotificationRecipient));
      };
      for (const [nr, supplierId] of Object.entries(input.suppliers)) {
        await rule(
          {
            supplierId,
            name: DEMO_NOTIFICATIONS.supplierMailRule,
            type: 'E',
            emailFrom: SENDER.email,
            emailFromName: SENDER.name,
            emailTemplateId: supplierMail.id,
            attachmentTemplateId: file.id,
            attachmentName: 'bestellung_{{order.id}}.csv',
            serverId: mailServer.id,
          },
          addressOf(SUPPLIER_ADDRESSES, nr),
        );
        await rule({
          supplierId,
          name: DEMO_NOTIFICATIONS.supplierFileRule,
          type: 'F',
          attachmentTemplateId: file.id,
          attachmentName: 'bestellung_{{supplier.nr}}_{{order.id}}.csv',
          serverId: fileServer.id,
          path: '/',
        });
      }
      for (const [nr, customerId] of Object.entries(input.customers)) {
        await rule(
          {
            customerId,
            name: DEMO_NOTIFICATIONS.customerMailRule,
            type: 'E',
            emailFrom: SENDER.email,
            emailFromName: SENDER.name,
            emailTemplateId: customerMail.id,
            serverId: mailServer.id,
            allLocations: true,
          },
          addressOf(CUSTOMER_ADDRESSES, nr),
        );
      }
      return { created: true, updated: 0 };
    });
  } finally {
    await orm.close();
  }
}
