import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ContentVideo } from './home-content';

const sandboxOf = (url: string) => {
  const view = renderWithProviders(<ContentVideo url={url} title="Video" />);
  const sandbox = screen.getByTitle('Video').getAttribute('sandbox');
  view.unmount();
  return sandbox;
};

describe('ContentVideo', () => {
  it('never gives scripts and same-origin together to anything but an http(s) address of another origin', () => {
    const own = window.location.origin;
    const ownHost = window.location.host;
    for (const url of [
      `${own}/core/api/media/welcome.mp4`,
      `${own.toUpperCase()}/core/api/media/welcome.mp4`,
      `//${ownHost}/core/api/media/welcome.mp4`,
      '/core/api/media/welcome.mp4',
      'javascript:alert(document.domain)',
      'data:text/html,<script>parent.document.body.remove()</script>',
      'about:srcdoc',
      'http://[::1',
    ]) {
      expect(sandboxOf(url), url).toBe('');
    }
    expect(sandboxOf('https://player.vimeo.com/video/1')).toBe('allow-scripts allow-same-origin allow-presentation');
  });
});
