import type { UserBody } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { renderWithProviders } from '@/test/render';
import { ResetPasswordForm } from './reset-password-form';
import { emptyUserValues, UserForm, type UserFormValues } from './user-form';

const NORTHWIND = '1281b56c-18d1-484b-9f61-2d324b63bb40';
const HARBOUR = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';
const STAFF = { id: '5a0d2c4e-1b3f-4a5c-9d7e-8f9a0b1c2d3e', name: 'Staff', createdAt: '2026-01-01T00:00:00.000Z' };
const CARE_TEAM = '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

function renderForm(
  values: Partial<UserFormValues> = {},
  { isNew = true, isSuperadmin = false, submit = vi.fn(async (_b: UserBody) => {}) } = {},
) {
  renderWithProviders(
    <MemoryRouter>
      <UserForm
        initialValues={{ ...emptyUserValues(NORTHWIND), ...values }}
        isNew={isNew}
        isSuperadmin={isSuperadmin}
        tenants={[
          { value: NORTHWIND, label: 'Northwind Partners' },
          { value: HARBOUR, label: 'Harbour Care' },
        ]}
        groups={[STAFF]}
        activeTenantId={NORTHWIND}
        submit={submit}
      />
    </MemoryRouter>,
  );
  return submit;
}

describe('UserForm', () => {
  it('checks name, email and password with the contracts rules before sending', async () => {
    const submit = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('This field is required'),
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('This field is required');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '  Nora ');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'nora@example.test');
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toEqual({
      name: 'Nora',
      surname: '',
      email: 'nora@example.test',
      language: 'en',
      roles: ['User'],
      tenantIds: [NORTHWIND],
      groupIds: [],
    });
  });

  it('needs at least one role, and offers a tenant administrator only User and Tenant administrator', async () => {
    const submit = renderForm({ name: 'Nora', email: 'nora@example.test' });
    const roles = screen.getByRole('group', { name: 'Roles' });
    expect(
      within(roles)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['User', 'TenantAdmin']);
    await userEvent.click(within(roles).getByRole('checkbox', { name: 'User' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Select at least one role')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('keeps group memberships of other tenants, which the form does not show', async () => {
    const submit = renderForm(
      { name: 'Uma', email: 'user@atrium.test', tenantIds: [NORTHWIND, HARBOUR], groupIds: [STAFF.id, CARE_TEAM] },
      { isNew: false, isSuperadmin: true },
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Roles' })).getAllByRole('checkbox')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0].groupIds).toEqual([CARE_TEAM, STAFF.id]);
  });

  it("puts the server's field errors on their fields under 'Could not submit the user's profile'", async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(409, {
        code: 'conflict',
        detail: 'An account with this email already exists',
        errors: [{ field: 'email', message: 'emailTaken' }],
      });
    });
    renderForm({ name: 'Nora', email: 'taken@example.test' }, { submit });
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Could not submit the user's profile");
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'An account with this email already exists',
    );
  });
});

describe('ResetPasswordForm', () => {
  it('requires a password of 8 characters, then sends it', async () => {
    const submit = vi.fn(async () => true);
    renderWithProviders(<ResetPasswordForm submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/New password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/New password/), '-and-long');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith('short-and-long'));
  });

  it('shows why the server refused', async () => {
    const submit = vi.fn(async (): Promise<boolean> => {
      throw new ApiError(400, {
        code: 'validation',
        detail: 'Change your own password from your profile',
        errors: [{ field: 'id', message: 'useChangePassword' }],
      });
    });
    renderWithProviders(<ResetPasswordForm submit={submit} />);
    await userEvent.type(screen.getByLabelText(/New password/), 'a-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not reset the password');
    expect(alert).toHaveTextContent('Change your own password from your profile');
  });
});
