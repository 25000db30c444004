import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { enter } from '@/test/enter';
import { renderWithProviders } from '@/test/render';
import { DocumentForm } from './document-form';
import { DocumentTypeForm, FolderForm } from './simple-forms';

const TYPES = [
  { id: '6f1c1d5e-0a7b-4c33-9d7e-1a2b3c4d5e61', name: 'General' },
  { id: '6f1c1d5e-0a7b-4c33-9d7e-1a2b3c4d5e62', name: 'Handbooks' },
];

const inRouter = (ui: React.ReactElement) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);

describe('DocumentForm', () => {
  it('marks every field and sends nothing on an invalid submit', async () => {
    const submit = vi.fn();
    inRouter(
      <DocumentForm
        initialValues={{ title: '', documentTypeId: '', file: null }}
        types={TYPES}
        fileRequired
        submit={submit}
        cancelHref="/admin/documents"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(screen.getByText('A file is required')).toBeInTheDocument();
  });

  it('sends title, type and file, and shows the upload progress', async () => {
    let report: ((fraction: number) => void) | undefined;
    let finish: () => void = () => {};
    const submit = vi.fn(
      (_values: unknown, onProgress: (fraction: number) => void) =>
        new Promise<void>((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    inRouter(
      <DocumentForm
        initialValues={{ title: '', documentTypeId: TYPES[1]!.id, file: null }}
        types={TYPES}
        fileRequired
        submit={submit}
        cancelHref="/admin/documents"
      />,
    );
    await enter(screen.getByRole('textbox', { name: /Title/ }), '  Staff handbook ');
    const file = new File(['%PDF-1.4'], 'handbook.pdf', { type: 'application/pdf' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, file);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledOnce());
    expect(submit.mock.calls[0]![0]).toEqual({ title: 'Staff handbook', documentTypeId: TYPES[1]!.id, file });
    report?.(0.42);
    expect(await screen.findByText('42% uploaded')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '42');
    finish();
  });

  it('says why the upload was refused, and nothing was saved', async () => {
    const submit = vi
      .fn()
      .mockRejectedValue(new ApiError(413, { status: 413, title: 'A document file may be at most 50 MB' }));
    inRouter(
      <DocumentForm
        initialValues={{ title: 'Handbook', documentTypeId: TYPES[0]!.id, file: null }}
        types={TYPES}
        fileRequired
        submit={submit}
        cancelHref="/admin/documents"
      />,
    );
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, new File(['x'], 'a.txt'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The file is too large\. A document file may be at most 50 MB/)).toBeInTheDocument();
    expect(screen.getByText('Could not save the document')).toBeInTheDocument();
    expect(screen.queryByText(/saved without its file/)).not.toBeInTheDocument();
  });

  it('does not require a file when editing a document that has one', async () => {
    const submit = vi.fn().mockResolvedValue(undefined);
    inRouter(
      <DocumentForm
        initialValues={{ title: 'Handbook', documentTypeId: TYPES[0]!.id, file: null }}
        types={TYPES}
        fileRequired={false}
        currentFileName="handbook.pdf"
        submit={submit}
        cancelHref="/admin/documents"
      />,
    );
    expect(screen.getByText('Now: handbook.pdf. Choose a file to replace it.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledOnce());
  });
});

describe('DocumentTypeForm', () => {
  it('marks the name and sends nothing when it is empty; shows the server message on failure', async () => {
    const submit = vi.fn().mockRejectedValueOnce(new ApiError(409, { status: 409, detail: 'Name taken' }));
    inRouter(
      <DocumentTypeForm initialValues={{ name: '', isShownOnSideMenu: false }} submit={submit} cancelHref="/x" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
    await enter(screen.getByRole('textbox', { name: /Name/ }), 'Manuals');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show on sidebar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'Manuals', isShownOnSideMenu: true }));
    expect(await screen.findByText('Name taken')).toBeInTheDocument();
  });

  it('shows a name already taken (409) under the name field', async () => {
    const submit = vi.fn().mockRejectedValue(
      new ApiError(409, {
        status: 409,
        detail: 'A document type named "Manuals" already exists',
        errors: [{ field: 'name', message: 'documentTypeNameTaken' }],
      }),
    );
    inRouter(
      <DocumentTypeForm
        initialValues={{ name: 'Manuals', isShownOnSideMenu: false }}
        submit={submit}
        cancelHref="/x"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('A document type of this name already exists.');
  });

  it("keeps a system type's name read-only, says why, and still saves its side-menu flag", async () => {
    const submit = vi.fn().mockResolvedValue(undefined);
    inRouter(
      <DocumentTypeForm
        initialValues={{ name: 'General', isShownOnSideMenu: false }}
        systemType
        submit={submit}
        cancelHref="/x"
      />,
    );
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveAttribute('readonly');
    expect(name).toHaveAccessibleDescription(/A system type keeps its name/);
    await userEvent.type(name, 'X');
    expect(name).toHaveValue('General');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show on sidebar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'General', isShownOnSideMenu: true }));
  });
});

describe('FolderForm', () => {
  it('marks the name and sends nothing when empty; shows a cycle refused by the server on the parent', async () => {
    const parent = { id: '6f1c1d5e-0a7b-4c33-9d7e-1a2b3c4d5e63', name: 'Company' };
    const submit = vi.fn().mockRejectedValue(
      new ApiError(400, {
        status: 400,
        title: 'Your request has invalid fields',
        errors: [{ field: 'parentFolder', message: 'folderCycle' }],
      }),
    );
    inRouter(
      <FolderForm
        initialValues={{ name: '', parentFolderId: parent.id }}
        parents={[parent]}
        submit={submit}
        cancelHref="/folders"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'HR');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'HR', parentFolderId: parent.id }));
    expect(await screen.findAllByText('A folder cannot be inside itself or one of its subfolders.')).not.toHaveLength(
      0,
    );
  });
});
