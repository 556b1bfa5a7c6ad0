interface Entry<P> {
  id: number;
  /** the connection (the client's stream) the message came on */
  connection: unknown;
  taken: boolean;
  /** the client's acknowledgement, once it made it */
  packet: P | null;
}

/**
 * The acknowledgements (PUBACK) of one MQTT connection's QoS 1 messages, each held until its message was taken
 * (its readings are in the work stream or stored), then sent in the order the messages came (MQTT 3.1.1 and 5: a
 * client acknowledges QoS 1 messages in the order it received them). Why: the MQTT client hands a connection's next
 * message over only after the previous one's acknowledgement was made; holding the acknowledgement here instead lets
 * the client go on (the broker sends up to the connection's Receive Maximum unacknowledged messages), so many
 * messages of a connection are taken together and their acknowledgements go out in one write.
 *
 * An acknowledgement of a connection that has since closed is dropped, never sent on the next one (a new session's
 * message of the same id would be acknowledged before it was taken); the broker sends such a message again or not, as
 * its session says, and the store keeps a reading once per sensor and time.
 */
export class AckQueue<P> {
  private readonly queue: Entry<P>[] = [];
  private readonly byId = new Map<number, Entry<P>>();

  constructor(
    /** the connection now: the client's stream while connected, else null */
    private readonly connection: () => unknown,
    /** sends an acknowledgement on the connection */
    private readonly write: (packet: P) => void,
  ) {}

  /** A message of this id came: its acknowledgement will wait for {@link taken}. */
  receive(id: number): Entry<P> {
    const entry: Entry<P> = { id, connection: this.connection(), taken: false, packet: null };
    this.queue.push(entry);
    this.byId.set(id, entry);
    return entry;
  }

  /** The message was taken (or given up): its acknowledgement may go once those before it went. */
  taken(entry: Entry<P>): void {
    entry.taken = true;
    this.flush();
  }

  /**
   * The client acknowledges message `id`: held until the message was taken (true); false when no message of this id
   * waits here (the caller sends it as usual).
   */
  hold(id: number, packet: P): boolean {
    const entry = this.byId.get(id);
    if (!entry || entry.packet !== null) return false;
    this.byId.delete(id);
    entry.packet = packet;
    this.flush();
    return true;
  }

  /** Messages whose acknowledgement has not gone yet. */
  get size(): number {
    return this.queue.length;
  }

  private flush(): void {
    const now = this.connection();
    while (this.queue.length > 0) {
      const entry = this.queue[0]!;
      if (entry.connection !== now) {
        // its connection closed: never acknowledged on another
        this.queue.shift();
        if (this.byId.get(entry.id) === entry) this.byId.delete(entry.id);
        continue;
      }
      if (!entry.taken || entry.packet === null) return;
      this.queue.shift();
      this.write(entry.packet);
    }
  }
}
