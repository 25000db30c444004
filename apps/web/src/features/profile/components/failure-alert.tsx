import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A failed save: the spec's title and what went wrong, one line or a list. */
export function FailureAlert({ title, messages }: { title: string; messages: string[] }) {
  return (
    <Alert role="alert" color="red" variant="light" title={title} icon={<IconAlertCircle size={20} />}>
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm" spacing={4}>
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
