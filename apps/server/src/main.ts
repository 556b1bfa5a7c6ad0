import { startEmbedded } from './embedded';

/** `npm start`: the whole product in one process. */
startEmbedded()
  .then((system) => {
    console.log(`Kanban platform running at ${system.url} (data in ${system.dataDir ?? 'memory'}, mail in ${system.mailDir})`);
    if (system.demoOutbox) console.log(`Demo notifications: mails in ${system.demoOutbox.mailDir}, files in ${system.demoOutbox.filesDir}`);
    const stop = () => void system.close().finally(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
