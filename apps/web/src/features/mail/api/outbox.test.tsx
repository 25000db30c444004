import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPersistedQueries } from '@/shared/api/persisted-store';
import { renderPersisted } from '@/test/persisted';
import { type OutboxPage, outboxQuery } from './outbox';

/** A mail still waiting to be sent: its body holds a live password reset link. */
const page: OutboxPage = {
  data: [
    {
      id: '55555555-5555-4555-8555-555555555555',
      to: 'someone@example.test',
      subject: 'Reset your password',
      html: '<a href="https://atrium.test/resetpassword?id=1&token=secret-reset-token">Reset</a>',
      text: 'https://atrium.test/resetpassword?id=1&token=secret-reset-token',
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      sentAt: null,
    },
  ],
  total: 1,
} as OutboxPage;

function Pages() {
  const other = useQuery({ queryKey: ['clients', 'list'], queryFn: async () => 'Nordlys' });
  const outbox = useQuery({ ...outboxQuery(1, ''), queryFn: async () => page });
  return <output>{other.data && outbox.data ? 'loaded' : 'loading'}</output>;
}

beforeEach(() => forgetPersistedQueries());

describe('outboxQuery', () => {
  it('is not kept on the device: unsent mails carry password reset links', async () => {
    const kept = await renderPersisted(<Pages />);
    await waitFor(async () => expect(await kept()).toContain('Nordlys'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await kept()).not.toContain('secret-reset-token');
  });
});
