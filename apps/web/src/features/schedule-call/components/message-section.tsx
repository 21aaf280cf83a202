import type { Script } from '@callwise/shared/schemas/scripts';
import type { UseFormReturn } from 'react-hook-form';
import { VariableValues } from '@/components/call-setup/variable-values';
import { fieldAria } from '@/components/form-parts/field-aria';
import { FormSection } from '@/components/form-parts/form-section';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { VariableHelper } from '@/components/variable-helper';
import { ScriptPicker } from '@/features/schedule-call/components/script-picker';
import type { MessageBox } from '@/features/schedule-call/hooks/use-message-box';
import type { ScheduleFormValues } from '@/features/schedule-call/utils/schedule-form';
import { QUICK_TEMPLATES, type QuickTemplate } from '@/features/schedule-call/utils/templates';

const VALUE_PLACEHOLDERS: Record<string, string> = {
  date: 'Tuesday, March 4',
  time: '3:30 PM',
};

/**
 * What the AI voice says: from one of the scripts, a quick template or typed, with the variables to insert and a
 * box for the value of each one that is not the recipient's.
 */
export function MessageSection({
  message,
  needed,
  fromScript,
  onPickScript,
  onTemplate,
  messageBox,
  form,
}: {
  message: string;
  /** The variables that need a value for this call. */
  needed: string[];
  /** The script the message is still the text of. */
  fromScript: Script | null;
  onPickScript: (script: Script) => void;
  onTemplate: (template: QuickTemplate) => void;
  messageBox: MessageBox;
  form: UseFormReturn<ScheduleFormValues>;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const { ref: messageFieldRef, ...messageField } = register('message');
  return (
    <FormSection
      id="schedule-section-message"
      title="Message"
      description="What the AI voice says when the call is answered."
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <ScriptPicker
          onSelect={onPickScript}
          hint={fromScript ? `Using “${fromScript.title}”.` : 'Fills the message from one of your scripts.'}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Quick templates</legend>
          <div className="flex flex-wrap gap-2">
            {QUICK_TEMPLATES.map((template) => (
              <Button
                key={template.title}
                type="button"
                variant="outline"
                size="sm"
                onClick={() => onTemplate(template)}
              >
                {template.title}
              </Button>
            ))}
          </div>
        </fieldset>
      </div>

      <FormField
        id="schedule-message"
        label="Custom message"
        error={errors.message?.message}
        description="{{first_name}}, {{last_name}} and {{name}} are the recipient's; other variables get their values below."
      >
        <Textarea
          id="schedule-message"
          rows={4}
          placeholder="Hi {{first_name}}, this is a reminder of your appointment on {{date}} at {{time}}."
          className="resize-y"
          aria-required="true"
          {...fieldAria('schedule-message', errors.message?.message, true)}
          ref={(element) => {
            messageFieldRef(element);
            messageBox.ref.current = element;
          }}
          onFocus={messageBox.onFocus}
          {...messageField}
        />
      </FormField>

      <VariableHelper content={message} onInsert={messageBox.insert} />

      <VariableValues
        names={needed}
        idPrefix="schedule-variable"
        legend="Values for this call"
        errors={errors.variables}
        register={(name) => register(`variables.${name}`)}
        placeholders={VALUE_PLACEHOLDERS}
        testId="variable-values"
      />
    </FormSection>
  );
}
