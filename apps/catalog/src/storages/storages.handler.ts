import { Payload } from '@nestjs/microservices';
import { type BusRequest, StorageSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { StoragesService } from './storages.service';

@BusController()
export class StoragesHandler {
  constructor(private readonly storages: StoragesService) {}

  @Handles(StorageSubjects.list)
  list(@Payload() p: BusRequest<'catalog.storage.list'>) {
    return this.storages.list(p.caller, p, p.query);
  }

  @Handles(StorageSubjects.get)
  get(@Payload() p: BusRequest<'catalog.storage.get'>) {
    return this.storages.get(p.caller, p, p.storageId);
  }

  @Handles(StorageSubjects.create)
  create(@Payload() p: BusRequest<'catalog.storage.create'>) {
    return this.storages.create(p.caller, p, p.input);
  }

  @Handles(StorageSubjects.update)
  update(@Payload() p: BusRequest<'catalog.storage.update'>) {
    return this.storages.update(p.caller, p, p.storageId, p.input);
  }

  @Handles(StorageSubjects.delete)
  remove(@Payload() p: BusRequest<'catalog.storage.delete'>) {
    return this.storages.remove(p.caller, p, p.storageId);
  }
}
