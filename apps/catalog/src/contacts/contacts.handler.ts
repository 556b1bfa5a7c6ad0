import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ContactSubjects,
  type ChangeListQuery,
  type CompanyCaller,
  type ContactInput,
  type ContactListQuery,
  type ContactParent,
} from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { ChangesService } from '../changes/changes.service';
import { ContactsService } from './contacts.service';

type At = { caller: CompanyCaller; parent: ContactParent };

@BusController()
export class ContactsHandler {
  constructor(
    private readonly contacts: ContactsService,
    private readonly changes: ChangesService,
  ) {}

  @MessagePattern(ContactSubjects.list)
  list(@Payload() p: At & { query: ContactListQuery }) {
    return this.contacts.list(p.caller, p.parent, p.query);
  }

  @MessagePattern(ContactSubjects.get)
  get(@Payload() p: At & { contactId: number }) {
    return this.contacts.get(p.caller, p.parent, p.contactId);
  }

  @MessagePattern(ContactSubjects.create)
  create(@Payload() p: At & { input: ContactInput }) {
    return this.contacts.create(p.caller, p.parent, p.input);
  }

  @MessagePattern(ContactSubjects.update)
  update(@Payload() p: At & { contactId: number; input: ContactInput }) {
    return this.contacts.update(p.caller, p.parent, p.contactId, p.input);
  }

  @MessagePattern(ContactSubjects.remove)
  async remove(@Payload() p: At & { contactId: number }): Promise<null> {
    await this.contacts.remove(p.caller, p.parent, p.contactId);
    return null;
  }

  @MessagePattern(ContactSubjects.setMain)
  setMain(@Payload() p: At & { contactId: number }) {
    return this.contacts.setMain(p.caller, p.parent, p.contactId);
  }

  @MessagePattern(ContactSubjects.rules)
  rules(@Payload() p: At & { contactId: number }) {
    return this.contacts.rules(p.caller, p.parent, p.contactId);
  }

  @MessagePattern(ContactSubjects.changes)
  changesOf(@Payload() p: At & { query: ChangeListQuery }) {
    return this.changes.list(p.caller, p.parent, p.query);
  }
}
