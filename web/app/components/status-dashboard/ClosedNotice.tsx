import { useEffect, useRef } from 'react';
import { Alert } from '~/components/ui';

/** What Close OE now did; it takes focus, as the dialog that did it is gone with the control that opened it. */
export function ClosedNotice({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="mt-4 focus:outline-none">
      <Alert tone="success">{text}</Alert>
    </div>
  );
}
