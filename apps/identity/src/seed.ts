import { MikroORM } from '@mikro-orm/postgresql';
import { Role } from '@kanban/access';
import type { Database } from '@kanban/persistence';
import { hashPassword } from './auth/secrets';
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
        return { demoCompanyId: existing.id, otherCompanyId: other.id, users: Object.fromEntries(users.map((u) => [u.email, u.id])) };
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
      return { demoCompanyId: demo.id, otherCompanyId: other.id, users };
    });
  } finally {
    await orm.close();
  }
}
