import { CheckIcon, PhoneCallIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';

/** The landing page's picture of a call: a reminder, the customer's answer and the outcome (decoration only). */
export function CallPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-br from-primary/20 via-primary/5 to-transparent blur-2xl" />
      <Card className="gap-0 overflow-hidden py-0 shadow-xl">
        <div className="flex items-center gap-3 border-b bg-muted/40 px-5 py-4">
          <span className="flex size-10 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
            <PhoneCallIcon className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">Appointment Reminder</p>
            <p className="text-xs text-muted-foreground">Voice: Aria · professional</p>
          </div>
          <Badge variant="success">Completed</Badge>
        </div>
        <div className="grid gap-3 px-5 py-5 text-sm">
          <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-sm bg-primary-soft px-4 py-2.5 text-primary-soft-foreground">
            Hi Maria, this is Bright Smile Dental reminding you of your cleaning tomorrow at 10:00. Press 1 to
            confirm, 2 to cancel or 3 to reschedule.
          </p>
          <p className="ml-auto w-fit rounded-2xl rounded-tr-sm bg-muted px-4 py-2.5">Yes, I’ll be there.</p>
          <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-sm bg-primary-soft px-4 py-2.5 text-primary-soft-foreground">
            Wonderful, you’re confirmed. See you tomorrow!
          </p>
        </div>
        <div className="flex items-center justify-between border-t px-5 py-3 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CheckIcon className="size-3.5 text-success" /> Outcome: confirmed
          </span>
          <span>0m 38s</span>
        </div>
      </Card>
    </div>
  );
}
