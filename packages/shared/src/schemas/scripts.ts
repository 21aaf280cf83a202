import { z } from 'zod';
import { SCRIPT_CATEGORIES } from '../calls.ts';

export const scriptSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  category: z.enum(SCRIPT_CATEGORIES),
  variables: z.array(z.string()).describe('The {{variables}} the content uses'),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Script = z.infer<typeof scriptSchema>;

export const createScriptInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200),
    content: z.string().trim().min(1, 'Content is required').max(5000),
    category: z.enum(SCRIPT_CATEGORIES).default('general'),
  })
  .strict();
export type CreateScriptInput = z.input<typeof createScriptInputSchema>;

export const updateScriptInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200),
    content: z.string().trim().min(1, 'Content is required').max(5000),
    category: z.enum(SCRIPT_CATEGORIES),
  })
  .partial()
  .strict();
export type UpdateScriptInput = z.infer<typeof updateScriptInputSchema>;

export const listScriptsQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Search title and content'),
  category: z.enum(SCRIPT_CATEGORIES).optional(),
});
