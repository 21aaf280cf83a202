import { findVoice, VOICES } from '@callwise/shared/voices';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { SelectField } from '@/components/form-parts/select-field';
import { VoiceOptions } from '@/components/voice-options';
import { useVoices } from '@/lib/voices';

/**
 * The voices to choose from: the server's list (with what the plan allows), or all six while it loads; and
 * whether they are the offline ones.
 */
export function useVoiceList() {
  const voices = useVoices();
  return {
    voiceList: voices.data?.data ?? VOICES.map((voice) => ({ ...voice, available: true })),
    offline: voices.data?.provider === 'espeak',
  };
}

/**
 * The AI voice drop-down. With `detailed`, the chosen voice shows with its tone and the offline voices say so
 * under it; otherwise only its name shows.
 */
export function VoiceField<T extends FieldValues>({
  control,
  name,
  id,
  detailed = false,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  detailed?: boolean;
}) {
  const { voiceList, offline } = useVoiceList();
  const note = detailed && offline;
  return (
    <SelectField
      control={control}
      name={name}
      id={id}
      label="AI voice"
      description={note ? 'Offline voices (eSpeak NG).' : undefined}
      described={note}
      display={(value) => {
        if (!detailed) return findVoice(value)?.name ?? value;
        const voice = voiceList.find((item) => item.id === value) ?? findVoice(value);
        return voice ? (
          <span>
            {voice.name}
            <span className="text-muted-foreground"> · {voice.tone}</span>
          </span>
        ) : (
          value
        );
      }}
    >
      <VoiceOptions voices={voiceList} />
    </SelectField>
  );
}
