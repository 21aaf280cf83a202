import { jobSender } from '../infra/queue.ts';
import type { ServerJob } from './registry.ts';

/**
 * The one way the server sends a job: `sendJob(queue, NAME, payload, options?)`. The name must be one of the jobs
 * the worker runs (`jobs/registry.ts`) and the payload what that job's schema takes, or it does not compile.
 */
export const sendJob = jobSender<ServerJob>();

/** The name of a job the server runs. */
export type JobName = ServerJob['name'];
