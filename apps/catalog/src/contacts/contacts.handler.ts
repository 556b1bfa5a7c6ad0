import { Payload } from '@nestjs/microservices';
import {
  type BusRequest,
  ContactSubjects,
} from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { ChangesService } from '../changes/changes.service';
import { ContactsService } from './contacts.service';

@BusController()
export class ContactsHandler {
  constructor(
    private readonly contacts: ContactsService,
    private readonly changes: ChangesService,
  ) {}

  @Handles(ContactSubjects.list)
  list(@Payload() p: BusRequest<'catalog.contact.list'>) {
    return this.contacts.list(p.caller, p.parent, p.query);
  }

  @Handles(ContactSubjects.get)
  get(@Payload() p: BusRequest<'catalog.contact.get'>) {
    return this.contacts.get(p.caller, p.parent, p.contactId);
  }

  @Handles(ContactSubjects.create)
  create(@Payload() p: BusRequest<'catalog.contact.create'>) {
    return this.contacts.create(p.caller, p.parent, p.input);
  }

  @Handles(ContactSubjects.update)
  update(@Payload() p: BusRequest<'catalog.contact.update'>) {
    return this.contacts.update(p.caller, p.parent, p.contactId, p.input);
  }

  @Handles(ContactSubjects.remove)
  async remove(@Payload() p: BusRequest<'catalog.contact.delete'>): Promise<null> {
    await this.contacts.remove(p.caller, p.parent, p.contactId);
    return null;
  }

  @Handles(ContactSubjects.setMain)
  setMain(@Payload() p: BusRequest<'catalog.contact.set_main'>) {
    return this.contacts.setMain(p.caller, p.parent, p.contactId);
  }

  @Handles(ContactSubjects.rules)
  rules(@Payload() p: BusRequest<'catalog.contact.rules'>) {
    return this.contacts.rules(p.caller, p.parent, p.contactId);
  }

  @Handles(ContactSubjects.changes)
  changesOf(@Payload() p: BusRequest<'catalog.changes.list'>) {
    return this.changes.list(p.caller, p.parent, p.query);
  }
}
