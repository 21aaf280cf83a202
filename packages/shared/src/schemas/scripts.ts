import { z } from 'zod';
import { SCRIPT_CATEGORIES } from '../calls.ts';

export const scriptSchema = z.object({
  id: z.uuid().describe('The script’s id'),
  title: z.string().describe('Its title'),
  content: z.string().describe('The text spoken, with {{variables}}'),
  category: z.enum(SCRIPT_CATEGORIES).describe('general, Reminder, Sales or Support'),
  variables: z.array(z.string()).describe('The {{variables}} the content uses'),
  created_at: z.iso.datetime().describe('When the script was created'),
  updated_at: z.iso.datetime().describe('When the script last changed'),
});
export type Script = z.infer<typeof scriptSchema>;

export const createScriptInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200).describe('Its title'),
    content: z
      .string()
      .trim()
      .min(1, 'Content is required')
      .max(5000)
      .describe('The text to speak; may use {{name}}, {{date}}, {{time}} and your own {{variables}}'),
    category: z.enum(SCRIPT_CATEGORIES).default('general').describe('general, Reminder, Sales or Support'),
  })
  .strict();
export type CreateScriptInput = z.input<typeof createScriptInputSchema>;

export const updateScriptInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200).describe('Its title'),
    content: z.string().trim().min(1, 'Content is required').max(5000).describe('The text to speak'),
    category: z.enum(SCRIPT_CATEGORIES).describe('general, Reminder, Sales or Support'),
  })
  .partial()
  .strict();
export type UpdateScriptInput = z.infer<typeof updateScriptInputSchema>;

export const listScriptsQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Search title and content'),
  category: z.enum(SCRIPT_CATEGORIES).optional().describe('Only scripts of this category'),
});
