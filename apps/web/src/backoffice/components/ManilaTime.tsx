import { formatManilaDateTime } from '../lib/format.ts';

/** A stored UTC instant, read in Manila time. */
export function ManilaTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatManilaDateTime(iso)}</time>;
}
