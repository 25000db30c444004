import { TENANT_LIMITS } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LogoUploadField, logoProblem } from './logo-upload-field';

const TEXT = {
  upload: 'Upload',
  replace: 'Replace',
  remove: 'Remove',
  removeLabel: 'Remove the logo',
  uploading: 'Uploading',
  previewAlt: 'Logo preview',
  unsupportedImage: 'Not an image we take',
  imageTooLarge: 'Too large',
};

function Field({ fail = false }: { fail?: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (fail) throw new Error('quota');
      return `/media/${file.name}`;
    },
  });
  return (
    <LogoUploadField
      label="Logo"
      hint="PNG, JPG, SVG or ICO"
      previewSrc={value}
      upload={upload}
      onUploaded={setValue}
      onRemove={() => setValue(null)}
      problemText={(err) => `Failed: ${(err as Error).message}`}
      text={TEXT}
    />
  );
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('LogoUploadField', () => {
  it('uploads a chosen logo, previews it, then offers replace and remove', async () => {
    renderWithProviders(<Field />);
    // The upload button is the field's labelled control.
    expect(screen.getByRole('button', { name: 'Logo' })).toHaveTextContent('Upload');
    await userEvent.upload(input(), file('brand.png'));
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/media/brand.png');
    expect(screen.getByRole('button', { name: 'Logo' })).toHaveTextContent('Replace');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the logo' }));
    expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument();
  });

  it('refuses a file of another type before uploading, and says why an upload failed', async () => {
    const { unmount } = renderWithProviders(<Field />);
    await userEvent.upload(input(), file('notes.txt'), { applyAccept: false });
    expect(await screen.findByText('Not an image we take')).toBeInTheDocument();
    unmount();
    renderWithProviders(<Field fail />);
    await userEvent.upload(input(), file('brand.png'));
    await waitFor(() => expect(screen.getByText('Failed: quota')).toBeInTheDocument());
  });

  it('checks type by extension and size by the server limit', () => {
    expect(logoProblem(file('a.JPEG'))).toBeNull();
    expect(logoProblem(file('a.gif'))).toBe('unsupportedImage');
    expect(logoProblem(file('a.svg', TENANT_LIMITS.logoMaxBytes + 1))).toBe('imageTooLarge');
  });
});
