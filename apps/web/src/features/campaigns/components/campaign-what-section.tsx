import type { CallType } from '@callwise/shared/calls';
import type { Script } from '@callwise/shared/schemas/scripts';
import type { UseFormReturn } from 'react-hook-form';
import { CallTypeOptions } from '@/components/call-setup/call-type-options';
import { VariableValues } from '@/components/call-setup/variable-values';
import { VoiceField } from '@/components/call-setup/voice-field';
import { fieldAria } from '@/components/form-parts/field-aria';
import { FormSection } from '@/components/form-parts/form-section';
import { SelectField } from '@/components/form-parts/select-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectContent, SelectItem } from '@/components/ui/select';
import { SCRIPT_OPTIONS_SIZE, useScriptOptions } from '@/features/campaigns/api/get-script-options';
import type { CampaignFormValues } from '@/features/campaigns/utils/campaign-form';

/** What the campaign says: its name, the script (its text shown) and the values it needs, call type and voice. */
export function CampaignWhatSection({
  form,
  script,
  needed,
  callType,
}: {
  form: UseFormReturn<CampaignFormValues>;
  script: Script | null;
  needed: string[];
  callType: CallType;
}) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const scripts = useScriptOptions();
  const scriptList = scripts.data?.data ?? [];
  const scriptHint = scripts.isError
    ? 'Your scripts could not be loaded.'
    : scripts.data && scriptList.length === 0
      ? 'You have no scripts yet: write one on the Scripts page first.'
      : scripts.data?.next_cursor
        ? `Your ${SCRIPT_OPTIONS_SIZE} newest scripts.`
        : undefined;
  return (
    <FormSection id="campaign-section-what" title="What" description="The campaign’s name, script and voice.">
      <FormField id="campaign-name" label="Campaign name" error={errors.name?.message}>
        <Input
          id="campaign-name"
          autoComplete="off"
          placeholder="March cleaning reminders"
          aria-required="true"
          {...fieldAria('campaign-name', errors.name?.message)}
          {...register('name')}
        />
      </FormField>
      <SelectField
        control={control}
        name="scriptId"
        id="campaign-script"
        label="Script"
        description={scriptHint}
        described={scripts.isError || scriptList.length === 0 || Boolean(scripts.data?.next_cursor)}
        placeholder="Choose a script"
        loading={scripts.isPending}
        disabled={scriptList.length === 0}
        required
        onPick={(id) => setValue('scriptContent', scriptList.find((item) => item.id === id)?.content ?? '')}
      >
        <SelectContent>
          {scriptList.map((item) => (
            <SelectItem key={item.id} value={item.id}>
              {item.title}
            </SelectItem>
          ))}
        </SelectContent>
      </SelectField>
      {script && (
        <blockquote
          className="rounded-lg border-l-2 border-primary bg-muted/40 px-4 py-3 text-sm whitespace-pre-line text-muted-foreground"
          aria-label="The script’s text"
        >
          {script.content}
        </blockquote>
      )}
      <VariableValues
        names={needed}
        idPrefix="campaign-variable"
        legend="Values for every call"
        note={
          <p className="text-[0.8125rem] text-muted-foreground">
            {'{{first_name}}'}, {'{{last_name}}'} and {'{{name}}'} are each contact’s name and {'{{company}}'}{' '}
            their company; the script also needs:
          </p>
        }
        errors={errors.variables}
        register={(name) => register(`variables.${name}`)}
        testId="campaign-values"
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="callType"
          id="campaign-call-type"
          label="Call type"
          description={
            callType === 'promotional'
              ? 'Promotional calls need marketing consent.'
              : 'Needs consent or an existing customer.'
          }
          described
        >
          <CallTypeOptions />
        </SelectField>
        <VoiceField control={control} name="voice" id="campaign-voice" />
      </div>
    </FormSection>
  );
}
