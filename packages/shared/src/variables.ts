/** Script variables: `{{name}}`, `{{date}}`, `{{time}}` and custom `{{anything_else}}`. */
export const BUILT_IN_VARIABLES = ['name', 'date', 'time'] as const;

const VARIABLE = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]{0,39})\s*\}\}/g;

/** The distinct variables a text uses, in order of first use. */
export function variablesIn(text: string): string[] {
  const seen: string[] = [];
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1] as string;
    if (!seen.includes(name)) seen.push(name);
  }
  return seen;
}

export type RenderResult = { ok: true; text: string } | { ok: false; missing: string[] };

/**
 * Fills the variables of a text. A missing or blank `name` becomes "there" ("Hi there"); any other variable
 * without a value is an error, never a silent blank.
 */
export function renderTemplate(text: string, values: Record<string, string | undefined>): RenderResult {
  const missing = variablesIn(text).filter((name) => name !== 'name' && !values[name]?.trim());
  if (missing.length > 0) return { ok: false, missing };
  return {
    ok: true,
    text: text.replace(VARIABLE, (_whole, name: string) => {
      const value = values[name]?.trim();
      return name === 'name' ? value || 'there' : (value as string);
    }),
  };
}
