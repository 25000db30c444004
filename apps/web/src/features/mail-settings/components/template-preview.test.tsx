import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import * as previewModule from './preview-document';
import { TemplatePreview } from './template-preview';

vi.mock('./preview-document', async (original) => {
  const actual = await original<typeof import('./preview-document')>();
  return { previewDocument: vi.fn(actual.previewDocument) };
});

const props = { emailTemplate: '<p>{{content}}</p><p>{{footer}}</p>', footerText: 'Footer', backgroundColor: null };

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  vi.mocked(previewModule.previewDocument).mockClear();
});

describe('TemplatePreview', () => {
  it('settles after a render with the same text instead of rendering again every 250 ms', () => {
    const view = renderWithProviders(<TemplatePreview {...props} />);
    // The page renders again (another field, a query settling) with the same template.
    view.rerender(<TemplatePreview {...props} />);
    vi.mocked(previewModule.previewDocument).mockClear();
    for (let i = 0; i < 12; i++) act(() => vi.advanceTimersByTime(250));
    // At most the one debounced render of the page's second render; then nothing more.
    expect(vi.mocked(previewModule.previewDocument).mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('shows what was typed once the typing pauses', () => {
    const view = renderWithProviders(<TemplatePreview {...props} />);
    view.rerender(<TemplatePreview {...props} footerText="New footer" />);
    act(() => vi.advanceTimersByTime(300));
    const frame = view.container.querySelector('iframe')!;
    expect(frame.getAttribute('srcdoc')).toContain('New footer');
  });
});
