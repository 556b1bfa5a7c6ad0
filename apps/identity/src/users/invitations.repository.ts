import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Invitation } from './invitation.entity';
import type { User } from './user.entity';

/**
 * The queries of invitations of existing accounts (docs/users.md), each with the invited user. Company-scoped calls
 * take the entity manager bound to the company; invitations are created and removed by the service.
 */
@Injectable()
export class InvitationsRepository {
  /** The bound company's open invitation of a user. */
  ofUser(em: EntityManager, user: User): Promise<Invitation | null> {
    return em.findOne(Invitation, { user }, { populate: ['user'] });
  }

  /** The bound company's invitations, newest first. */
  ofCompany(em: EntityManager): Promise<Invitation[]> {
    return em.find(Invitation, {}, { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  /** Deletes an invitation of the bound company; answers whether there was one. */
  async delete(em: EntityManager, id: number): Promise<boolean> {
    return (await em.nativeDelete(Invitation, { id })) > 0;
  }

  /** The invitation of a link's token id, in any company. */
  byToken(em: EntityManager, tokenId: string): Promise<Invitation | null> {
    return em.findOne(Invitation, { tokenId }, { filters: { tenant: false }, populate: ['user'] });
  }

  /**
   * The invitation, locked until the transaction ends (two accepts at once: the second waits here and then finds it
   * gone); null when it is gone.
   */
  async locked(em: EntityManager, id: number): Promise<Invitation | null> {
    const locked = await em.execute<{ id: number }[]>('select id from identity.invitation where id = ? for update', [id]);
    return locked.length > 0 ? em.findOne(Invitation, { id }, { populate: ['user'] }) : null;
  }
}
