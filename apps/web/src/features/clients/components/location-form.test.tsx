import { RADIUS_OPTIONS } from '@atrium/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { enter } from '@/test/enter';
import { renderWithProviders } from '@/test/render';
import { LocationForm, locationValues } from './location-form';

const options = async () => {
  await userEvent.click(screen.getByRole('combobox', { name: 'Radius' }));
  return (await screen.findAllByRole('option')).map((o) => o.textContent);
};

describe('LocationForm', () => {
  it('offers the kilometre options when the tenant uses kilometres', async () => {
    renderWithProviders(
      <LocationForm initialValues={locationValues(undefined)} useKmAsValues onCancel={() => {}} submit={vi.fn()} />,
    );
    expect(await options()).toEqual([
      '0.5 km',
      '1 km',
      '2 km',
      '3 km',
      '4 km',
      '5 km',
      '6 km',
      '7 km',
      '8 km',
      '9 km',
      '10 km',
      '12 km',
      '15 km',
    ]);
  });

  it('offers the mile options otherwise, and sends the radius in metres', async () => {
    const submit = vi.fn(async () => {});
    renderWithProviders(
      <LocationForm
        initialValues={locationValues(undefined)}
        useKmAsValues={false}
        onCancel={() => {}}
        submit={submit}
      />,
    );
    expect(await options()).toEqual([
      '3 mi',
      '4 mi',
      '5 mi',
      '6 mi',
      '7 mi',
      '8 mi',
      '9 mi',
      '10 mi',
      '12 mi',
      '15 mi',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '3 mi' }));
    await enter(screen.getByRole('textbox', { name: /^Title/ }), 'Depot');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Depot', radius: RADIUS_OPTIONS.miles[0]!.metres }),
    );
    expect(RADIUS_OPTIONS.miles[0]!.metres).toBe(4828.03);
  });

  it('keeps a radius saved in the other unit as an option', async () => {
    renderWithProviders(
      <LocationForm
        initialValues={{ ...locationValues(undefined), title: 'x', radius: String(RADIUS_OPTIONS.km[1]!.metres) }}
        useKmAsValues={false}
        onCancel={() => {}}
        submit={vi.fn()}
      />,
    );
    // In the tenant's unit first, so it does not pass for one of the mile options.
    expect((await options())[0]).toBe('0.6 mi (1 km)');
  });

  it('refuses a latitude out of range and a longitude that is not a number, each on its field', async () => {
    const submit = vi.fn();
    renderWithProviders(
      <LocationForm initialValues={locationValues(undefined)} useKmAsValues onCancel={() => {}} submit={submit} />,
    );
    await enter(screen.getByRole('textbox', { name: /^Title/ }), 'Depot');
    await userEvent.type(screen.getByRole('textbox', { name: 'Latitude' }), '200');
    await userEvent.type(screen.getByRole('textbox', { name: 'Longitude' }), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveAccessibleDescription('Out of range');
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveAccessibleDescription('Enter a number');
  });

  it('sends nothing without a title', async () => {
    const submit = vi.fn();
    renderWithProviders(
      <LocationForm initialValues={locationValues(undefined)} useKmAsValues onCancel={() => {}} submit={submit} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });
});
