import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CatalogBroadcasts, type CatalogDataChanged } from '@kanban/contracts';
import { BROADCASTS, type Broadcasts } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { restrictionCacheOf } from '../restrictions/restriction-cache';

/**
 * After every committed catalog write, tells the gateways (all replicas) that the company's catalog answers
 * changed, so their read caches drop what they kept (see ReadCache). A notice is a hint, not a durable event:
 * a lost one is bounded by the caches' time to live.
 */
@Injectable()
export class CatalogChangeNotices implements OnModuleInit, OnModuleDestroy {
  private stopListening?: () => void;

  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    @Inject(BROADCASTS) private readonly broadcasts: Broadcasts,
  ) {}

  onModuleInit(): void {
    this.uow.onCommit((companyId) => {
      const notice: CatalogDataChanged = { company_id: companyId };
      this.broadcasts.publish(CatalogBroadcasts.changed, notice);
    });
    // Other catalog replicas' writes (restriction copies included) reach this process's restriction cache too.
    this.stopListening = restrictionCacheOf(this.uow).listen(this.broadcasts);
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }
}
