import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import type { BusReply } from './wire';

/**
 * What both client transports share: a request is one round trip answering a {@link BusReply}, turned
 * into Nest's callback protocol. Connections are owned by the composition root, not by the client.
 */
export abstract class BusClient extends ClientProxy {
  protected abstract roundTrip(pattern: string, data: unknown): Promise<BusReply>;

  async connect(): Promise<void> {
    // The transport is set up by the composition root.
  }

  close(): void {
    // The transport is closed by the composition root.
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    let disposed = false;
    this.roundTrip(this.normalizePattern(packet.pattern), packet.data).then(
      (reply) => {
        if (disposed) return;
        if (reply.ok) callback({ response: reply.data, isDisposed: true });
        else callback({ err: reply.err, isDisposed: true });
      },
      (error: unknown) => !disposed && callback({ err: error, isDisposed: true }),
    );
    return () => {
      disposed = true;
    };
  }
}
