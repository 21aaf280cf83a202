// The server once its entry (server.ts) has read the configuration and started opening the database: the
// runtime, then the HTTP API (ROLE=all|api) and the call engine (ROLE=all|worker).
import { PRODUCT_NAME } from '@callwise/shared/product';
import type { Logger as PinoLogger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openRuntime, type RuntimeOptions } from './runtime.ts';

export async function startServer(
  config: Config,
  bootLog: PinoLogger,
  started: Pick<RuntimeOptions, 'dataDir' | 'pgliteFiles'>,
) {
  bootLog.debug({ phase: 'modules loaded', ms: Math.round(performance.now()) }, 'startup');
  const runtime = await openRuntime(config, bootLog, started);

  if (config.ROLE === 'worker') {
    await runtime.startJobs();
    await runtime.services.engine.start();
    bootLog.info(`${PRODUCT_NAME} worker running (${runtime.database.kind})`);
    onShutdown(bootLog, async () => runtime.close());
    return;
  }

  const app = await buildApp({
    config,
    database: runtime.database,
    queue: runtime.queue,
    services: runtime.services,
  });
  bootLog.debug({ phase: 'app built', ms: Math.round(performance.now()) }, 'startup');
  app.addHook('onClose', async () => runtime.close());
  onShutdown(bootLog, async () => app.close());

  await app.listen({ port: config.PORT, host: config.HOST });
  // Jobs run and calls are placed once the API answers: neither the workers' first looks for work nor a backlog
  // of due calls delays the start. What is sent meanwhile waits in its queue.
  await runtime.startJobs();
  if (config.ROLE === 'all') await runtime.services.engine.start();
  bootLog.debug({ phase: 'listening', ms: Math.round(performance.now()) }, 'startup');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL.replace(`:${config.PORT}`, `:${port}`);
  // The one line a person looks for.
  console.log(
    `${PRODUCT_NAME} is running at ${url} (role ${config.ROLE}, database ${runtime.database.kind})`,
  );
}

/** SIGINT/SIGTERM: finish in-flight requests and jobs, close the database cleanly, then exit. A second signal exits at once. */
function onShutdown(bootLog: PinoLogger, close: () => Promise<void>) {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      bootLog.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    bootLog.info(`${signal} received: shutting down`);
    const timer = setTimeout(() => {
      bootLog.error('shutdown took longer than 20 s: exiting');
      process.exit(1);
    }, 20_000);
    timer.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        bootLog.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
