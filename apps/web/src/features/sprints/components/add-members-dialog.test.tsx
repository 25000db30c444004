import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { type ApiStub, stubApi } from '@/test/page';
import { renderWithProviders } from '@/test/render';
import { AddMembersDialog } from './add-members-dialog';

const ID = '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const BLUE = { id: '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901', name: 'Blue team', membersCount: 3 };
const FINANCE = { id: '3c4d5e6f-7081-4293-a4b5-c6d7e8f90a12', name: 'Finance', membersCount: 1 };

let fetchMock: ApiStub;
beforeEach(() => {
  fetchMock = stubApi(({ method, path }) => {
    if (method === 'GET' && path === `/sprints/collaborations/${ID}/member-choices`) {
      return json({ people: [], groups: [], teams: [BLUE], departments: [FINANCE] });
    }
    if (method === 'POST' && path === `/sprints/collaborations/${ID}/members`) return json({ added: 4 });
    return json({ title: 'Not found', status: 404 }, 404);
  });
});

describe('AddMembersDialog', () => {
  it('adds the people of a whole team and department, each shown with how many they are', async () => {
    const onClose = vi.fn();
    renderWithProviders(<AddMembersDialog collaborationId={ID} opened onClose={onClose} />);
    const blue = await screen.findByRole('checkbox', { name: 'Blue team' });
    expect(blue).toHaveAccessibleDescription('3 members');
    expect(screen.getByRole('heading', { name: 'Teams' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Departments' })).toBeInTheDocument();
    await userEvent.click(blue);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Finance' }));
    expect(screen.getByText('No group matches the search.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add (2)' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      userIds: [],
      groupIds: [],
      teamIds: [BLUE.id],
      departmentIds: [FINANCE.id],
    });
  });
});
