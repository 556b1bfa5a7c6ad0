import { MikroORM } from '@mikro-orm/postgresql';
import { Role } from '@kanban/access';
import { IdentityEvents, type RestrictionsChanged } from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { type Database, tenantEm } from '@kanban/persistence';
import { hashPassword } from './auth/secrets';
import { AccessRestriction } from './users/access-restriction.entity';
import { Company } from './companies/company.entity';
import { identityData } from './identity.data';
import { Membership } from './users/membership.entity';
import { User } from './users/user.entity';

export const DEMO_PASSWORD = 'demo12345';

export const DEMO_USERS: { email: string; first: string; last: string; role: Role | null; operator?: boolean; app?: boolean }[] = [
  { email: 'operator@demo.example', first: 'Olivia', last: 'Operator', role: null, operator: true },
  { email: 'owner@demo.example', first: 'Oskar', last: 'Owner', role: Role.Owner },
  { email: 'admin@demo.example', first: 'Anna', last: 'Admin', role: Role.Admin, app: true },
  { email: 'writer@demo.example', first: 'Walter', last: 'Writer', role: Role.Writer },
  { email: 'readonly@demo.example', first: 'Rita', last: 'Readonly', role: Role.Readonly },
  { email: 'customer@demo.example', first: 'Carl', last: 'Customer', role: Role.Customer, app: true },
  { email: 'supplier@demo.example', first: 'Sophie', last: 'Supplier', role: Role.Supplier },
];

export interface IdentitySeed {
  demoCompanyId: number;
  otherCompanyId: number;
  users: Record<string, number>;
  /** the demo company's time zone (its company field) */
  demoTimeZone: string;
  /** true when this call created the demo tenants (a first start), false when they existed */
  created: boolean;
}

/** Demo tenants and logins; does nothing if they exist already. */
export async function seedIdentityDemo(database: Database): Promise<IdentitySeed> {
  const orm = await MikroORM.init(database.ormOptions(identityData));
  try {
    return await orm.em.fork().transactional(async (em) => {
      const existing = await em.findOne(Company, { name: 'Demo Distribution GmbH' });
      if (existing) {
        const other = await em.findOneOrFail(Company, { name: 'Other Industrial Supply AG' });
        const users = await em.find(User, { email: { $like: '%.example' } });
        return {
          demoCompanyId: existing.id,
          otherCompanyId: other.id,
          users: Object.fromEntries(users.map((u) => [u.email, u.id])),
          demoTimeZone: existing.timezone,
          created: false,
        };
      }
      const hash = await hashPassword(DEMO_PASSWORD);
      const demo = em.create(Company, {
        name: 'Demo Distribution GmbH',
        nr: 'D-1000',
        street: 'Industriestraße 12',
        postal: '70565',
        city: 'Stuttgart',
        countryIso: 'DE',
      } as Company);
      const other = em.create(Company, {
        name: 'Other Industrial Supply AG',
        nr: 'O-2000',
        city: 'Zürich',
        countryIso: 'CH',
        timezone: 'Europe/Zurich',
      } as Company);
      await em.flush();
      const users: Record<string, number> = {};
      const all = [...DEMO_USERS.map((u) => ({ ...u, company: demo })), { email: 'admin@other.example', first: 'Otto', last: 'Other', role: Role.Admin, company: other }];
      for (const u of all) {
        const user = em.create(User, {
          email: u.email,
          passwordHash: hash,
          firstName: u.first,
          lastName: u.last,
          initials: `${u.first[0]}${u.last[0]}`,
          operator: !!('operator' in u && u.operator),
          emailConfirmedAt: new Date(),
          prefLanguage: 'en',
        } as User);
        if (u.role !== null) {
          em.create(Membership, { companyId: u.company.id, user, role: u.role, app: !!('app' in u && u.app) } as Membership);
        }
        await em.flush();
        users[u.email] = user.id;
      }
      return { demoCompanyId: demo.id, otherCompanyId: other.id, users, demoTimeZone: demo.timezone, created: true };
    });
  } finally {
    await orm.close();
  }
}

/** One demo user's access restriction: exactly one of the ids (the catalog's records, named by the caller). */
export interface DemoRestriction {
  email: string;
  customer_id?: number;
  location_id?: number;
  supplier_id?: number;
}

/**
 * Access restrictions of demo users in a company. The identity seed cannot know the catalog's ids, so the
 * composition root passes them after both seeds. Each restricted user's set is announced like a change
 * through the API (`evt.identity.restrictions_changed` through the outbox), so the catalog's copy follows
 * by the same event once the services run. A user who has restrictions already is left alone.
 */
export async function seedDemoRestrictions(database: Database, companyId: number, restrictions: DemoRestriction[]): Promise<void> {
  const orm = await MikroORM.init(database.ormOptions(identityData));
  try {
    await orm.em.fork().transactional(async (fork) => {
      const em = tenantEm(fork, companyId);
      const byUser = new Map<number, DemoRestriction[]>();
      for (const restriction of restrictions) {
        const membership = await em.findOne(Membership, { user: { email: restriction.email } }, { populate: ['user'] });
        if (!membership) throw new Error(`demo restriction: ${restriction.email} is not a member of company ${companyId}`);
        const userId = membership.user.id;
        byUser.set(userId, [...(byUser.get(userId) ?? []), restriction]);
      }
      for (const [userId, wanted] of byUser) {
        if ((await em.count(AccessRestriction, { userId })) > 0) continue;
        for (const r of wanted) {
          em.create(AccessRestriction, {
            companyId,
            userId,
            customerId: r.customer_id ?? null,
            locationId: r.location_id ?? null,
            supplierId: r.supplier_id ?? null,
          } as AccessRestriction);
          await em.flush();
        }
        const event: RestrictionsChanged = {
          company_id: companyId,
          user_id: userId,
          restrictions: wanted.map((r) => ({ customer_id: r.customer_id ?? null, location_id: r.location_id ?? null, supplier_id: r.supplier_id ?? null })),
        };
        addToOutbox(em, IdentityEvents.membershipChanged, { company_id: companyId, user_id: userId });
        addToOutbox(em, IdentityEvents.restrictionsChanged, event);
        await em.flush();
      }
    });
  } finally {
    await orm.close();
  }
}
