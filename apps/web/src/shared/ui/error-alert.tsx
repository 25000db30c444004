import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';

/**
 * The one way a failure is shown: a red alert that screen readers announce. It can take focus
 * (pass a ref and focus it) so keyboard users land on what went wrong.
 */
export function ErrorAlert({
  title,
  children,
  messages,
  ref,
}: {
  title?: ReactNode;
  children?: ReactNode;
  /** Several messages become a list; one stays a sentence. */
  messages?: string[];
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="alert"
      variant="light"
      color="red"
      title={title}
      icon={<IconAlertCircle size={20} />}
    >
      {messages && messages.length > 1 ? (
        <List size="sm" spacing={4}>
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      ) : (
        (messages?.[0] ?? children)
      )}
    </Alert>
  );
}
