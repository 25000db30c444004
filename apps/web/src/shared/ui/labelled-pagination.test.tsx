import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LabelledPagination } from './labelled-pagination';

describe('LabelledPagination', () => {
  it('names every control, the arrows included', () => {
    renderWithProviders(<LabelledPagination total={5} value={2} onChange={() => {}} withEdges />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(4);
    for (const button of buttons) expect(button).toHaveAccessibleName();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
  });
});
