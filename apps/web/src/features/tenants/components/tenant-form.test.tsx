import type { TenantBody } from '@atrium/contracts';
import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TenantFeature } from '@/features/tenants/api/get-tenant-features';
import type { UserOption } from '@/features/tenants/api/get-user-options';
import { ApiError } from '@/shared/api/api-error';
import { NotBuiltModulesProvider } from '@/shared/menu/not-built';
import { enter } from '@/test/enter';
import { json } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
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

const ZOE: UserOption = {
  id: '2f8b5da0-7e3c-4d4f-8ab1-2c3d4e5f6071',
  fullName: 'Zoe Zimmer',
  email: 'zoe@atrium.test',
  imagePath: null,
};
/** Everyone the caller may add, as the server would search them. */
const PEOPLE = [ADA, UMA, ZOE];

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname.endsWith('/users/dataselect')) {
      const ids = url.searchParams.get('ids');
      if (ids) return json(PEOPLE.filter((u) => ids.split(',').includes(u.id)));
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return json(PEOPLE.filter((u) => `${u.fullName} ${u.email}`.toLowerCase().includes(search)));
    }
    return json({ title: 'Not found', status: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

/** The dataselect calls made so far, as their query strings' search and ids. */
const userCalls = () =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/users/dataselect'))
    .map((u) => ({ search: u.searchParams.get('search'), ids: u.searchParams.get('ids') }));

const usersBox = () => screen.getByRole('combobox', { name: 'Users' });
/** The labels of the chosen users' pills. */
const pills = () =>
  [...(usersBox().closest('.mantine-MultiSelect-root')?.querySelectorAll('.mantine-Pill-label') ?? [])].map(
    (p) => p.textContent,
  );
/** The options the open dropdown lists. */
const shown = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option')
    .map((o) => o.textContent);

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

    await enter(screen.getByRole('textbox', { name: 'Name' }), '  Acme Care  ');
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

  it("names features by the tenant's own title, else the translated name, never the catalogue name", async () => {
    const hours = { ...feature('6f1c1d5e-0a7b-4c33-9d7e-1a2b3c4d5e64', 'TimeLogs'), customTitle: 'Hours' };
    const plan = feature('6f1c1d5e-0a7b-4c33-9d7e-1a2b3c4d5e65', 'PersonalPlan');
    renderWithProviders(
      <MemoryRouter>
        <TenantForm
          initialValues={emptyTenantValues()}
          features={[NEWS, hours, plan]}
          isSuperadmin
          isNew
          submit={vi.fn(async () => {})}
        />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Features' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['News', 'Hours', 'Personal plan']);
  });

  it('marks a feature whose module this version does not have, which cannot be switched on', async () => {
    renderWithProviders(
      <MemoryRouter>
        <NotBuiltModulesProvider modules={new Set(['news'])}>
          <TenantForm
            initialValues={emptyTenantValues()}
            features={[NEWS, CALENDAR, CHAT]}
            isSuperadmin
            isNew
            submit={vi.fn(async () => {})}
          />
        </NotBuiltModulesProvider>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Features' }));
    expect(shown()).toEqual(['News (not available in this version)', 'Calendar', 'Chat']);
    const news = screen.getByRole('option', { name: 'News (not available in this version)' });
    expect(news).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Chat' })).not.toHaveAttribute('aria-disabled');
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
    await enter(screen.getByRole('textbox', { name: 'Preferred URL' }), 'acme.example');
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

  it("shows a taken tenant name on the name field as 'tenantNameTaken'", async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(409, {
        code: 'conflict',
        detail: 'A tenant named "Acme" already exists',
        errors: [{ field: 'name', message: 'tenantNameTaken' }],
      });
    });
    renderForm({ name: 'Acme', userIds: [ADA.id] }, { submit });
    await create();
    await screen.findByRole('alert');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Another tenant already has this name',
    );
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

describe('TenantForm logos', () => {
  const LOGO = '/core/api/media/5d0c9f2e-8b1a-4c3d-9e7f-1a2b3c4d5e6f.png';

  it('uploads each logo for its own field, and says when the hourly upload volume is used up', async () => {
    fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (!url.pathname.endsWith('/tenants/media')) return json({ title: 'Not found', status: 404 }, 404);
      if (url.searchParams.get('field') === 'logoMediaFile') return json({ path: LOGO }, 201);
      return json(
        {
          status: 429,
          code: 'tooManyRequests',
          title: 'Too many attempts',
          detail: 'You may upload 20 MB an hour; try again in 13 min.',
          errors: [{ field: 'file', message: 'uploadVolumeExceeded' }],
        },
        429,
        { 'retry-after': '780' },
      );
    });
    renderForm();
    const [logo, mobile] = [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')];
    const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(logo!, png());
    expect(await screen.findByRole('img', { name: /Logo/ })).toHaveAttribute('src', LOGO);
    await userEvent.upload(mobile!, png());
    expect(
      await screen.findByText('You have uploaded as much as you may in an hour. Try again in 13 min.'),
    ).toBeInTheDocument();
    const fields = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname.endsWith('/tenants/media'))
      .map((u) => u.searchParams.get('field'));
    expect(fields).toEqual(['logoMediaFile', 'mobileLogoMediaFile']);
  });
});

describe('TenantForm users picker', () => {
  it('asks the server nothing until it is opened, then lists its first users', async () => {
    renderForm();
    expect(usersBox()).toHaveAccessibleDescription('Type a name or email to search; the first 50 matches are listed.');
    expect(userCalls()).toEqual([]);
    await userEvent.click(usersBox());
    await waitFor(() =>
      expect(shown()).toEqual([
        'Ada Admin (admin@atrium.test)',
        'Uma User (user@atrium.test)',
        'Zoe Zimmer (zoe@atrium.test)',
      ]),
    );
    expect(userCalls()).toEqual([{ search: null, ids: null }]);
  });

  it('searches the server once typing pauses and lists exactly its matches', async () => {
    renderForm();
    await userEvent.click(usersBox());
    await waitFor(() => expect(shown()).toHaveLength(3));
    // No pause between the keys (no timer runs between them), as a quick typist's would be.
    const typist = userEvent.setup({ delay: null });
    await typist.type(usersBox(), 'zim');
    await waitFor(() => expect(shown()).toEqual(['Zoe Zimmer (zoe@atrium.test)']));
    // One request for the word, none for each keystroke.
    expect(userCalls().map((c) => c.search)).toEqual([null, 'zim']);
    expect(screen.getByText('1 user found')).toBeInTheDocument();

    await typist.type(usersBox(), 'xx');
    expect(await within(screen.getByRole('listbox')).findByText('Nothing found')).toBeInTheDocument();
    expect(userCalls().map((c) => c.search)).toEqual([null, 'zim', 'zimxx']);
  });

  it('keeps the labels of chosen users that the current search does not list; picks with the keyboard', async () => {
    const submit = renderForm({ name: 'Acme' });
    await userEvent.click(usersBox());
    await userEvent.type(usersBox(), 'uma');
    await waitFor(() => expect(shown()).toEqual(['Uma User (user@atrium.test)']));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(pills()).toEqual(['Uma User']);

    await userEvent.type(usersBox(), 'zoe');
    await waitFor(() => expect(shown()).toEqual(['Zoe Zimmer (zoe@atrium.test)']));
    expect(pills()).toEqual(['Uma User']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(pills()).toEqual(['Uma User', 'Zoe Zimmer']);

    await userEvent.type(usersBox(), 'ada');
    await waitFor(() => expect(shown()).toEqual(['Ada Admin (admin@atrium.test)']));
    expect(pills()).toEqual(['Uma User', 'Zoe Zimmer']);
    await create();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(sent(submit).userIds).toEqual([UMA.id, ZOE.id]);
  });

  it("labels an existing tenant's users by id, and marks one the caller cannot see", async () => {
    const hidden = '3a9c6eb1-8f4d-4e5a-9bc2-3d4e5f607182';
    const submit = renderForm({ name: 'Acme', userIds: [UMA.id, ADA.id, hidden] });
    await waitFor(() => expect(pills()).toEqual(['Uma User', 'Ada Admin', 'Unknown user']));
    // A pill names the user; its tooltip adds the email.
    expect(screen.getByTitle('Ada Admin (admin@atrium.test)')).toHaveTextContent('Ada Admin');
    expect(userCalls()).toEqual([{ search: null, ids: `${UMA.id},${ADA.id},${hidden}` }]);

    const unknown = screen.getByText('Unknown user').closest('.mantine-Pill-root') as HTMLElement;
    await userEvent.click(within(unknown).getByRole('button', { hidden: true }));
    await create();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(sent(submit).userIds).toEqual([UMA.id, ADA.id]);
  });

  it('shows a loader and says it is searching while the server answers', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderForm();
    await userEvent.click(usersBox());
    const root = usersBox().closest('.mantine-MultiSelect-root') as HTMLElement;
    await waitFor(() => expect(root.querySelector('.mantine-Loader-root')).not.toBeNull());
    expect(within(screen.getByRole('listbox')).getByText('Searching…')).toBeInTheDocument();
    answer(json([ZOE]));
    await waitFor(() => expect(shown()).toEqual(['Zoe Zimmer (zoe@atrium.test)']));
    expect(root.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('says so when the search fails', async () => {
    fetchMock.mockImplementation(async () => json({ title: 'Oops', status: 500 }, 500));
    renderForm();
    await userEvent.click(usersBox());
    expect(await screen.findByText('Could not search the users. Try again.')).toBeInTheDocument();
  });
});
