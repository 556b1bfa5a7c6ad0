import { Inject } from '@nestjs/common';
import { SupplySubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';

@BusController()
export class HealthHandler {
  constructor(@Inject(unitOfWorkToken('supply')) private readonly uow: UnitOfWork) {}

  @Handles(SupplySubjects.health)
  async health(): Promise<{ service: string; db: boolean }> {
    await this.uow.read((em) => em.execute('select 1'));
    return { service: 'supply', db: true };
  }
}
