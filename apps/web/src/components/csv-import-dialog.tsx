import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type CsvSource, readCsvFile } from '@/components/csv-file-step';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { cn } from '@/lib/utils';

/**
 * The file of a CSV import wizard: `chooseFile` reads it (`rowsNoun` names its rows) and hands it to `onRead`,
 * or keeps why it cannot be imported; `clear` forgets it.
 */
export function useCsvFileChoice(maxBytes: number, rowsNoun: string, onRead: (source: CsvSource) => void) {
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string>();
  const [source, setSource] = useState<CsvSource | null>(null);

  const chooseFile = async (file: File) => {
    setReading(true);
    setFileError(undefined);
    const read = await readCsvFile(file, maxBytes, rowsNoun);
    setReading(false);
    if ('error' in read) {
      setFileError(read.error);
      return;
    }
    setSource(read.source);
    onRead(read.source);
  };

  const clear = () => {
    setReading(false);
    setFileError(undefined);
    setSource(null);
  };

  return { reading, fileError, source, chooseFile, clear };
}

/**
 * The dialog of a CSV import wizard: its title, the line that says which step it is at (`stepTexts`), the step
 * and its buttons (`footer`; on the first step, `'file'`, a Cancel button). Past the file step it is wider. Each step replaces the controls of the one before (and with them the control
 * that had the focus): the step's line takes the focus, so keyboard and screen reader users hear where they are.
 */
export function CsvImportDialogFrame<Step extends string>({
  open,
  onOpenChange,
  title,
  step,
  stepTexts,
  footer,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  step: Step;
  stepTexts: Record<Step, string>;
  footer: ReactNode;
  children: ReactNode;
}) {
  const focus = useReturnFocus();
  const stepLine = useRef<HTMLParagraphElement | null>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (open) stepLine.current?.focus();
  }, [step, open]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={cn(step !== 'file' && 'sm:max-w-4xl')} {...focus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription ref={stepLine} tabIndex={-1} className="outline-none">
            {stepTexts[step]}
          </DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          {step === 'file' ? (
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
          ) : (
            footer
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
