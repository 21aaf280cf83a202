import { IMPORT_FIELDS } from '@callwise/shared/schemas/contact-imports';
import { CsvPreviewTable } from '@/components/csv-preview-table';
import { Badge } from '@/components/ui/badge';
import { TableCell } from '@/components/ui/table';
import { IMPORT_FIELD_LABELS, type previewContact } from '@/features/contacts/utils/csv-import';
import { PREVIEW_ROWS } from '@/lib/csv-preview';

const CONSENT_PREVIEW: Readonly<Record<string, string>> = {
  none: 'None',
  informational: 'Informational',
  marketing: 'Marketing',
};

/** The first rows of the file as they will be imported, a row that will be skipped marked with the reason. */
export function ImportPreviewTable({ contacts }: { contacts: Array<ReturnType<typeof previewContact>> }) {
  return (
    <CsvPreviewTable
      description={<>The first {Math.min(PREVIEW_ROWS, contacts.length)} rows as they will be imported.</>}
      columns={IMPORT_FIELDS.map((field) => IMPORT_FIELD_LABELS[field])}
      rows={contacts}
      cells={(contact) => (
        <>
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
        </>
      )}
    />
  );
}
