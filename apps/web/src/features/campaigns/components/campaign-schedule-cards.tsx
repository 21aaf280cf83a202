import { formatPhone } from '@callwise/shared/phone';
import { CAMPAIGN_SKIP_REASON_LABELS, type CampaignDetail } from '@callwise/shared/schemas/campaigns';
import { ShieldCheckIcon } from 'lucide-react';
import { TermList } from '@/components/call-setup/term-list';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paceLabel, plural } from '@/features/campaigns/utils/campaign-labels';
import { formatDateTime } from '@/lib/dates';

export function ScheduleCard({ campaign }: { campaign: CampaignDetail }) {
  return (
    <Card className="gap-5">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h3">Schedule</CardTitle>
        <CardDescription>Calls wait for each recipient’s calling window.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <TermList
          rows={[
            ['Starts', formatDateTime(campaign.starts_at)],
            ['Pace', paceLabel(campaign.pace_per_hour)],
            ['Next call', campaign.next_call_at ? formatDateTime(campaign.next_call_at) : '—'],
            ['Last call', campaign.last_call_at ? formatDateTime(campaign.last_call_at) : '—'],
            ['Contacts', plural(campaign.requested, 'contact')],
            ['Created', formatDateTime(campaign.created_at)],
          ]}
        />
      </CardContent>
    </Card>
  );
}

export function SkippedCard({ campaign }: { campaign: CampaignDetail }) {
  return (
    <Card className="gap-4 pb-0" data-testid="campaign-skipped">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h3">Skipped contacts</CardTitle>
        <CardDescription>
          {campaign.skipped.length === 0
            ? 'The calling rules skipped nobody: every contact got a call.'
            : `${plural(campaign.skipped.length, 'contact')} got no call, because of the calling rules:`}
        </CardDescription>
      </CardHeader>
      {campaign.skipped.length === 0 ? (
        <CardContent className="flex items-center gap-2 px-4 pb-6 text-sm text-muted-foreground sm:px-6">
          <ShieldCheckIcon aria-hidden="true" className="size-4 text-success" />
          No contact skipped.
        </CardContent>
      ) : (
        <div className="overflow-x-auto border-t">
          <Table aria-label="Skipped contacts">
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4 sm:pl-6">Number</TableHead>
                <TableHead>Reason</TableHead>
                <TableHead className="pr-4 sm:pr-6">Why</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {campaign.skipped.map((skip) => (
                <TableRow key={skip.contact_id ?? `${skip.phone}-${skip.reason}`}>
                  <TableCell className="pl-4 whitespace-nowrap tabular-nums sm:pl-6">
                    {skip.phone ? formatPhone(skip.phone) : 'Unknown'}
                  </TableCell>
                  <TableCell>
                    <Badge variant={skip.reason === 'not_found' ? 'neutral' : 'warning'}>
                      {CAMPAIGN_SKIP_REASON_LABELS[skip.reason]}
                    </Badge>
                  </TableCell>
                  <TableCell className="min-w-64 pr-4 text-[0.8125rem] whitespace-normal text-muted-foreground sm:pr-6">
                    {skip.message}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
