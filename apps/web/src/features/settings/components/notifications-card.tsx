import type { NotificationSettings } from '@callwise/shared/schemas/me';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { Switch } from '@/components/ui/switch';
import { useUpdateNotifications } from '@/features/settings/api/update-notifications';

const items: { key: keyof NotificationSettings; id: string; label: string; description: string }[] = [
  {
    key: 'email_notifications',
    id: 'email-notifications',
    label: 'Email notifications',
    description: 'News about your account and your calls by email.',
  },
  {
    key: 'call_summaries',
    id: 'call-summaries',
    label: 'Call summaries',
    description: 'A daily summary of the calls placed and their outcomes.',
  },
  {
    key: 'failure_alerts',
    id: 'failure-alerts',
    label: 'Failure alerts',
    description: 'An email as soon as a call fails after all its retries.',
  },
  {
    key: 'message_alerts',
    id: 'message-alerts',
    label: 'Messages from callers',
    description: 'An email when a caller leaves a message with the assistant or asks to be called back.',
  },
];

/** The e-mail switches, each saved the moment it is flipped. */
export function NotificationsCard({ notifications }: { notifications: NotificationSettings }) {
  const { mutate } = useUpdateNotifications();

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notifications</CardTitle>
        <CardDescription>Choose what we email you about. Changes are saved right away.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-0">
        {items.map((item, index) => (
          <div key={item.id}>
            {index > 0 && <Separator className="my-4" />}
            <div className="flex items-center justify-between gap-4">
              <div className="grid gap-1">
                <Label htmlFor={item.id}>{item.label}</Label>
                <p id={`${item.id}-description`} className="text-sm text-muted-foreground">
                  {item.description}
                </p>
              </div>
              <Switch
                id={item.id}
                checked={notifications[item.key]}
                onCheckedChange={(checked) => mutate({ [item.key]: checked })}
                aria-describedby={`${item.id}-description`}
              />
            </div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
