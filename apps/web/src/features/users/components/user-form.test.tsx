import type { UserBody } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { enter } from '@/test/enter';
import { renderWithProviders } from '@/test/render';
import { ResetPasswordForm } from './reset-password-form';
import { emptyUserValues, UserForm, type UserFormValues } from './user-form';

const NORTHWIND = '1281b56c-18d1-484b-9f61-2d324b63bb40';
const HARBOUR = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';
const STAFF = { id: '5a0d2c4e-1b3f-4a5c-9d7e-8f9a0b1c2d3e', name: 'Staff', createdAt: '2026-01-01T00:00:00.000Z' };
const CARE_TEAM = '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const BLUE = { id: '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901', name: 'Blue team' };
const FINANCE = { id: '3c4d5e6f-7081-4293-a4b5-c6d7e8f90a12', name: 'Finance' };

function renderForm(
  values: Partial<UserFormValues> = {},
  { isNew = true, isSuperadmin = false, shared = false, submit = vi.fn(async (_b: UserBody) => {}) } = {},
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
        teams={{ teams: [BLUE], departments: [FINANCE] }}
        activeTenantId={NORTHWIND}
        shared={shared}
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
    await enter(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await enter(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await enter(screen.getByRole('textbox', { name: 'Name' }), '  Nora ');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Email' }));
    await enter(screen.getByRole('textbox', { name: 'Email' }), 'nora@example.test');
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
      title: '',
      phone: '',
      teamId: null,
      departmentId: null,
    });
  });

  it('sets job title, phone, team and department in the active tenant, checking the phone on its field', async () => {
    const submit = renderForm({ name: 'Uma', email: 'user@atrium.test' }, { isNew: false });
    const section = screen.getByRole('region', { name: 'In this tenant' });
    await enter(within(section).getByRole('textbox', { name: 'Job title' }), ' Nurse ');
    const phone = within(section).getByRole('textbox', { name: 'Phone' });
    await enter(phone, 'call me');
    await userEvent.click(within(section).getByRole('combobox', { name: 'Team' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Blue team' }));
    await userEvent.click(within(section).getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Finance' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription('Enter a phone number: digits, spaces and + ( ) - . /'),
    );
    expect(submit).not.toHaveBeenCalled();

    await userEvent.clear(phone);
    await enter(phone, '+45 12 34 56 78');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toMatchObject({
      title: 'Nurse',
      phone: '+45 12 34 56 78',
      teamId: BLUE.id,
      departmentId: FINANCE.id,
    });
  });

  it('puts a refused team on its field', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(400, {
        code: 'validation',
        detail: 'No such team in this tenant',
        errors: [{ field: 'teamId', message: 'notFound' }],
      });
    });
    renderForm({ name: 'Uma', email: 'user@atrium.test', teamId: BLUE.id }, { isNew: false, submit });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Team' })).toHaveAccessibleDescription(
        expect.stringContaining('This is not one of the active tenant’s'),
      ),
    );
  });

  it('locks the tenant fields of a user outside the active tenant and sends none of them', async () => {
    const submit = renderForm({ name: 'Uma', email: 'user@atrium.test', tenantIds: [HARBOUR] }, { isNew: false });
    expect(screen.getByText('Add the user to the active tenant to set these.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Job title' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0].teamId).toBeUndefined();
    expect(submit.mock.calls[0]?.[0].title).toBeUndefined();
  });

  it('refuses a password holding the email’s local part, and shows the server’s reason for a common one', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(400, {
        code: 'validation',
        detail: 'password: passwordTooCommon',
        errors: [{ field: 'password', message: 'passwordTooCommon' }],
      });
    });
    renderForm({ name: 'Nora', email: 'nora.berg@example.test' }, { submit });
    await enter(screen.getByLabelText('Password'), 'Nora.Berg-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('The password must not contain the email address')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Password'));
    await enter(screen.getByLabelText('Password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('This password is too common'),
    );
  });

  it('says up front that a shared account’s name, email and roles are a super administrator’s, and locks them', async () => {
    const submit = renderForm(
      { name: 'Sia', surname: 'Shared', email: 'sia@example.test', tenantIds: [NORTHWIND] },
      { isNew: false, shared: true },
    );
    expect(screen.getByText('This account is shared with other tenants')).toBeInTheDocument();
    expect(
      screen.getByText(/Only a super administrator can change their name, email, password or roles/),
    ).toBeVisible();
    for (const name of ['Name', 'Surname', 'Email']) {
      const input = screen.getByRole('textbox', { name });
      expect(input).toBeDisabled();
      expect(input).toHaveAccessibleDescription('Only a super administrator can change this');
    }
    for (const box of within(screen.getByRole('group', { name: 'Roles' })).getAllByRole('checkbox')) {
      expect(box).toBeDisabled();
    }
    // What the administrator may change (groups, their tenants) still saves, with the account as it was.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ name: 'Sia', surname: 'Shared', email: 'sia@example.test' });
  });

  it('locks nothing for an account that is not shared', () => {
    renderForm({ name: 'Nora', email: 'nora@example.test' }, { isNew: false });
    expect(screen.queryByText('This account is shared with other tenants')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
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
    renderWithProviders(<ResetPasswordForm email="uma@example.test" submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await enter(screen.getByLabelText(/New password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    await enter(screen.getByLabelText(/New password/), '-and-long');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith('short-and-long'));
  });

  it('refuses blanks and the account’s email before sending', async () => {
    const submit = vi.fn(async () => true);
    renderWithProviders(<ResetPasswordForm email="uma.lind@example.test" submit={submit} />);
    await enter(screen.getByLabelText(/New password/), '          ');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The password cannot be only spaces')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/New password/));
    await enter(screen.getByLabelText(/New password/), 'UMA.LIND-99');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The password must not contain the email address')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('is locked, with the reason, for an account shared with tenants the administrator does not administer', () => {
    renderWithProviders(<ResetPasswordForm email="uma@example.test" shared submit={vi.fn(async () => true)} />);
    expect(screen.getByText(/Only a super administrator can set the password of an account shared/)).toBeVisible();
    expect(screen.getByLabelText(/New password/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Set password' })).toBeDisabled();
  });

  it('shows why the server refused', async () => {
    const submit = vi.fn(async (): Promise<boolean> => {
      throw new ApiError(400, {
        code: 'validation',
        detail: 'Change your own password from your profile',
        errors: [{ field: 'id', message: 'useChangePassword' }],
      });
    });
    renderWithProviders(<ResetPasswordForm email="uma@example.test" submit={submit} />);
    await enter(screen.getByLabelText(/New password/), 'a-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not reset the password');
    expect(alert).toHaveTextContent('Change your own password from your profile');
  });
});
