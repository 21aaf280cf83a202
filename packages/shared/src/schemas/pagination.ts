import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** `?limit=&cursor=`: newest first; `next_cursor` of one page fetches the next. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`How many items to return (1-${MAX_PAGE_SIZE}).`),
  cursor: z.string().max(200).optional().describe('The next_cursor of the previous page.'),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item).describe('This page’s items, newest first'),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as cursor to get the next page; null on the last page.'),
  });
}
