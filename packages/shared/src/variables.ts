/**
 * Script variables: `{{first_name}}`, `{{last_name}}`, `{{name}}`, `{{date}}`, `{{time}}` and custom
 * `{{anything_else}}`. The first three are the recipient's ({@link recipientValues}); the picker lists the built-in
 * ones in this order.
 */
export const BUILT_IN_VARIABLES = ['first_name', 'last_name', 'name', 'date', 'time'] as const;

/** The variables filled from the person called (a contact, or the typed recipient name): never asked for. */
export const RECIPIENT_VARIABLES = ['name', 'first_name', 'last_name'] as const;
export type RecipientVariable = (typeof RECIPIENT_VARIABLES)[number];

export const isRecipientVariable = (name: string): name is RecipientVariable =>
  (RECIPIENT_VARIABLES as readonly string[]).includes(name);

/** What a recipient variable says when the call has no value for it ("Hi there"); absent: it needs a value. */
const FALLBACKS: Readonly<Record<string, string>> = { name: 'there', first_name: 'there' };

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

/** A full name as first name (its first word) and last name (the rest): "Maria Lopez Garcia" -> Maria, Lopez Garcia. */
export function splitName(fullName: string): { first: string; last: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { first: words[0] ?? '', last: words.slice(1).join(' ') };
}

/**
 * The recipient's variables: `name` is the full name; `first_name` and `last_name` are the person's own when set
 * (a contact may set them, e.g. "Dr. Maria Lopez" whose first name is Maria), else the first word of the name and
 * the words after the first name ("Dr. Maria Lopez" with the first name Maria: Lopez). Blank values are left out,
 * so that the template's fallback or its "needs a value" applies.
 */
export function recipientValues(person: {
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}): Partial<Record<RecipientVariable, string>> {
  const name = person.name?.trim() ?? '';
  const words = name.split(/\s+/).filter(Boolean);
  const first = person.first_name?.trim() || (words[0] ?? '');
  const at = person.first_name?.trim() ? words.indexOf(first) : 0;
  const last = person.last_name?.trim() || words.slice((at < 0 ? 0 : at) + 1).join(' ');
  return {
    ...(name ? { name } : {}),
    ...(first ? { first_name: first } : {}),
    ...(last ? { last_name: last } : {}),
  };
}

export type RenderResult = { ok: true; text: string } | { ok: false; missing: string[] };

/**
 * Fills the variables of a text. A missing or blank `name` or `first_name` becomes "there" ("Hi there"); any other
 * variable without a value — `last_name` of a one-word name included — is an error, never a silent blank.
 */
export function renderTemplate(text: string, values: Record<string, string | undefined>): RenderResult {
  // Own values only: a variable may be called {{constructor}}.
  const valueFor = (name: string) => (Object.hasOwn(values, name) ? values[name]?.trim() : undefined);
  const missing = variablesIn(text).filter((name) => !Object.hasOwn(FALLBACKS, name) && !valueFor(name));
  if (missing.length > 0) return { ok: false, missing };
  return {
    ok: true,
    text: text.replace(VARIABLE, (_whole, name: string) => valueFor(name) || (FALLBACKS[name] as string)),
  };
}
