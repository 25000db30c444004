import { wrapInEmailTemplate } from '@atrium/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { escapeHtmlText } from '@/features/mail-settings/components/escape';
import { previewDocument } from '@/features/mail-settings/components/preview-document';
import { styleNonce } from '@/shared/csp/style-nonce';
import { useTranslation } from '@/shared/i18n/use-translation';

type Props = { emailTemplate: string; footerText: string; backgroundColor: string | null };

/**
 * A sample mail in the template as typed, in a sandboxed frame: sandbox="" runs no scripts, submits no
 * forms and gives the document an opaque origin, so nothing typed here can reach the app. Inline styles
 * are carried over into a nonced style sheet (preview-document.ts), as the app's policy asks.
 */
export function TemplatePreview({ emailTemplate, footerText, backgroundColor }: Props) {
  const { t } = useTranslation();
  // One object per change of the text, not per render: a new object on every render would restart the
  // debounce forever (a render every 250 ms for as long as the page is open).
  const current = useMemo(
    () => ({ emailTemplate, footerText, backgroundColor }),
    [emailTemplate, footerText, backgroundColor],
  );
  const [typed] = useDebouncedValue(current, 250);
  const srcDoc = useMemo(() => {
    const body = `<p>${escapeHtmlText(t('mailSettings.template.sampleGreeting'))}</p><p>${escapeHtmlText(
      t('mailSettings.template.sampleBody'),
    )}</p>`;
    const html = wrapInEmailTemplate(body, {
      emailTemplate: typed.emailTemplate,
      footerText: typed.footerText || null,
      backgroundColor: typed.backgroundColor,
    });
    return previewDocument(html, { nonce: styleNonce(), title: t('mailSettings.template.sampleSubject') });
  }, [typed, t]);
  return (
    <iframe
      sandbox=""
      srcDoc={srcDoc}
      title={t('mailSettings.template.previewFrame')}
      style={{
        width: '100%',
        height: 420,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 8,
        background: '#fff',
      }}
    />
  );
}
