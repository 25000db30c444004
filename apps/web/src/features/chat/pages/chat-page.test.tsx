import { CHAT, decideAccess } from '@atrium/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { policyFor } from '@/shared/access/policy';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import ChatPage from './chat-page';

const ME = '00000000-0000-4000-8000-000000000001';
const ADA = '00000000-0000-4000-8000-00000000000a';
const CREW = '00000000-0000-4000-8000-0000000000c1';

const conversations = [
  {
    kind: 'direct',
    id: ADA,
    title: 'Ada Admin',
    imagePath: null,
    lastMessage: {
      text: 'See https://example.com',
      createdAt: '2026-11-20T10:00:00Z',
      fromMe: false,
      fullName: 'Ada Admin',
    },
    unread: 2,
  },
  { kind: 'group', id: CREW, title: 'Crew', imagePath: null, lastMessage: null, unread: 0 },
];

let calls: { method: string; path: string; body?: unknown }[];
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});
beforeEach(() => {
  acceptAuthResult(authResult({ id: ME, roles: ['User'] }));
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: u.pathname + u.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (u.pathname.endsWith('/chat/conversations')) return json(conversations);
    if (u.pathname.endsWith(`/chat/users/${ADA}/messages`) && method === 'GET') {
      return json({
        groups: [
          {
            userId: ADA,
            fullName: 'Ada Admin',
            imagePath: null,
            messages: [
              { id: '10000000-0000-4000-8000-000000000001', text: 'Hello', createdAt: '2026-11-20T09:59:00Z' },
              {
                id: '10000000-0000-4000-8000-000000000002',
                text: 'See https://example.com',
                createdAt: '2026-11-20T10:00:00Z',
              },
            ],
          },
        ],
        before: null,
      });
    }
    if (method === 'POST' && u.pathname.endsWith('/messages')) {
      return json({ id: '10000000-0000-4000-8000-000000000003', text: 'hi', createdAt: '2026-11-20T10:01:00Z' }, 201);
    }
    if (method === 'POST' && u.pathname.endsWith('/read')) return new Response(null, { status: 204 });
    return json({}, 404);
  });
});

const renderPage = (entry = '/chat') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <ChatPage />
    </MemoryRouter>,
  );

describe('/chat', () => {
  it('is for anyone signed in whose tenant has Chat', () => {
    const policy = policyFor('chat');
    expect(decideAccess(policy, { roles: ['User'], features: ['Chat'] })).toBe('allow');
    expect(decideAccess(policy, { roles: ['User'], features: [] })).toBe('forbidden');
  });

  it('lists conversations with unread badges, opens one, marks it read and sends with Enter', async () => {
    renderPage();
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(within(list).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(list).getByLabelText('2 unread messages')).toHaveTextContent('2');
    expect(within(list).getByText('Crew')).toBeInTheDocument();
    expect(within(list).queryByRole('note')).toBeNull();

    await userEvent.click(within(list).getByText('Ada Admin'));
    const log = await screen.findByRole('log', { name: 'Messages with Ada Admin' });
    expect(await within(log).findByText('Hello')).toBeInTheDocument();
    expect(within(log).getByRole('link', { name: 'https://example.com' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/chat/users/${ADA}/read`))).toBe(true),
    );

    await userEvent.type(screen.getByRole('textbox', { name: 'Message to Ada Admin' }), 'hi there{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path.endsWith(`/chat/users/${ADA}/messages`))?.body).toEqual({
        text: 'hi there',
      }),
    );
  });

  it('says when the list holds only the most recent conversations, and that the search reaches the rest', async () => {
    const many = Array.from({ length: CHAT.listMax }, (_, i) => ({
      kind: 'direct',
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `Person ${i}`,
      imagePath: null,
      lastMessage: null,
      unread: 0,
    }));
    vi.stubGlobal('fetch', async (url: string) =>
      new URL(url, 'http://localhost').pathname.endsWith('/conversations') ? json(many) : json({}, 404),
    );
    renderPage();
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(within(list).getByRole('note')).toHaveTextContent(
      'The 500 most recent are shown. Search to find anyone else.',
    );
    // One change, not a keystroke at a time: each would lay out the 500 rows again.
    fireEvent.change(screen.getByRole('textbox', { name: 'Search people and groups' }), {
      target: { value: 'Person' },
    });
    expect(
      await within(list).findByText('The first 500 matches are shown. Narrow the search to find others.'),
    ).toBeInTheDocument();
  });

  it('leaves the way back to the header on a phone: an open conversation has no back arrow of its own', async () => {
    setViewportWidth(375);
    renderPage(`/chat?user=${ADA}`);
    expect(await screen.findByRole('log', { name: 'Messages with Ada Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull();
    expect(screen.queryByRole('button', { name: /back/i })).toBeNull();
  });

  it('says so when a conversation has no messages yet', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path.endsWith('/conversations')) return json(conversations);
      if (path.endsWith(`/chat/groups/${CREW}/messages`)) return json({ groups: [], before: null });
      if (path.endsWith('/read')) return new Response(null, { status: 204 });
      return json({}, 404);
    });
    renderPage(`/chat?group=${CREW}`);
    expect(await screen.findByText('No messages yet. Say hello!')).toBeInTheDocument();
  });
});
