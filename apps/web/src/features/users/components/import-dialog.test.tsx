import type { ImportPreview } from '@atrium/contracts';
import { Notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { setLanguage } from '@/shared/i18n/i18n';
import { authResult, json, problem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ImportDialog } from './import-dialog';

const PREVIEW: ImportPreview = {
  rows: [
    {
      line: 2,
      name: 'Nora',
      surname: 'Nielsen',
      email: 'nora@example.test',
      role: 'user',
      groups: ['Staff'],
      language: 'en',
      title: '',
      phone: '',
      team: '',
      department: '',
      hasPassword: false,
      errors: [],
    },
    {
      line: 3,
      name: 'Ole',
      surname: 'Olsen',
      email: 'not-an-email',
      role: 'user',
      groups: ['Nope'],
      language: '',
      title: '',
      phone: '',
      team: '',
      department: '',
      hasPassword: false,
      errors: [
        { field: 'email', message: 'invalidEmail' },
        { field: 'groups.0', message: 'unknownGroup' },
      ],
    },
    {
      line: 4,
      name: 'Pia',
      surname: '',
      email: 'pia@example.test',
      role: 'admin',
      groups: [],
      language: 'da',
      title: '',
      phone: '',
      team: '',
      department: '',
      hasPassword: false,
      errors: [],
    },
  ],
  valid: 2,
  invalid: 1,
  passwords: null,
};

/** XMLHttpRequest stand-in: reports upload progress, then answers `answer`. */
let answer: { status: number; body: unknown } = { status: 200, body: PREVIEW };
const sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
class FakeXhr {
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  status = 0;
  responseText = '';
  responseType = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    sent.push({ url: this.url, headers: this.headers, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      this.upload.onload?.();
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 10);
  }
}

/** The confirm's calls (fetchMock answers them); progress polls go to progressMock (404 by default). */
type FetchMock = ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
let fetchMock: FetchMock;
let progressMock: FetchMock;
beforeEach(() => {
  sent.length = 0;
  answer = { status: 200, body: PREVIEW };
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json({ created: 2 }));
  progressMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    problem(404, 'notFound', 'No such import is running'),
  );
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    String(url).startsWith('/core/api/users/import/progress/') ? progressMock(url, init) : fetchMock(url, init),
  );
  acceptAuthResult(authResult({ roles: ['TenantAdmin'], activeTenantId: '1281b56c-18d1-484b-9f61-2d324b63bb40' }));
});

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <Notifications />
      <ImportDialog opened onClose={onClose} />
    </>,
  );
  return onClose;
}

async function chooseFile(name = 'people.csv', content = 'name,email\n') {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(input, new File([content], name, { type: 'text/csv' }));
  await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
}

describe('ImportDialog', () => {
  it('previews every row with its problems, then imports only the rows without problems', async () => {
    const onClose = renderDialog();
    await chooseFile();
    const dialog = await screen.findByRole('dialog', { name: 'Import users' });
    expect(await within(dialog).findByText('3 rows')).toBeInTheDocument();
    expect(within(dialog).getByText('2 ready')).toBeInTheDocument();
    expect(within(dialog).getByText('1 with problems')).toBeInTheDocument();
    const rows = within(dialog).getAllByTestId('import-row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Email: Enter a valid email address');
    expect(rows[1]).toHaveTextContent('Groups: “Nope” is not a group of this tenant');
    // The upload carried the file and the token.
    expect(sent[0]?.url).toBe('/core/api/users/import');
    expect(sent[0]?.headers.authorization).toMatch(/^Bearer /);
    expect((sent[0]!.body.get('file') as File).name).toBe('people.csv');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 users' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/core/api/users/import/confirm');
    const body = JSON.parse(init.body as string);
    expect(body.rows.map((r: { line: number }) => r.line)).toEqual([2, 4]);
    expect(body.rows[0]).not.toHaveProperty('errors');
    expect(body.importId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('2 users imported')).toBeInTheDocument();
  });

  it('says why a row’s password is refused and which rows have one, and sends the passwords back sealed', async () => {
    const row = {
      surname: '',
      role: 'user',
      groups: [],
      language: 'en',
      title: '',
      phone: '',
      team: '',
      department: '',
    };
    answer = {
      status: 200,
      body: {
        rows: [
          { ...row, line: 2, name: 'Rut', email: 'rut@example.test', hasPassword: true, errors: [] },
          {
            ...row,
            line: 3,
            name: 'Sam',
            email: 'sam@example.test',
            hasPassword: true,
            errors: [{ field: 'password', message: 'passwordTooCommon' }],
          },
          {
            ...row,
            line: 4,
            name: 'Tove',
            email: 'tove.dahl@example.test',
            hasPassword: true,
            errors: [{ field: 'password', message: 'passwordContainsEmail' }],
          },
        ],
        valid: 1,
        invalid: 2,
        passwords: 'sealed-by-the-server',
      } satisfies ImportPreview,
    };
    const onClose = renderDialog();
    await chooseFile();
    const dialog = await screen.findByRole('dialog', { name: 'Import users' });
    const rows = await within(dialog).findAllByTestId('import-row');
    expect(rows[1]).toHaveTextContent('Password: This password is too common');
    expect(rows[2]).toHaveTextContent('Password: The password must not contain the email address');
    // Whether a row has a password, under its column; never a password (the server sends none).
    const passwordColumn = within(dialog).getByRole('columnheader', { name: 'Password' });
    expect(passwordColumn).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Given');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 user' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string);
    expect(body.passwords).toBe('sealed-by-the-server');
    expect(body.rows).toEqual([expect.objectContaining({ line: 2, email: 'rut@example.test' })]);
    expect(body.rows[0]).not.toHaveProperty('password');
    expect(body.rows[0]).not.toHaveProperty('hasPassword');
  });

  it("says 'Could not import users' with the reason when the file cannot be read", async () => {
    answer = {
      status: 400,
      body: {
        title: 'Your request has invalid fields',
        status: 400,
        code: 'validation',
        detail: 'The file has no "email" column',
        errors: [{ field: 'file', message: 'missingColumn.email' }],
      },
    };
    renderDialog();
    await chooseFile();
    const alert = await within(screen.getByRole('dialog', { name: 'Import users' })).findByRole('alert');
    expect(alert).toHaveTextContent('Could not import users');
    expect(alert).toHaveTextContent('The file has no “email” column');
  });

  it('refuses other files than xlsx and csv before uploading', async () => {
    renderDialog();
    await chooseFile('people.txt');
    expect(await screen.findByText('Use an xlsx workbook or a UTF-8 CSV file')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('shows the rows being created and the time the confirm has taken while the server works', async () => {
    let answerConfirm = (_: Response) => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answerConfirm = resolve)));
    const onClose = renderDialog();
    await chooseFile();
    const dialog = await screen.findByRole('dialog', { name: 'Import users' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 2 users' }));
    expect(within(dialog).getByText('Creating 2 users…')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(within(dialog).getByRole('timer')).toHaveTextContent('0:00 elapsed');
    // The clock ticks while the one request is out.
    await waitFor(() => expect(within(dialog).getByRole('timer')).toHaveTextContent('0:01 elapsed'), {
      timeout: 3000,
    });
    expect(onClose).not.toHaveBeenCalled();
    answerConfirm(json({ created: 2 }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows how far the server is, step by step, with a percentage, in English and Danish', async () => {
    let answerConfirm = (_: Response) => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answerConfirm = resolve)));
    const answers = [
      problem(404, 'notFound', 'No such import is running'),
      json({ step: 'hashing', done: 1, total: 2 }),
    ];
    progressMock.mockImplementation(async () => answers.shift() ?? json({ step: 'writing', done: 2, total: 2 }));
    renderDialog();
    await chooseFile();
    const dialog = await screen.findByRole('dialog', { name: 'Import users' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 2 users' }));
    // Before the server's first answer: the running bar, no step and no percentage.
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('import-progress-text')).toBeNull();
    const { importId } = JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string);
    const hashing = await within(dialog).findByRole(
      'progressbar',
      { name: 'Import progress: Securing passwords' },
      { timeout: 3000 },
    );
    expect(hashing).toHaveAttribute('aria-valuenow', '50');
    expect(hashing).toHaveAttribute('aria-valuemin', '0');
    expect(hashing).toHaveAttribute('aria-valuemax', '100');
    expect(within(dialog).getByTestId('import-progress-text')).toHaveTextContent(
      'Step 2 of 3: Securing passwords, 1 of 2 rows (50%)',
    );
    expect(progressMock.mock.calls[0]![0]).toBe(`/core/api/users/import/progress/${importId}`);
    await act(() => setLanguage('da'));
    try {
      const writing = await within(dialog).findByRole(
        'progressbar',
        { name: 'Import-fremskridt: Opretter brugere' },
        { timeout: 3000 },
      );
      expect(writing).toHaveAttribute('aria-valuenow', '100');
      expect(within(dialog).getByTestId('import-progress-text')).toHaveTextContent(
        'Trin 3 af 3: Opretter brugere, 2 af 2 rækker (100 %)',
      );
    } finally {
      await act(() => setLanguage('en'));
    }
    answerConfirm(json({ created: 2 }));
    expect(await screen.findByText('2 users imported')).toBeInTheDocument();
    // No more asking once the import has answered.
    const asked = progressMock.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(progressMock.mock.calls.length).toBe(asked);
  });

  it("shows the server's message when the confirmed import fails, and keeps the preview", async () => {
    fetchMock.mockImplementation(async () =>
      json(
        {
          title: 'Limit reached',
          status: 409,
          code: 'quotaExceeded',
          detail: 'The partner tenant "Northwind Partners" may have at most 3 users; this would make 5',
        },
        409,
      ),
    );
    renderDialog();
    await chooseFile();
    const dialog = await screen.findByRole('dialog', { name: 'Import users' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 2 users' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not import users');
    expect(alert).toHaveTextContent('may have at most 3 users; this would make 5');
    expect(within(dialog).getAllByTestId('import-row')).toHaveLength(3);
  });
});
