import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import { AppHeader } from './app-header';
import { showBackArrow } from './back-arrow';

const GUID = '1281b56c-18d1-484b-9f61-2d324b63bb40';

describe('back-arrow rule', () => {
  it.each([
    ['/home', false, false],
    ['/home', true, false],
    ['/profile', false, false],
    ['/tenants', false, false],
    ['/profile', true, true],
    ['/tenants', true, true],
    [`/users/${GUID}`, false, true],
    [`/tenants/emails/${GUID}/${GUID.toUpperCase()}`, false, true],
    ['/users/new', false, true],
    ['/admin/documents/new', false, true],
    ['/admin/documenttype/new', false, true],
    ['/users/newest', false, false],
    ['/users/1281b56c-18d1-484b-9f61', false, false],
    ['/users/1281b56c18d1484b9f612d324b63bb40', false, false],
  ])('%s on %s mobile -> %s', (path, mobile, shown) => {
    expect(showBackArrow(path, mobile)).toBe(shown);
  });
});

describe('header back arrow', () => {
  const renderAt = (path: string, width: number) => {
    setViewportWidth(width);
    return renderWithProviders(
      <MemoryRouter initialEntries={[path]}>
        <AppHeader />
      </MemoryRouter>,
    );
  };
  const backButton = () => screen.queryByRole('button', { name: 'Go back' });

  it('is hidden on /home, also on a phone', () => {
    renderAt('/home', 375);
    expect(backButton()).not.toBeInTheDocument();
  });

  it('shows on every other page at 768px wide or narrower', () => {
    renderAt('/profile', 768);
    expect(backButton()).toBeInTheDocument();
  });

  it('is hidden on a plain page on desktop, from 769px', () => {
    renderAt('/profile', 769);
    expect(backButton()).not.toBeInTheDocument();
  });

  it('shows on desktop for a GUID segment and for /new', () => {
    renderAt(`/users/${GUID}`, 1280);
    expect(backButton()).toBeInTheDocument();
  });

  it('shows the burger on mobile and the collapse toggle on desktop', () => {
    renderAt('/profile', 375);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});

describe('header scroll state', () => {
  it('marks the header active once the page has scrolled more than 15px', () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/profile']}>
        <AppHeader />
      </MemoryRouter>,
    );
    const header = document.querySelector('[data-app-header]');
    expect(header).toBeInTheDocument();
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
        Object.defineProperty(window, 'pageYOffset', { configurable: true, value: y });
        window.dispatchEvent(new Event('scroll'));
      });
    scrollTo(15);
    expect(header).not.toHaveAttribute('data-active');
    scrollTo(16);
    expect(header).toHaveAttribute('data-active');
    scrollTo(0);
    expect(header).not.toHaveAttribute('data-active');
  });
});
