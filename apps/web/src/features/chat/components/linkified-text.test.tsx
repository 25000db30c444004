import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LinkifiedText, safeHref, splitLinks } from './linkified-text';

describe('splitLinks', () => {
  it('makes http and https links, leaving the rest text', () => {
    expect(splitLinks('see https://example.com/a?b=1 and http://x.dk')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.dk', href: 'http://x.dk/' },
    ]);
  });

  it('leaves closing punctuation outside the link', () => {
    expect(splitLinks('(look at https://example.com/x).')).toEqual([
      { kind: 'text', text: '(look at ' },
      { kind: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('turns www. addresses into https links', () => {
    expect(splitLinks('www.example.com')).toEqual([
      { kind: 'link', text: 'www.example.com', href: 'https://www.example.com/' },
    ]);
  });

  it('never links other schemes', () => {
    for (const text of [
      'javascript://%0aalert(1)',
      'data://text/html,<b>x</b>',
      'ftp://files.example.com',
      'file:///etc/passwd',
    ]) {
      expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://')).toBeNull();
  });
});

describe('LinkifiedText', () => {
  it('renders links that open in a new tab without a way back, and HTML as plain text', () => {
    const { container } = renderWithProviders(
      <LinkifiedText text={'<img src=x onerror=alert(1)> <b>bold</b> https://example.com/page javascript:alert(1)'} />,
    );
    const link = screen.getByRole('link', { name: 'https://example.com/page' });
    expect(link).toHaveAttribute('href', 'https://example.com/page');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)> <b>bold</b>');
    expect(container.textContent).toContain('javascript:alert(1)');
  });
});
