import { PROMPT_PART_LABELS, PROMPT_PARTS, type PromptPartTiming } from '@callwise/shared/call-prompt';

export type PreviewPart = PromptPartTiming;

/** "0:06", "1:02": a place in the preview, in whole seconds (rounded down, as a player's clock). */
export function clockTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * The parts of a preview from the server's `X-Audio-Parts` header (`[{"part":"disclosure","start":0,"end":4.2},
 * …]`), in order; an absent or unreadable header, or a part the app does not know, gives none.
 */
export function parsePreviewParts(header: string | null): PreviewPart[] {
  if (!header) return [];
  let value: unknown;
  try {
    value = JSON.parse(header);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const parts: PreviewPart[] = [];
  for (const item of value) {
    const { part, start, end } = (item ?? {}) as Record<string, unknown>;
    const known = (PROMPT_PARTS as readonly unknown[]).includes(part);
    if (!known || typeof start !== 'number' || typeof end !== 'number' || !(end >= start)) return [];
    parts.push({ part: part as PreviewPart['part'], start, end });
  }
  return parts;
}

/** "Disclosure 0:00 · Message 0:06 · Menu 0:21": where each part starts. */
export function partsLegend(parts: readonly PreviewPart[]): string {
  return parts.map((part) => `${PROMPT_PART_LABELS[part.part]} ${clockTime(part.start)}`).join(' · ');
}

/** The part playing at a time: the last one started by then (a pause belongs to the part before it). */
export function partAt(parts: readonly PreviewPart[], seconds: number): PreviewPart | null {
  let current: PreviewPart | null = null;
  for (const part of parts) if (part.start <= seconds) current = part;
  return current;
}
