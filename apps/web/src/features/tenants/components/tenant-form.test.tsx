import type { TenantBody } from '@atrium/contracts';
import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { renderWithProviders } from '../../../test/render';
import type { TenantFeature } from '../api/get-tenant-features';
import type { UserOption } from '../api/get-user-options';
import { TenantForm } from './tenant-form';
import { emptyTenantValues, type TenantFormValues } from './tenant-form-values';

beforeAll(() => {
  // jsdom has no FontFaceSet; the remarks textarea's autosize listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

// Toasts live in a store of their own, which outlives each test's render.
afterEach(() => notifications.clean());

const feature = (id: string, name: string): TenantFeature => ({
  id,
  name,
  selected: false,
  mobile: false,
  customTitle: null,
  customDescription: null,
});
const NEWS = feature('6f1c1d5e-0a7b-4c33-9d7e-1a2b3c4d5e61', 'News');
const CALENDAR = feature('6f1c1d5e-0a7b-4c33-9d7e-1a2b3c4d5e62', 'Calendar');
const CHAT = feature('6f1c1d5e-0a7b-4c33-9d7e-1a2b3c4d5e63', 'Chat');
const ADA: UserOption = {
  id: '0d6f3b8e-5c1a-4b2d-8e9f-0a1b2c3d4e5f',
  fullName: 'Ada Admin',
  email: 'admin@atrium.test',
  imagePath: null,
};
const UMA: UserOption = {
  id: '1e7a4c9f-6d2b-4c3e-9fa0-1b2c3d4e5f60',
  fullName: 'Uma User',
  email: 'user@atrium.test',
  imagePath: null,
};

function renderForm(
  overrides: Partial<TenantFormValues> = {},
  { isSuperadmin = true, submit = vi.fn(async (_body: TenantBody) => {}) } = {},
) {
  renderWithProviders(
    <MemoryRouter>
      <Notifications />
      <TenantForm
        initialValues={{ ...emptyTenantValues(), ...overrides }}
        features={[NEWS, CALENDAR, CHAT]}
        users={[ADA, UMA]}
        isSuperadmin={isSuperadmin}
        isNew
        submit={submit}
      />
    </MemoryRouter>,
  );
  return submit;
}

const create = () => userEvent.click(screen.getByRole('button', { name: 'Create tenant' }));
const sent = (submit: ReturnType<typeof vi.fn>) => submit.mock.calls[0]?.[0] as TenantBody;

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('TenantForm', () => {
  it('requires a name and at least one user, and sends nothing until both are there', async () => {
    const submit = renderForm();
    await create();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Select at least one user')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '  Acme Care  ');
    await pick('Users', 'Uma User (user@atrium.test)');
    await create();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const body = sent(submit);
    expect(body.name).toBe('Acme Care');
    expect(body.userIds).toEqual([UMA.id]);
    // Defaults of the spec: kilometres on, unauthorised access off.
    expect(body.useKmAsValues).toBe(true);
    expect(body.allowUnauthorizedAccess).toBe(false);
  });

  it('sends empty colours and the default font as null, and refuses a colour that is not #rgb or #rrggbb', async () => {
    const submit = renderForm({ name: 'Acme', userIds: [ADA.id] });
    const primary = screen.getByRole('textbox', { name: 'Primary colour' });
    await userEvent.type(primary, '#12');
    await userEvent.tab();
    expect(await screen.findByText('Use a hex colour: # and 3 or 6 hex digits')).toBeInTheDocument();
    await create();
    expect(submit).not.toHaveBeenCalled();

    await userEvent.clear(primary);
    await userEvent.type(primary, '#abc');
    await create();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(sent(submit).customTenantProperties).toMatchObject({
      primaryColor: '#abc',
      secondaryColor: null,
      backgroundColor: null,
      menuBackgroundColor: null,
      appThemeColor: null,
      fontFamily: null,
    });
  });

  it('shows the partner checkbox to super administrators only; it toggles the two limits and unticking clears them', async () => {
    const submit = renderForm({ name: 'Acme', userIds: [ADA.id] });
    expect(screen.queryByRole('textbox', { name: 'Maximum users it can create' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Partner tenant' }));
    const maxUsers = screen.getByRole('textbox', { name: 'Maximum users it can create' });
    const maxTenants = screen.getByRole('textbox', { name: 'Maximum tenants it can create' });
    // Digits only: the minus sign and letters never make it into the field.
    await userEvent.type(maxUsers, '-1a2');
    expect(maxUsers).toHaveValue('12');
    await userEvent.type(maxTenants, '0');
    await create();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(sent(submit)).toMatchObject({ isPartnerTenant: true, maxUsersCanCreate: 12, maxTenantsCanCreate: 0 });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Partner tenant' }));
    expect(screen.queryByRole('textbox', { name: 'Maximum users it can create' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Partner tenant' }));
    expect(screen.getByRole('textbox', { name: 'Maximum users it can create' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Maximum tenants it can create' })).toHaveValue('');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Partner tenant' }));
    await create();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    expect(submit.mock.calls[1]?.[0]).toMatchObject({
      isPartnerTenant: false,
      maxUsersCanCreate: null,
      maxTenantsCanCreate: null,
    });
  });

  it('hides the partner settings from a partner manager', () => {
    renderForm({}, { isSuperadmin: false });
    expect(screen.queryByRole('checkbox', { name: 'Partner tenant' })).not.toBeInTheDocument();
  });

  it('narrows the mobile menu to the chosen features, and Calendar reveals the calendar-as-list option', async () => {
    const submit = renderForm({ name: 'Acme', userIds: [ADA.id] });
    expect(screen.getByRole('combobox', { name: 'Mobile menu' })).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: 'Show the calendar as a list' })).not.toBeInTheDocument();

    await pick('Features', 'News');
    await pick('Features', 'Calendar');
    expect(screen.getByRole('checkbox', { name: 'Show the calendar as a list' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Mobile menu' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['News', 'Calendar']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Calendar' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show the calendar as a list' }));
    await create();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(sent(submit)).toMatchObject({
      featureIds: [NEWS.id, CALENDAR.id],
      mobileFeatureIds: [CALENDAR.id],
      showCalendarAsList: true,
    });
  });

  it('drops a feature from the mobile menu and the calendar option when the feature is removed', async () => {
    const submit = renderForm({
      name: 'Acme',
      userIds: [ADA.id],
      featureIds: [NEWS.id, CALENDAR.id],
      mobileFeatureIds: [CALENDAR.id],
      showCalendarAsList: true,
    });
    const features = screen.getByRole('combobox', { name: 'Features' }).closest('.mantine-MultiSelect-root');
    const calendarPill = within(features as HTMLElement)
      .getByText('Calendar')
      .closest('.mantine-Pill-root') as HTMLElement;
    await userEvent.click(within(calendarPill).getByRole('button', { hidden: true }));
    expect(screen.queryByRole('checkbox', { name: 'Show the calendar as a list' })).not.toBeInTheDocument();
    await create();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(sent(submit)).toMatchObject({ featureIds: [NEWS.id], mobileFeatureIds: [], showCalendarAsList: false });
  });

  it("warns with 'putHttps' for a preferred URL without http:// or https://", async () => {
    const submit = renderForm({ name: 'Acme', userIds: [ADA.id] });
    await userEvent.type(screen.getByRole('textbox', { name: 'Preferred URL' }), 'acme.example');
    await create();
    expect(await screen.findAllByText('Put http:// or https:// at the start of the URL')).not.toHaveLength(0);
    // The toast is a warning (yellow), not only the field's message.
    // Leaving the field and saving both warn, but with one toast.
    await waitFor(() => expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1));
    expect(document.querySelector('.mantine-Notification-root')).toHaveTextContent('Put http:// or https://');
    expect(submit).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields and shows 'Could not submit the tenant profile'", async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(400, {
        code: 'validation',
        detail: 'customTenantProperties.primaryColor: invalidHexColour; userIds.0: unknownUser',
        errors: [
          { field: 'customTenantProperties.primaryColor', message: 'invalidHexColour' },
          { field: 'userIds.0', message: 'unknownUser' },
        ],
      });
    });
    renderForm({ name: 'Acme', userIds: [ADA.id] }, { submit });
    await create();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not submit the tenant profile')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Primary colour' })).toHaveAccessibleDescription(
      'Use a hex colour: # and 3 or 6 hex digits',
    );
    expect(
      screen.getByText('One of the users cannot be added', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
  });

  it("shows a partner manager the server's quota message clearly", async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(409, {
        code: 'quotaExceeded',
        detail: 'The partner tenant "Northwind Partners" may create at most 1 tenants and already has 1',
      });
    });
    renderForm({ name: 'Acme', userIds: [ADA.id] }, { isSuperadmin: false, submit });
    await create();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not submit the tenant profile');
    expect(alert).toHaveTextContent(
      'Your partner tenant has reached its limit. The partner tenant "Northwind Partners" may create at most 1 tenants and already has 1',
    );
  });
});
