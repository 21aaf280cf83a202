import { STATUS_GROUPS, type StatusGroup } from '@callwise/shared/calls';
import {
  CheckCircle2Icon,
  DollarSignIcon,
  DownloadIcon,
  PhoneIcon,
  SearchIcon,
  XCircleIcon,
} from 'lucide-react';
import { useState } from 'react';
import { PageIntro } from '@/components/page-intro';
import { NO_VALUE, StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const columns = ['Status', 'Recipient', 'Phone', 'Voice', 'Duration', 'Cost', 'Date', 'Actions'];

const statusLabels: Record<StatusGroup, string> = {
  completed: 'Completed',
  failed: 'Failed',
  pending: 'Pending',
  'in-progress': 'In Progress',
};

const summary = [
  { title: 'Total Calls', icon: PhoneIcon },
  { title: 'Completed', icon: CheckCircle2Icon },
  { title: 'Failed', icon: XCircleIcon },
  { title: 'Total Cost', icon: DollarSignIcon },
];

export default function CallHistoryPage() {
  const [status, setStatus] = useState<'all' | StatusGroup>('all');

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro
        description="Every call you have placed, with its status, duration, cost and recording."
        actions={
          <Button variant="outline" disabled>
            <DownloadIcon aria-hidden="true" />
            Export
          </Button>
        }
      />

      <section aria-label="Call summary" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {summary.map((item) => (
          <StatCard key={item.title} title={item.title} value={NO_VALUE} icon={item.icon} />
        ))}
      </section>

      <Card className="gap-0 py-0">
        <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center">
          <div className="relative flex-1 sm:max-w-sm">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Search calls"
              placeholder="Search by name or phone..."
              className="pl-9"
            />
          </div>
          <Select value={status} onValueChange={(value) => setStatus(value as 'all' | StatusGroup)}>
            <SelectTrigger aria-label="Filter by status" className="w-full sm:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All statuses</SelectItem>
              {STATUS_GROUPS.map((group) => (
                <SelectItem key={group} value={group}>
                  {statusLabels[group]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {columns.map((column) => (
                <TableHead key={column} className={column === 'Actions' ? 'text-right' : undefined}>
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columns.length} className="py-16 text-center whitespace-normal">
                <p className="font-medium">No calls found</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  Calls appear here as soon as they are scheduled.
                </p>
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Card>
    </div>
  );
}
