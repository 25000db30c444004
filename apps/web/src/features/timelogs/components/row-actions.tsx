import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

/** An action's tooltip and its label on this row ("Edit" and "Edit Project X"). */
type Action = { tip: string; label: string };

/** A table row's last cell of a project or a task: edit (a link, or a click) and delete, as small icons. */
export function RowActions({
  edit,
  remove,
}: {
  edit: Action & ({ to: string } | { onClick: () => void });
  remove: Action & { onClick: () => void };
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={edit.tip}>
        {'to' in edit ? (
          <ActionIcon component={Link} to={edit.to} variant="subtle" aria-label={edit.label}>
            <IconPencil size={16} />
          </ActionIcon>
        ) : (
          <ActionIcon variant="subtle" aria-label={edit.label} onClick={edit.onClick}>
            <IconPencil size={16} />
          </ActionIcon>
        )}
      </Tooltip>
      <Tooltip label={remove.tip}>
        <ActionIcon variant="subtle" color="red" aria-label={remove.label} onClick={remove.onClick}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
