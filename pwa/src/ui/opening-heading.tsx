import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of something that opens in place of, or above, what opened it (an editor from a list
 * row or a "New" button). It takes the focus when it appears, so a keyboard or screen-reader user
 * lands in what they opened (their next Tab reaches its first field) instead of staying on a row now
 * below it, or on nothing when the list is gone. A layout effect, so nothing typed right after the
 * editor appears can land before the move.
 */
export function OpeningHeading({ id, children }: { id?: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="opening-heading">
      {children}
    </h2>
  );
}
