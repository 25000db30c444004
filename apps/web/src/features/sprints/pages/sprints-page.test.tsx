import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, json } from '@/test/fixtures';
import { type ApiStub, renderRoutes, stubApi } from '@/test/page';
import { setViewportWidth } from '@/test/render';
import type { CollaborationRow } from '../api/keys';
import SprintsPage from './sprints-page';

const ONBOARDING: CollaborationRow = {
  id: '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d',
  title: 'Customer onboarding sprint',
  status: 'running',
  startsOn: '2026-11-30',
  endsOn: '2026-12-28',
  owner: { id: '11111111-1111-4111-8111-111111111111', fullName: 'Ada Admin', imagePath: null },
  membersCount: 3,
  ideasCount: 1,
  isMember: true,
  createdAt: '2026-11-30T09:00:00Z',
};
const HACKATHON: CollaborationRow = {
  ...ONBOARDING,
  id: '5a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d',
  title: 'Hackathon ideas',
  status: 'upcoming',
  startsOn: '2027-01-06',
  endsOn: null,
  membersCount: 1,
  ideasCount: 0,
  isMember: false,
};
const COUNTS = { upcoming: 1, running: 1, finished: 0, closed: 0 };

let fetchMock: ApiStub;
let rows: CollaborationRow[];
beforeEach(() => {
  setViewportWidth(1280);
  rows = [ONBOARDING, HACKATHON];
  fetchMock = stubApi(({ method, path, url }) => {
    if (method === 'GET' && path === '/sprints/collaborations') {
      const status = url.searchParams.get('status');
      const data = status ? rows.filter((r) => r.status === status) : rows;
      return json({ data, total: data.length, page: 1, take: 12, statusCounts: COUNTS });
    }
    return json({ title: 'Not found', status: 404 }, 404);
  });
});

const render = () => renderRoutes('/sprints', <Route path="/sprints" element={<SprintsPage />} />);
const listCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/collaborations'));

describe('/sprints', () => {
  it('shows each collaboration as a card with its status, period, owner and counts', async () => {
    acceptAuthResult(authResult({ roles: ['User'] }));
    render();
    const cards = await screen.findAllByTestId('collaboration-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Customer onboarding sprint' })).toHaveAttribute(
      'href',
      `/sprints/${ONBOARDING.id}`,
    );
    expect(first.getByText('Running')).toBeInTheDocument();
    expect(first.getByText('30-11-2026 – 28-12-2026')).toBeInTheDocument();
    expect(first.getByText('3 members')).toBeInTheDocument();
    expect(first.getByText('1 idea')).toBeInTheDocument();
    expect(first.getByText('Owner: Ada Admin')).toBeInTheDocument();
    const second = within(cards[1]!);
    expect(second.getByText('From 06-01-2027')).toBeInTheDocument();
    expect(second.getByText('You are not a member')).toBeInTheDocument();
    expect(screen.getByText('2 collaborations')).toBeInTheDocument();
    // A user starts none.
    expect(screen.queryByRole('button', { name: 'New collaboration' })).not.toBeInTheDocument();
  });

  it('filters by status with each status counted, in the address', async () => {
    acceptAuthResult(authResult({ roles: ['User'] }));
    render();
    await screen.findAllByTestId('collaboration-card');
    expect(screen.getByText('All (2)')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Upcoming (1)'));
    await waitFor(() => expect(screen.getAllByTestId('collaboration-card')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Hackathon ideas' })).toBeInTheDocument();
    expect(listCalls().at(-1)!.searchParams.get('status')).toBe('upcoming');
  });

  it('says when there is nothing yet, and offers administrators the first one', async () => {
    acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
    rows = [];
    render();
    expect(await screen.findByText('No collaborations yet')).toBeInTheDocument();
    expect(screen.getByText('Start the first one: give it a title, dates and members.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New collaboration' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collaboration' });
    // The title is required before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows a failed load with a retry', async () => {
    acceptAuthResult(authResult({ roles: ['User'] }));
    stubApi(() => json({ title: 'Server error', status: 500 }, 500));
    render();
    expect(await screen.findByText('Could not load the collaborations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
