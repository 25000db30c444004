import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RecoveryCodes } from './recovery-codes';

describe('RecoveryCodes', () => {
  it('downloads the codes as a text file, its URL revoked only after the browser took it', async () => {
    const created: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:codes';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<RecoveryCodes codes={['aaaa-bbbb', 'cccc-dddd']} onDone={() => undefined} />);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(create).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
    expect(await created[0]!.text()).toContain('aaaa-bbbb\ncccc-dddd');
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1500);
    expect(revoke).toHaveBeenCalledWith('blob:codes');
  });
});
