import { IMPORT_FIELDS } from '@callwise/shared/schemas/contact-imports';
import { Fragment } from 'react';
import { CsvPreviewLineCell } from '@/components/csv-preview-line-cell';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { IMPORT_FIELD_LABELS, type previewContact } from '@/features/contacts/utils/csv-import';
import { PREVIEW_ROWS } from '@/lib/csv-preview';
import { cn } from '@/lib/utils';

const CONSENT_PREVIEW: Readonly<Record<string, string>> = {
  none: 'None',
  informational: 'Informational',
  marketing: 'Marketing',
};

/** The first rows of the file as they will be imported, a row that will be skipped marked with the reason. */
export function ImportPreviewTable({ contacts }: { contacts: Array<ReturnType<typeof previewContact>> }) {
  return (
    <section aria-labelledby="import-preview-heading" className="grid min-w-0 gap-2">
      <div>
        <h3 id="import-preview-heading" className="text-sm font-semibold">
          Preview
        </h3>
        <p className="text-sm text-muted-foreground">
          The first {Math.min(PREVIEW_ROWS, contacts.length)} rows as they will be imported.
        </p>
      </div>
      <div className="min-w-0 rounded-lg border">
        <Table aria-labelledby="import-preview-heading">
          <TableHeader>
            <TableRow>
              <TableHead>Line</TableHead>
              {IMPORT_FIELDS.map((field) => (
                <TableHead key={field}>{IMPORT_FIELD_LABELS[field]}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {contacts.map((contact) => (
              <Fragment key={contact.line}>
                <TableRow className={cn(contact.problem && 'border-b-0 bg-destructive-soft/40')}>
                  <CsvPreviewLineCell line={contact.line} problem={Boolean(contact.problem)} />
                  <TableCell>{contact.name}</TableCell>
                  <TableCell>{contact.firstName}</TableCell>
                  <TableCell>{contact.lastName}</TableCell>
                  <TableCell className="tabular-nums">{contact.phone}</TableCell>
                  <TableCell>{contact.email}</TableCell>
                  <TableCell>{contact.company}</TableCell>
                  <TableCell>
                    <span className="flex gap-1">
                      {contact.tags.map((tag) => (
                        <Badge key={tag} variant="neutral">
                          {tag}
                        </Badge>
                      ))}
                    </span>
                  </TableCell>
                  <TableCell>
                    {contact.consent ? (
                      CONSENT_PREVIEW[contact.consent]
                    ) : (
                      <span className="text-muted-foreground">Default</span>
                    )}
                  </TableCell>
                  <TableCell>
                    {contact.existingCustomer === null ? (
                      <span className="text-muted-foreground">Default</span>
                    ) : contact.existingCustomer ? (
                      'Yes'
                    ) : (
                      'No'
                    )}
                  </TableCell>
                </TableRow>
                {contact.problem && (
                  <TableRow className="bg-destructive-soft/40 hover:bg-destructive-soft/40">
                    <TableCell
                      colSpan={IMPORT_FIELDS.length + 1}
                      className="pt-0 text-[0.8125rem] whitespace-normal text-destructive"
                    >
                      {/* Stays in view on narrow screens, where the table scrolls sideways. */}
                      <span className="sticky left-3 block w-fit max-w-[min(40rem,calc(100vw-6rem))]">
                        Line {contact.line} will be skipped: {contact.problem}
                      </span>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
