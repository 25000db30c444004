import { MultiSelect, Select, TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FormDialog, type FormDialogProps } from './form-dialog';

type Props = Partial<FormDialogProps> & { withField?: boolean };

function Harness({ withField = true, ...props }: Props) {
  const [name, setName] = useState('');
  return (
    <FormDialog
      opened
      onClose={() => {}}
      title="Rename the thing"
      onSubmit={() => {}}
      submitLabel="Save"
      cancelLabel="Cancel"
      {...props}
    >
      <p>Choose a new name.</p>
      {withField && <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />}
      {withField && <TextInput label="Note" />}
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('is a dialog named by its title', async () => {
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('dialog', { name: 'Rename the thing' })).toBeInTheDocument();
  });

  it('puts focus on the first field when it opens', async () => {
    renderWithProviders(<Harness />);
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('puts focus on cancel when it has no field, the harmless choice of a confirmation', async () => {
    renderWithProviders(<Harness withField={false} danger />);
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
  });

  it('submits on Enter in a field and from the submit button', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.type(name, 'New{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('does not submit while the call is running or while submitting is disabled', async () => {
    const onSubmit = vi.fn();
    const { rerender } = renderWithProviders(<Harness onSubmit={onSubmit} pending />);
    await userEvent.type(await screen.findByLabelText('Name'), 'x{Enter}');
    rerender(<Harness onSubmit={onSubmit} submitDisabled />);
    await userEvent.type(screen.getByLabelText('Name'), 'y{Enter}');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes from cancel without submitting', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onClose={onClose} onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes at the first Escape while a text field has focus', async () => {
    const onClose = vi.fn();
    renderWithProviders(<Harness onClose={onClose} />);
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['Select', <Select key="s" label="Person" searchable data={['Ann', 'Bo']} />],
    ['MultiSelect', <MultiSelect key="m" label="Person" searchable data={['Ann', 'Bo']} />],
  ])('closes at the first Escape when the first field is a searchable %s', async (_, field) => {
    // Focusing a searchable select used to open its list, and the first Escape only closed the list.
    const onClose = vi.fn();
    renderWithProviders(
      <FormDialog opened onClose={onClose} title="Pick" onSubmit={() => {}} submitLabel="Save" cancelLabel="Cancel">
        {field}
      </FormDialog>,
    );
    const input = await screen.findByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the failure in an alert above the buttons, and nothing without one', async () => {
    const { rerender } = renderWithProviders(<Harness error={false} />);
    await screen.findByRole('dialog');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<Harness error="The name is taken" errorTitle="Could not rename" />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The name is taken')).toBeInTheDocument();
    expect(within(alert).getByText('Could not rename')).toBeInTheDocument();
  });

  it('marks a destructive submit red', async () => {
    renderWithProviders(<Harness danger />);
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute(
      'style',
      expect.stringContaining('red'),
    );
  });
});
