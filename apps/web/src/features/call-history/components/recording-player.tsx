import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useRecording } from '@/features/call-history/api/get-recording';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';

/** Plays a call's recording with the browser's controls, fetched with the session's token and played from memory. */
export function RecordingPlayer({
  callId,
  label,
}: {
  callId: string;
  /** The player's accessible name, e.g. "Recording of the call to Jane Doe". */
  label: string;
}) {
  const recording = useRecording(callId, true);
  const [src, setSrc] = useState<string | null>(null);
  const [unplayable, setUnplayable] = useState(false);

  useEffect(() => {
    if (!recording.data) return;
    const objectUrl = URL.createObjectURL(recording.data);
    setSrc(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setSrc(null);
    };
  }, [recording.data]);

  if (recording.isError || unplayable) {
    const gone = isApiError(recording.error) && recording.error.status === 404;
    return (
      <p role="alert" className="text-sm text-destructive">
        {unplayable
          ? 'This recording cannot be played in your browser.'
          : gone
            ? 'The recording is no longer available.'
            : errorMessage(recording.error)}
      </p>
    );
  }
  if (!src) return <Spinner size="sm" label="Loading recording..." className="justify-start py-2" />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: call recordings have no caption track; the call's message is shown beside it.
    <audio
      controls
      src={src}
      aria-label={label}
      className="w-full"
      preload="auto"
      onError={() => setUnplayable(true)}
    />
  );
}
