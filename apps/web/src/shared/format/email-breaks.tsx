import { Fragment, type ReactNode } from 'react';

/**
 * An email address that may wrap only where a reader expects it: after the @ and before each dot
 * (<wbr> marks the places), instead of mid-word.
 */
export function EmailBreaks({ email }: { email: string }): ReactNode {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
