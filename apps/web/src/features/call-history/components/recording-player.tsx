import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useRecording } from '@/features/call-history/api/get-recording';
import { errorMessage } from '@/lib/errors';

/** Plays a call's recording, fetched with the session's token and played from memory. */
export function RecordingPlayer({
  url,
  label,
  autoPlay = false,
}: {
  url: string;
  /** The player's accessible name, e.g. "Recording of the call to Jane Doe". */
  label: string;
  autoPlay?: boolean;
}) {
  const recording = useRecording(url, true);
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
    return (
      <p role="alert" className="text-sm text-destructive">
        {unplayable ? 'This recording cannot be played in your browser.' : errorMessage(recording.error)}
      </p>
    );
  }
  if (!src) return <Spinner size="sm" label="Loading recording..." className="justify-start py-2" />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: call recordings have no caption track; the call's message is shown beside it.
    <audio
      controls
      autoPlay={autoPlay}
      src={src}
      aria-label={label}
      className="w-full"
      preload="auto"
      onError={() => setUnplayable(true)}
    />
  );
}
