import { Label } from '@/components/ui/label';
import { RadioGroupItem } from '@/components/ui/radio-group';

/** A choice of a radio group, with its label and a line under it. */
export function CampaignChoice({
  id,
  value,
  label,
  hint,
}: {
  id: string;
  value: string;
  label: string;
  hint: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft/40">
      <RadioGroupItem id={id} value={value} className="mt-0.5" aria-describedby={`${id}-hint`} />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="cursor-pointer">
          {label}
        </Label>
        <p id={`${id}-hint`} className="text-[0.8125rem] text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
