import { Inject } from '@nestjs/common';
import { IngestSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';

@BusController()
export class HealthHandler {
  constructor(@Inject(unitOfWorkToken('ingest')) private readonly uow: UnitOfWork) {}

  @Handles(IngestSubjects.health)
  async health(): Promise<{ service: string; db: boolean }> {
    await this.uow.read((em) => em.execute('select 1'));
    return { service: 'ingest', db: true };
  }
}
