import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RichTextField } from './rich-text-field';

describe('RichTextField', () => {
  it('offers the toolbar of its formats and marks the editor invalid when an error comes later', async () => {
    const field = (error?: string) => (
      <RichTextField
        label="Footer"
        value="<p>Hi</p>"
        onChange={() => {}}
        error={error}
        formats={['heading', 'marks']}
      />
    );
    const { rerender } = renderWithProviders(field());
    const editor = await screen.findByRole('textbox', { name: 'Footer' });
    expect(editor).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('toolbar').querySelectorAll('button')).toHaveLength(3);
    rerender(field('Too long'));
    await waitFor(() => expect(editor).toHaveAttribute('aria-invalid', 'true'));
    rerender(field());
    await waitFor(() => expect(editor).not.toHaveAttribute('aria-invalid'));
  });
});
