import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ContactSubjects, type UserNamesReply, type UserNamesRequest } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { UsersRepository } from './users.repository';

/**
 * Display names ("first last", else the e-mail address) of users who are members of the company, for the
 * change log the gateway shows (the log stores user ids only; names are read when shown, so they are current).
 * With their sign-in address (the recipients of notification rules). At most 200 ids per request.
 */
@BusController()
export class UserNamesHandler {
  constructor(
    @Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
  ) {}

  @Handles(ContactSubjects.userNames)
  names(@Payload() p: UserNamesRequest): Promise<UserNamesReply> {
    const ids = [...new Set(p.ids.filter((id) => Number.isInteger(id) && id > 0))].slice(0, 200);
    if (ids.length === 0) return Promise.resolve([]);
    return this.uow.forCompany(p.company_id).read(async (em) => {
      const memberships = await this.users.membersAmong(em, ids);
      return memberships.map((m) => {
        const name = [m.user.firstName, m.user.lastName].filter((x) => x !== '').join(' ');
        return { id: m.user.id, name: name !== '' ? name : m.user.email, email: m.user.email };
      });
    });
  }
}
