import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailBreaks } from './email-breaks';

describe('EmailBreaks', () => {
  it('lets an address wrap after the @ and before dots only', () => {
    const { container } = render(
      <span>
        <EmailBreaks email="anna.larsen@harbour-care.example.com" />
      </span>,
    );
    expect(container.textContent).toBe('anna.larsen@harbour-care.example.com');
    expect(container.innerHTML).toBe('<span>anna<wbr>.larsen@<wbr>harbour-care<wbr>.example<wbr>.com</span>');
  });
});
