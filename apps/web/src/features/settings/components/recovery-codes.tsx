import { PRODUCT_NAME } from '@callwise/shared/product';
import { CheckIcon, CopyIcon, DownloadIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { notify } from '@/lib/notify';

/** The name the downloaded codes are saved under. */
export const RECOVERY_CODES_FILE = 'callwise-recovery-codes.txt';

const couldNotCopy = () =>
  notify.error('Could not copy the codes', { description: 'Download them or write them down instead.' });

function download(codes: string[]) {
  const text = [
    `${PRODUCT_NAME} recovery codes`,
    'Each code signs you in once if you lose your phone. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The recovery codes just made, shown this once inside a dialog: the list, Copy codes, Download (a text file)
 * and Done. `focusTitle`: the step replaced another in the same dialog, so its title takes the focus.
 */
export function RecoveryCodesStep({
  codes,
  onDone,
  focusTitle = false,
}: {
  codes: string[];
  onDone: () => void;
  focusTitle?: boolean;
}) {
  const { copied, copy } = useCopyToClipboard(couldNotCopy);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) title.current?.focus();
  }, [focusTitle]);
  return (
    <>
      <DialogHeader>
        <DialogTitle ref={title} tabIndex={-1} className="outline-none">
          Save your recovery codes
        </DialogTitle>
        <DialogDescription>
          Each code signs you in once if you lose your phone. Keep them somewhere safe.
        </DialogDescription>
      </DialogHeader>
      <ol
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <DialogFooter className="sm:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => void copy(codes.join('\n'))}>
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            <span aria-live="polite">{copied ? 'Copied!' : 'Copy codes'}</span>
          </Button>
          <Button variant="outline" onClick={() => download(codes)}>
            <DownloadIcon aria-hidden="true" />
            Download
          </Button>
        </div>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}
