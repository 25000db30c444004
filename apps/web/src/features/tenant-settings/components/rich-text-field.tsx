import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { styleNonce } from '@/shared/csp/style-nonce';
import { useTranslation } from '@/shared/i18n/use-translation';

/**
 * The editor's formatting is the server's allow-list (RICH_TEXT_TAGS): headings 1 and 2, bold, italic,
 * numbered and bulleted lists, paragraphs and line breaks. Everything else StarterKit brings is off.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: false,
  }),
];

type Props = {
  label: string;
  description?: string;
  /** Stored (sanitized) HTML, or null for none. */
  value: string | null;
  onChange: (html: string) => void;
  error?: string;
};

/** A labelled rich-text input (Mantine's tiptap editor) with the one toolbar of spec part 2 §9. */
export function RichTextField({ label, description, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value ?? '',
    // Tiptap's own base styles go in a <style> element: it needs the page's CSP nonce.
    injectNonce: styleNonce() || undefined,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(description && { 'aria-describedby': `${id}-description` }),
        ...(error && { 'aria-invalid': 'true', 'aria-errormessage': `${id}-error` }),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const labels = {
    h1ControlLabel: t('tenantSettings.editor.h1'),
    h2ControlLabel: t('tenantSettings.editor.h2'),
    boldControlLabel: t('tenantSettings.editor.bold'),
    italicControlLabel: t('tenantSettings.editor.italic'),
    orderedListControlLabel: t('tenantSettings.editor.orderedList'),
    bulletListControlLabel: t('tenantSettings.editor.bulletList'),
  };
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      id={id}
      labelElement="div"
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar aria-label={t('tenantSettings.editor.toolbar')} role="toolbar">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.OrderedList />
            <RichTextEditor.BulletList />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
