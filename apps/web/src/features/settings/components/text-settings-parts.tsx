import { CALL_TYPE_LABELS, CALL_TYPES, type CallType } from '@callwise/shared/calls';
import type { TextSettings } from '@callwise/shared/schemas/messages';
import { MessageSquareIcon } from 'lucide-react';
import { type Control, Controller } from 'react-hook-form';
import { CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldMessageId } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { previewText, SAMPLE_RECIPIENT, sizeLine } from '@/features/settings/utils/text-preview';

/** The call types followed up by a text, one checkbox each, kept in the order they show. */
export function FollowUpTypesField({ control }: { control: Control<TextSettings> }) {
  return (
    <Controller
      control={control}
      name="follow_up_call_types"
      render={({ field, fieldState }) => (
        <fieldset
          className="grid gap-3"
          aria-describedby={fieldState.error ? fieldMessageId('follow-up-types') : undefined}
        >
          <legend className="mb-3 text-sm font-medium">
            Follow up by text when a call of this type reaches nobody or voicemail
          </legend>
          <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
            {CALL_TYPES.map((type, index) => {
              const id = `follow-up-type-${type}`;
              const checked = field.value.includes(type);
              const toggle = (on: boolean) =>
                field.onChange(
                  CALL_TYPES.filter((other: CallType) => (other === type ? on : field.value.includes(other))),
                );
              return (
                <div key={type} className="flex min-h-9 items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={checked}
                    onCheckedChange={(value) => toggle(value === true)}
                    onBlur={field.onBlur}
                    ref={index === 0 ? field.ref : undefined}
                  />
                  <Label htmlFor={id} className="font-normal">
                    {CALL_TYPE_LABELS[type]}
                  </Label>
                </div>
              );
            })}
          </div>
          {fieldState.error && (
            <p id={fieldMessageId('follow-up-types')} className="text-[0.8125rem] text-destructive">
              {fieldState.error.message}
            </p>
          )}
        </fieldset>
      )}
    />
  );
}

/**
 * The text as Maria Garcia would read it, and its size: characters, segments, encoding and cost (naming the
 * characters that make it UCS-2). `id` is described by the textarea.
 */
export function TextPreviewBox({
  id,
  template,
  businessName,
}: {
  id: string;
  template: string;
  businessName: string;
}) {
  const preview = previewText(template, businessName);
  return (
    <div className="flex min-w-0 gap-3 rounded-lg border bg-muted/40 p-3">
      <MessageSquareIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div id={id} className="grid min-w-0 gap-1">
        <p className="text-xs font-medium text-muted-foreground">
          Preview for {SAMPLE_RECIPIENT.name}
          <span className="sr-only">:</span>
        </p>
        {preview.ok ? (
          <>
            <p className="text-sm break-words whitespace-pre-wrap" data-testid={`${id}-text`}>
              {preview.text || <span className="text-muted-foreground italic">No text yet</span>}
            </p>
            <p className="text-xs text-muted-foreground tabular-nums" data-testid={`${id}-size`}>
              {sizeLine(preview)}
            </p>
            {preview.nonGsmCharacters.length > 0 && (
              <p className="text-xs text-muted-foreground" data-testid={`${id}-ucs2`}>
                UCS-2 because of{' '}
                {preview.nonGsmCharacters.map((character, index) => (
                  <span key={character}>
                    {index > 0 && ' '}
                    <code className="rounded bg-background px-1 font-mono text-foreground">{character}</code>
                  </span>
                ))}
                : without {preview.nonGsmCharacters.length === 1 ? 'it' : 'them'} a segment holds 160
                characters, not 70.
              </p>
            )}
          </>
        ) : (
          <p className="text-sm text-destructive" data-testid={`${id}-text`}>
            {preview.missing.map((name) => `{{${name}}}`).join(', ')} cannot be filled in: texts know only{' '}
            {'{{first_name}}'}, {'{{name}}'} and {'{{business_name}}'}.
          </p>
        )}
      </div>
    </div>
  );
}

export function TextSettingsSkeleton() {
  return (
    <CardContent className="grid gap-6" role="status" aria-label="Loading the texts after calls">
      {['follow-up', 'text-back'].map((key) => (
        <div key={key} className="grid gap-3">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-full max-w-md" />
          <div className="grid gap-2 sm:grid-cols-2">
            <Skeleton className="h-5 w-44" />
            <Skeleton className="h-5 w-44" />
          </div>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </CardContent>
  );
}
