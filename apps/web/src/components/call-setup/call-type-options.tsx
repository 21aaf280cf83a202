import { CALL_TYPE_LABELS, CALL_TYPES } from '@callwise/shared/calls';
import { SelectContent, SelectItem } from '@/components/ui/select';

/** The kinds of call of a call type picker (Appointment reminder, Promotional, ...). */
export function CallTypeOptions() {
  return (
    <SelectContent>
      {CALL_TYPES.map((type) => (
        <SelectItem key={type} value={type}>
          {CALL_TYPE_LABELS[type]}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
