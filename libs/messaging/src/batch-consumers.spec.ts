import { InProcessBroker, InProcessServer } from './in-process';

/**
 * A batch consumer (`@OnEvents`) must be its subject's only consumer in a process (Nest chains the handlers of one
 * subject and would hand a batch to a consumer of single events): the server refuses to listen otherwise.
 */
describe('batch consumers', () => {
  const server = (handlers: { batch: boolean }[]): InProcessServer => {
    const s = new InProcessServer(new InProcessBroker());
    for (const h of handlers) s.addHandler('evt.orders.changed', async () => undefined, true, h.batch ? { batch: true } : {});
    return s;
  };
  const listens = (s: InProcessServer): boolean => {
    let listened = false;
    s.listen(() => (listened = true));
    return listened;
  };

  it('listens with a batch consumer alone, or with several consumers of single events', () => {
    expect(listens(server([{ batch: true }]))).toBe(true);
    expect(listens(server([{ batch: false }, { batch: false }]))).toBe(true);
  });

  it('refuses a batch consumer beside another consumer of its subject, before or after it', () => {
    const message = 'evt.orders.changed: a batch consumer (@OnEvents) must be the only consumer of its subject in a process';
    expect(() => listens(server([{ batch: true }, { batch: false }]))).toThrow(message);
    expect(() => listens(server([{ batch: false }, { batch: true }]))).toThrow(message);
    expect(() => listens(server([{ batch: false }, { batch: false }, { batch: true }]))).toThrow(message);
  });
});
