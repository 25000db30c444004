import { Button } from '@mantine/core';
import { Link } from 'react-router';

/** A form's last two buttons: cancel (a link back, or a handler) and submit; the caller lays them out. */
export function CancelAndSave({
  cancel,
  cancelLabel,
  saveLabel,
  saving,
  disabled,
}: {
  /** Back by this function, or else to this address. */
  cancel: (() => void) | string;
  cancelLabel: string;
  saveLabel: string;
  saving: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      {typeof cancel === 'string' ? (
        <Button variant="default" component={Link} to={cancel}>
          {cancelLabel}
        </Button>
      ) : (
        <Button variant="default" onClick={cancel}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={saving} disabled={disabled}>
        {saveLabel}
      </Button>
    </>
  );
}
