import { Inject } from '@nestjs/common';
import { NotificationsSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';

@BusController()
export class HealthHandler {
  constructor(@Inject(unitOfWorkToken('notifications')) private readonly uow: UnitOfWork) {}

  @Handles(NotificationsSubjects.health)
  async health(): Promise<{ service: string; db: boolean }> {
    await this.uow.read((em) => em.execute('select 1'));
    return { service: 'notifications', db: true };
  }
}
