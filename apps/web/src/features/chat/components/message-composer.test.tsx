import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MessageComposer } from './message-composer';

beforeAll(() => {
  // jsdom has no FontFaceSet; the textarea's autosize listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

const setup = (onSend = vi.fn(async (_text: string) => undefined)) => {
  renderWithProviders(<MessageComposer onSend={onSend} sending={false} label="Message to Ada" />);
  return { onSend, box: screen.getByRole('textbox', { name: 'Message to Ada' }) };
};

describe('MessageComposer', () => {
  it('sends with Enter and empties the box', async () => {
    const { onSend, box } = setup();
    await userEvent.type(box, 'Hello Ada{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello Ada');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('starts a new line with Shift+Enter instead of sending', async () => {
    const { onSend, box } = setup();
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('line one\nline two');
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('line one\nline two');
  });

  it('does not send a blank message', async () => {
    const { onSend, box } = setup();
    await userEvent.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('keeps the text when sending fails', async () => {
    const { box } = setup(vi.fn(async () => Promise.reject(new Error('offline'))));
    await userEvent.type(box, 'Try again{Enter}');
    await waitFor(() => expect(box).toHaveValue('Try again'));
  });
});
