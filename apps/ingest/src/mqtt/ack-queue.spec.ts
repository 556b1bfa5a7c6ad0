import { AckQueue } from './ack-queue';

describe('AckQueue', () => {
  it('sends an acknowledgement only once its message was taken, in the order the messages came', () => {
    const sent: string[] = [];
    const connection = {};
    const acks = new AckQueue<string>(
      () => connection,
      (packet) => sent.push(packet),
    );
    const first = acks.receive(1);
    expect(acks.hold(1, 'ack 1')).toBe(true);
    const second = acks.receive(2);
    expect(acks.hold(2, 'ack 2')).toBe(true);
    const third = acks.receive(3);
    expect(acks.hold(3, 'ack 3')).toBe(true);
    expect(sent).toEqual([]);
    // the second is taken before the first: it waits for it
    acks.taken(second);
    expect(sent).toEqual([]);
    acks.taken(first);
    expect(sent).toEqual(['ack 1', 'ack 2']);
    acks.taken(third);
    expect(sent).toEqual(['ack 1', 'ack 2', 'ack 3']);
    expect(acks.size).toBe(0);
  });

  it('waits for the client’s acknowledgement when the take was quicker, and passes over ids it does not hold', () => {
    const sent: string[] = [];
    const acks = new AckQueue<string>(
      () => 'c',
      (packet) => sent.push(packet),
    );
    const entry = acks.receive(7);
    acks.taken(entry);
    expect(sent).toEqual([]);
    expect(acks.hold(7, 'ack 7')).toBe(true);
    expect(sent).toEqual(['ack 7']);
    // an id that came before (already sent) or never: the caller sends it as usual
    expect(acks.hold(7, 'again')).toBe(false);
    expect(acks.hold(8, 'ack 8')).toBe(false);
  });

  it('drops the acknowledgements of a closed connection instead of sending them on the next one', () => {
    const sent: string[] = [];
    let connection: object | null = { n: 1 };
    const acks = new AckQueue<string>(
      () => connection,
      (packet) => sent.push(packet),
    );
    const old = acks.receive(1);
    acks.hold(1, 'old ack 1');
    connection = null;
    connection = { n: 2 };
    // the new session's message 1 (the same id) must not be acknowledged by the old one's take
    const fresh = acks.receive(1);
    acks.hold(1, 'new ack 1');
    acks.taken(old);
    expect(sent).toEqual([]);
    acks.taken(fresh);
    expect(sent).toEqual(['new ack 1']);
    expect(acks.size).toBe(0);
  });
});
