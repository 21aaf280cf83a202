import { FileSpreadsheetIcon } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { type CsvPreview, formatFileSize } from '@/lib/csv-preview';

/** A select item may not have an empty value (spec section 5): this one means "no column". */
const NO_COLUMN = '__none__';

/** A chosen file, as a CSV import shows it: its name, size, rows and columns. */
export function CsvFileSummary({
  fileName,
  size,
  preview,
}: {
  fileName: string;
  size: number;
  preview: CsvPreview;
}) {
  const { headers, rowCount } = preview;
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2.5">
      <FileSpreadsheetIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <div className="min-w-0 text-sm">
        <p className="truncate font-medium" title={fileName}>
          {fileName}
        </p>
        <p className="text-muted-foreground">
          {formatFileSize(size)}
          {rowCount !== undefined && ` · ${rowCount.toLocaleString()} ${rowCount === 1 ? 'row' : 'rows'}`}
          {` · ${headers.length} ${headers.length === 1 ? 'column' : 'columns'}`}
        </p>
      </div>
    </div>
  );
}

/**
 * "Match the columns": for each field of an import, a select of the file's columns (required fields marked *,
 * the others may be left out), with the field's error under it.
 */
export function ColumnMappingFields<Field extends string>({
  fields,
  labels,
  isRequired,
  headers,
  mapping,
  onMappingChange,
  errors,
  description = 'We picked the columns whose names fit. Fields marked * are required.',
}: {
  fields: readonly Field[];
  labels: Readonly<Record<Field, string>>;
  isRequired: (field: Field) => boolean;
  headers: readonly string[];
  mapping: Readonly<Record<Field, string>>;
  onMappingChange: (mapping: Record<Field, string>) => void;
  errors: Partial<Record<Field, string>>;
  description?: string;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Match the columns</legend>
      <p className="-mt-1 text-sm text-muted-foreground">{description}</p>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr] sm:items-center sm:gap-x-4">
        {fields.map((field) => {
          const id = `import-map-${field}`;
          const error = errors[field];
          const required = isRequired(field);
          return (
            <div key={field} className="grid gap-1.5 sm:col-span-2 sm:grid-cols-subgrid sm:items-center">
              <Label htmlFor={id}>
                {labels[field]}
                {required && (
                  <span aria-hidden="true" className="text-destructive">
                    *
                  </span>
                )}
              </Label>
              <div className="grid gap-1">
                <Select
                  value={mapping[field] || (required ? '' : NO_COLUMN)}
                  onValueChange={(value) =>
                    onMappingChange({ ...mapping, [field]: value === NO_COLUMN ? '' : value })
                  }
                >
                  <SelectTrigger
                    id={id}
                    className="w-full"
                    aria-required={required || undefined}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                  >
                    <SelectValue placeholder="Choose a column" />
                  </SelectTrigger>
                  <SelectContent>
                    {!required && (
                      <SelectItem value={NO_COLUMN}>Don't import {labels[field].toLowerCase()}</SelectItem>
                    )}
                    {headers.map((header) => (
                      <SelectItem key={header} value={header}>
                        {header}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                {error && (
                  <p id={`${id}-error`} className="text-[0.8125rem] text-destructive">
                    {error}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
