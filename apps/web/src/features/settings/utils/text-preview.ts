import type { TEXT_TEMPLATE_VARIABLES } from '@callwise/shared/schemas/messages';
import { type SmsEncoding, smsCost, smsSize } from '@callwise/shared/sms';
import { renderTemplate } from '@callwise/shared/variables';

/** The person a preview is written to. */
export const SAMPLE_RECIPIENT = { first_name: 'Maria', name: 'Maria Garcia' } as const;

export type TextPreview =
  | {
      ok: true;
      /** The text as Maria would read it. */
      text: string;
      characters: number;
      segments: number;
      encoding: SmsEncoding;
      /** The characters that force UCS-2, each once. */
      nonGsmCharacters: string[];
      /** What one such text costs, in US dollars. */
      cost: number;
    }
  | { ok: false; missing: string[] };

/**
 * A text template filled in for the sample recipient and the business (only the variables texts have: any other
 * is `missing`), with its size as the carrier bills it.
 */
export function previewText(template: string, businessName: string): TextPreview {
  const values: Record<(typeof TEXT_TEMPLATE_VARIABLES)[number], string> = {
    ...SAMPLE_RECIPIENT,
    business_name: businessName,
  };
  const filled = renderTemplate(template.trim(), values);
  if (!filled.ok) return filled;
  const size = smsSize(filled.text);
  return { ok: true, text: filled.text, ...size, cost: smsCost(size.segments) };
}

/** "160 characters · 1 segment · GSM-7 · about $0.0079 each". */
export function sizeLine(preview: Extract<TextPreview, { ok: true }>): string {
  const { characters, segments, encoding, cost } = preview;
  return [
    `${characters.toLocaleString()} ${characters === 1 ? 'character' : 'characters'}`,
    `${segments} ${segments === 1 ? 'segment' : 'segments'}`,
    encoding,
    `about $${cost.toFixed(4)} each`,
  ].join(' · ');
}
