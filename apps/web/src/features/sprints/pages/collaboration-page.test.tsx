import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, json } from '@/test/fixtures';
import { type ApiStub, renderRoutes, stubApi } from '@/test/page';
import { setViewportWidth } from '@/test/render';
import type { CollaborationDetail, CommentRow, IdeaRow } from '../api/keys';
import CollaborationPage from './collaboration-page';

const ME = '00000000-0000-4000-8000-000000000001';
const ADA = { id: '11111111-1111-4111-8111-111111111111', fullName: 'Ada Admin', imagePath: null };
const UMA = { id: ME, fullName: 'Uma User', imagePath: null };
const ID = '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const IDEA_ID = '6a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';

const collaboration = (over: Partial<CollaborationDetail> = {}): CollaborationDetail => ({
  id: ID,
  title: 'Customer onboarding sprint',
  description: '<p>How do new customers get going <strong>in their first month</strong>?</p>',
  status: 'running',
  startsOn: '2026-11-30',
  endsOn: '2026-12-28',
  owner: ADA,
  membersCount: 2,
  ideasCount: 1,
  isMember: true,
  createdAt: '2026-11-30T09:00:00Z',
  canManage: false,
  canDelete: false,
  members: [ADA, UMA],
  ...over,
});
const idea = (over: Partial<IdeaRow> = {}): IdeaRow => ({
  id: IDEA_ID,
  collaborationId: ID,
  title: 'Welcome call in the first week',
  description: '<p>A short call to set goals.</p>',
  status: 'selected',
  tags: [{ id: '7a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d', title: 'Quick win' }],
  author: ADA,
  votesCount: 2,
  commentsCount: 1,
  votedByMe: false,
  canEdit: false,
  canDelete: false,
  createdAt: '2026-12-01T10:00:00Z',
  updatedAt: '2026-12-01T10:00:00Z',
  ...over,
});
const COMMENT: CommentRow = {
  id: '8a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d',
  ideaId: IDEA_ID,
  text: 'Yes, and a checklist for it',
  author: UMA,
  canEdit: true,
  canDelete: true,
  createdAt: '2026-12-02T08:30:00Z',
  updatedAt: '2026-12-02T08:30:00Z',
};

// Mantine's autosizing textarea listens for web fonts, which jsdom does not have.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

let fetchMock: ApiStub;
let detail: CollaborationDetail | null;
let current: IdeaRow;
beforeEach(() => {
  setViewportWidth(1280);
  acceptAuthResult(authResult({ id: ME, roles: ['User'] }));
  detail = collaboration();
  current = idea();
  fetchMock = stubApi(({ method, path, init }) => {
    if (method === 'GET' && path === `/sprints/collaborations/${ID}`) {
      return detail ? json(detail) : json({ title: 'Not found', status: 404 }, 404);
    }
    if (method === 'GET' && path === `/sprints/collaborations/${ID}/ideas`)
      return json({ data: [current], next: null });
    if (method === 'GET' && path === '/sprints/tags') return json([{ id: current.tags[0]!.id, title: 'Quick win' }]);
    if (path === `/sprints/ideas/${IDEA_ID}/vote`) {
      const on = method === 'PUT';
      current = { ...current, votedByMe: on, votesCount: current.votesCount + (on ? 1 : -1) };
      return json({ votesCount: current.votesCount, votedByMe: on });
    }
    if (method === 'GET' && path === `/sprints/ideas/${IDEA_ID}/comments`) return json({ data: [COMMENT], next: null });
    if (method === 'POST' && path === `/sprints/ideas/${IDEA_ID}/comments`) {
      const { text } = JSON.parse(String(init?.body));
      return json({ ...COMMENT, id: '9a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d', text }, 201);
    }
    if (method === 'PUT' && path === `/sprints/ideas/${IDEA_ID}/status`) {
      current = { ...current, status: JSON.parse(String(init?.body)).status };
      return json(current);
    }
    return json({ title: 'Not found', status: 404 }, 404);
  });
});

const render = (at = `/sprints/${ID}`) =>
  renderRoutes(at, <Route path="/sprints/:id" element={<CollaborationPage />} />);
const sent = (method: string, suffix: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).endsWith(suffix));

describe('/sprints/{id}', () => {
  it('shows the description, the members and the ideas with their votes, tags and status', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer onboarding sprint' })).toBeInTheDocument();
    expect(screen.getByText('in their first month')).toBeInTheDocument();
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(members).getByText('Owner')).toBeInTheDocument();
    const [card] = await screen.findAllByTestId('idea');
    expect(within(card!).getByText('Welcome call in the first week')).toBeInTheDocument();
    expect(within(card!).getByText('2 votes')).toBeInTheDocument();
    expect(within(card!).getByText('Quick win')).toBeInTheDocument();
    expect(within(card!).getByText('Selected')).toBeInTheDocument();
    // A plain member neither edits the collaboration nor adds members.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add members' })).not.toBeInTheDocument();
  });

  it('votes once and takes the vote back', async () => {
    render();
    const vote = await screen.findByRole('button', { name: 'Vote for “Welcome call in the first week”' });
    expect(vote).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(vote);
    const unvote = await screen.findByRole('button', {
      name: 'Take back your vote for “Welcome call in the first week”',
    });
    expect(unvote).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('3 votes')).toBeInTheDocument();
    await userEvent.click(unvote);
    await screen.findByText('2 votes');
    expect(sent('PUT', '/vote')).toHaveLength(1);
    expect(sent('DELETE', '/vote')).toHaveLength(1);
  });

  it('opens the comments (a notification link opens them at once) and sends one', async () => {
    render(`/sprints/${ID}?idea=${IDEA_ID}`);
    expect(await screen.findByText('Yes, and a checklist for it')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Your comment on “Welcome call in the first week”' });
    await userEvent.type(box, 'Who books it?');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(sent('POST', '/comments')).toHaveLength(1));
    expect(JSON.parse(String(sent('POST', '/comments')[0]![1]!.body))).toEqual({ text: 'Who books it?' });
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('lets the owner move an idea to another status', async () => {
    detail = collaboration({ canManage: true, owner: UMA });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for “Welcome call in the first week”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'In progress' }));
    await waitFor(() => expect(sent('PUT', '/status')).toHaveLength(1));
    expect(JSON.parse(String(sent('PUT', '/status')[0]![1]!.body))).toEqual({ status: 'inProgress' });
    expect(await screen.findByText('Moved to In progress')).toBeInTheDocument();
  });

  it('reads a closed collaboration without offering to add ideas, votes or comments', async () => {
    detail = collaboration({ status: 'closed' });
    render();
    expect(await screen.findByText(/This collaboration is closed/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Vote for “Welcome call in the first week”' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'New idea' })).not.toBeInTheDocument();
  });

  it('says so when the collaboration does not exist for the caller', async () => {
    detail = null;
    render();
    expect(
      await screen.findByText('This collaboration does not exist, or you are not one of its members.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All collaborations' })).toHaveAttribute('href', '/sprints');
  });
});
