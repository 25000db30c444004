import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from './i18n';
import { Trans, useTranslation } from './use-translation';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

function Greeting() {
  const { t, i18n } = useTranslation();
  return (
    <p>
      {i18n.language}: {t('tenants.delete.question', { name: 'Harbour' })}
    </p>
  );
}

describe('useTranslation', () => {
  it('re-renders in the new language when it changes', async () => {
    render(<Greeting />);
    expect(screen.getByText('en: Do you really want to delete <b>Harbour</b>?')).toBeInTheDocument();
    await act(() => setLanguage('da'));
    expect(screen.getByText('da: Vil du virkelig slette <b>Harbour</b>?')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('da-DK');
  });

  it('gives a new t when the language changes, so memos recompute', async () => {
    const seen: unknown[] = [];
    function Probe() {
      seen.push(useTranslation().t);
      return null;
    }
    const { rerender } = render(<Probe />);
    rerender(<Probe />);
    expect(seen[1]).toBe(seen[0]);
    await act(() => setLanguage('da'));
    expect(seen.at(-1)).not.toBe(seen[0]);
  });
});

describe('setLanguage', () => {
  it('keeps the language asked for last, though an earlier one’s strings arrive after it', async () => {
    // A fresh module, whose Danish strings are not loaded yet: asking for them waits on their import.
    vi.resetModules();
    const fresh = await import('./i18n');
    const danish = fresh.setLanguage('da');
    await fresh.setLanguage('en');
    await danish;
    expect(fresh.i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en-GB');
  });
});

describe('Trans', () => {
  it('puts the translation’s tags into the given components', () => {
    const { container } = render(
      <Trans i18nKey="tenants.delete.question" values={{ name: 'Harbour' }} components={{ b: <strong /> }} />,
    );
    expect(container.innerHTML).toBe('Do you really want to delete <strong>Harbour</strong>?');
  });

  it('shows markup in a value as text, never as tags', () => {
    const { container } = render(
      <Trans i18nKey="tenants.delete.question" values={{ name: '<b>x</b>' }} components={{ b: <strong /> }} />,
    );
    expect(container.querySelectorAll('strong')).toHaveLength(1);
    expect(container.querySelector('strong')?.textContent).toBe('<b>x</b>');
  });
});
