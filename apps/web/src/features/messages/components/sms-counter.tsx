import { formatCost } from '@callwise/shared/format';
import { smsCost, smsSize } from '@callwise/shared/sms';

/** "12 characters · 1 segment · GSM-7 · $0.0079", and which characters force UCS-2 when some do. */
export function smsCounterText(body: string): string {
  const size = smsSize(body);
  const parts = [
    `${size.characters.toLocaleString()} ${size.characters === 1 ? 'character' : 'characters'}`,
    `${size.segments} ${size.segments === 1 ? 'segment' : 'segments'}`,
    size.encoding,
    formatCost(smsCost(size.segments)),
  ];
  const line = parts.join(' · ');
  if (size.nonGsmCharacters.length === 0) return line;
  return `${line}. UCS-2 because of: ${size.nonGsmCharacters.join(' ')}`;
}

/** The live size and price of a text being written. */
export function SmsCounter({ id, body }: { id: string; body: string }) {
  return (
    <p id={id} data-testid="sms-counter" className="text-[0.8125rem] text-muted-foreground tabular-nums">
      {smsCounterText(body)}
    </p>
  );
}
