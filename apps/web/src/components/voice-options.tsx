import { SelectContent, SelectItem } from '@/components/ui/select';

export interface VoiceOption {
  id: string;
  name: string;
  tone: string;
  gender: string;
  /** In the account's plan. */
  available: boolean;
}

/** The voices of a voice picker: name, tone and gender, with the ones outside the plan shown but disabled. */
export function VoiceOptions({ voices }: { voices: readonly VoiceOption[] }) {
  return (
    <SelectContent>
      {voices.map((voice) => (
        <SelectItem key={voice.id} value={voice.id} disabled={!voice.available} textValue={voice.name}>
          <span className="flex min-w-0 flex-col">
            <span>
              {voice.name}
              <span className="text-muted-foreground">
                {' '}
                · {voice.tone}, {voice.gender}
              </span>
            </span>
            {!voice.available && <span className="text-xs text-muted-foreground">Not in your plan</span>}
          </span>
        </SelectItem>
      ))}
    </SelectContent>
  );
}
