import type { CompanyBodyInput } from '@atrium/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { enter } from '@/test/enter';
import { renderWithProviders } from '@/test/render';
import { ClientForm } from './client-form';
import { bodyFromValues, emptyClientValues } from './client-form-values';

beforeAll(() => {
  // jsdom has no FontFaceSet; the textareas' autosize listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

const renderForm = (submit: (body: CompanyBodyInput) => Promise<unknown>) =>
  renderWithProviders(
    <MemoryRouter>
      <ClientForm initialValues={emptyClientValues()} submit={submit} />
    </MemoryRouter>,
  );

describe('ClientForm', () => {
  it('sends nothing on an invalid submit and marks the title', async () => {
    const submit = vi.fn(async () => {});
    renderForm(submit);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    const title = screen.getByRole('textbox', { name: /^Name/ });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Required')).toBeInTheDocument();
    await waitFor(() => expect(title).toHaveFocus());
  });

  it('sends every field, leaving an empty clientSince out', async () => {
    const submit = vi.fn(async (_body: CompanyBodyInput) => {});
    renderForm(submit);
    await enter(screen.getByRole('textbox', { name: /^Name/ }), 'Nordlys ApS');
    await enter(screen.getByRole('textbox', { name: 'Client code' }), 'NL-01');
    await userEvent.click(screen.getByRole('checkbox', { name: 'AE advisor' }));
    await enter(screen.getByRole('textbox', { name: 'Invoice: bill to' }), 'Finance');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const body = submit.mock.calls[0]![0];
    expect(body).toMatchObject({
      title: 'Nordlys ApS',
      clientCode: 'NL-01',
      aeAdvisor: true,
      invoice: { billTo: 'Finance', email: '' },
    });
    expect('clientSince' in body).toBe(false);
  });

  it('takes clientSince typed as dd-MM-yyyy and sends it as YYYY-MM-DD', async () => {
    const submit = vi.fn(async (_body: CompanyBodyInput) => {});
    renderForm(submit);
    await enter(screen.getByRole('textbox', { name: /^Name/ }), 'Nordlys ApS');
    const since = screen.getByRole('textbox', { name: 'Client since' });
    await userEvent.type(since, '04-03-2021{Escape}');
    expect(since).toHaveValue('04-03-2021');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]![0].clientSince).toBe('2021-03-04');
  });

  it('refuses a latitude out of range and a longitude that is not a number, each on its field', async () => {
    const submit = vi.fn(async () => {});
    renderForm(submit);
    await enter(screen.getByRole('textbox', { name: /^Name/ }), 'Nordlys');
    const latitude = screen.getByRole('textbox', { name: 'Latitude' });
    const longitude = screen.getByRole('textbox', { name: 'Longitude' });
    await userEvent.type(latitude, '200');
    await userEvent.type(longitude, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    expect(latitude).toHaveValue('200');
    expect(longitude).toHaveValue('abc');
    expect(latitude).toHaveAccessibleDescription('Out of range');
    expect(longitude).toHaveAccessibleDescription('Enter a number');
    await userEvent.clear(latitude);
    await enter(latitude, '55,676');
    await userEvent.clear(longitude);
    await enter(longitude, '12.568');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith(expect.objectContaining({ latitude: 55.676, longitude: 12.568 })),
    );
  });

  it('sends clientSince as the API’s date', () => {
    expect(bodyFromValues({ ...emptyClientValues(), title: 'x', clientSince: '2021-03-04' }).clientSince).toBe(
      '2021-03-04',
    );
  });

  it('shows the spec’s alert when saving fails', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(409, { title: 'Conflict', status: 409, detail: 'Something clashed' });
    });
    renderForm(submit);
    await enter(screen.getByRole('textbox', { name: /^Name/ }), 'Nordlys');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not submit the tenant profile');
  });
});
