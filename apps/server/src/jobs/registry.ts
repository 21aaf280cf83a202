import type { z } from 'zod';
import type { JobDefinition } from '../lib/queue.ts';

/** Every job the worker runs. Later modules add theirs here. */
export const jobs: JobDefinition<z.ZodType>[] = [];
