import { Label } from '@/components/ui/label';
import { RadioGroupItem } from '@/components/ui/radio-group';

/**
 * The options of a radio group, each with its label and a line under it that describes it. The ids are
 * `{idPrefix}-{value}` (and `-hint`).
 */
export function HintedRadioOptions<T extends string>({
  idPrefix,
  options,
  invalid = false,
}: {
  idPrefix: string;
  options: ReadonlyArray<{ value: T; label: string; hint: string }>;
  /** Every option is marked invalid (nothing chosen where a choice is required). */
  invalid?: boolean;
}) {
  return options.map((option) => {
    const id = `${idPrefix}-${option.value}`;
    return (
      <div key={option.value} className="flex items-start gap-3">
        <RadioGroupItem
          id={id}
          value={option.value}
          aria-describedby={`${id}-hint`}
          aria-invalid={invalid ? true : undefined}
          className="mt-0.5"
        />
        <div className="grid gap-1">
          <Label htmlFor={id} className="font-normal">
            {option.label}
          </Label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {option.hint}
          </p>
        </div>
      </div>
    );
  });
}
