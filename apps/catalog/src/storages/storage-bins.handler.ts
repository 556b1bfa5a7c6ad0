import { Payload } from '@nestjs/microservices';
import { type BusRequest, StorageSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { StorageBinsService } from './storage-bins.service';

@BusController()
export class StorageBinsHandler {
  constructor(private readonly bins: StorageBinsService) {}

  @Handles(StorageSubjects.listBins)
  list(@Payload() p: BusRequest<'catalog.storage.bins.list'>) {
    return this.bins.list(p.caller, p, p.storageId);
  }

  @Handles(StorageSubjects.putBin)
  put(@Payload() p: BusRequest<'catalog.storage.bins.put'>) {
    return this.bins.put(p.caller, p, p.storageId, p.row, p.column, p.input);
  }

  @Handles(StorageSubjects.binImages)
  images(@Payload() p: BusRequest<'catalog.storage.bins.images'>) {
    return this.bins.itemImages(p.caller, p, p.storageId, p.itemIds);
  }

  @Handles(StorageSubjects.clearBin)
  clear(@Payload() p: BusRequest<'catalog.storage.bins.clear'>) {
    return this.bins.clear(p.caller, p, p.storageId, p.row, p.column);
  }
}
