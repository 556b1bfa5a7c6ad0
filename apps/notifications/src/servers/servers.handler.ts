import { Payload } from '@nestjs/microservices';
import { type BusRequest, ServerSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { ServersService } from './servers.service';

/** The company's servers over the bus (the gateway's `server` calls). */
@BusController()
export class ServersHandler {
  constructor(private readonly servers: ServersService) {}

  @Handles(ServerSubjects.list)
  list(@Payload() p: BusRequest<'notifications.server.list'>) {
    return this.servers.list(p.caller, p.query);
  }

  @Handles(ServerSubjects.get)
  get(@Payload() p: BusRequest<'notifications.server.get'>) {
    return this.servers.get(p.caller, p.id);
  }

  @Handles(ServerSubjects.create)
  create(@Payload() p: BusRequest<'notifications.server.create'>) {
    return this.servers.create(p.caller, p.input);
  }

  @Handles(ServerSubjects.update)
  update(@Payload() p: BusRequest<'notifications.server.update'>) {
    return this.servers.update(p.caller, p.id, p.input);
  }

  @Handles(ServerSubjects.verify)
  verify(@Payload() p: BusRequest<'notifications.server.verify'>) {
    return this.servers.verify(p.caller, p.id);
  }

  @Handles(ServerSubjects.delete)
  async remove(@Payload() p: BusRequest<'notifications.server.delete'>): Promise<null> {
    await this.servers.remove(p.caller, p.id);
    return null;
  }
}
