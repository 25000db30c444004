import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { styleNonce } from '@/shared/csp/style-nonce';
import { useTranslation } from '@/shared/i18n/use-translation';

/**
 * The business card's and the footer's formatting (spec part 2 §9): a heading, bold, italic, numbered
 * and bulleted lists, with undo and redo. The server keeps the same tags (its rich-text allow-list).
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2] },
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

/** A labelled rich-text input (Mantine's tiptap editor) with the business card's toolbar. */
export function MailRichTextField({ label, description, value, onChange, error }: Props) {
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
    h2ControlLabel: t('mailSettings.editor.heading'),
    boldControlLabel: t('mailSettings.editor.bold'),
    italicControlLabel: t('mailSettings.editor.italic'),
    undoControlLabel: t('mailSettings.editor.undo'),
    redoControlLabel: t('mailSettings.editor.redo'),
    orderedListControlLabel: t('mailSettings.editor.orderedList'),
    bulletListControlLabel: t('mailSettings.editor.bulletList'),
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
        <RichTextEditor.Toolbar aria-label={t('mailSettings.editor.toolbar')} role="toolbar">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
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
