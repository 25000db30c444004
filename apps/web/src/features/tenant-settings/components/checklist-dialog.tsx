import { TENANT_LIST_LIMITS } from '@atrium/contracts';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { useCreateChecklist } from '@/features/tenant-settings/api/create-checklist';
import { fieldErrorsOf, problemText } from '@/features/tenant-settings/api/problem-messages';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import classes from './checklist-dialog.module.css';

type Item = { key: string; title: string };
type Values = { title: string; items: Item[] };

const EMPTY: Values = { title: '', items: [] };
let nextKey = 0;
const newItem = (): Item => ({ key: `item-${++nextKey}`, title: '' });

function SortableItem({
  item,
  index,
  count,
  inputProps,
  onRemove,
}: {
  item: Item;
  index: number;
  count: number;
  inputProps: ReturnType<ReturnType<typeof useForm<Values>>['getInputProps']>;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
  });
  const label = t('tenantSettings.checklists.itemLabel', { position: index + 1 });
  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      data-item-key={item.key}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Tooltip label={t('tenantSettings.checklists.dragHint')}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            mt={2}
            className={classes.handle}
            aria-label={t('tenantSettings.checklists.move', {
              position: index + 1,
              count,
              title: item.title.trim() || label,
            })}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} />
          </ActionIcon>
        </Tooltip>
        <TextInput
          aria-label={label}
          placeholder={label}
          required
          maxLength={TENANT_LIST_LIMITS.checklistItemTitleMax}
          style={{ flex: 1 }}
          {...inputProps}
        />
        <Tooltip label={t('tenantSettings.checklists.removeItem')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={2}
            onClick={onRemove}
            aria-label={t('tenantSettings.checklists.removeNamed', { title: item.title.trim() || label })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </li>
  );
}

/**
 * The add dialog of /tenants/checklists/{id} (spec part 2 §4, §5, §9): 90vw wide (at most 1200px), 80vh
 * high (at most 600px), reset on every opening; a title and ordered items, each title required, reordered
 * by dragging the handle or with the keyboard (focus the handle, Space, arrows, Space). Save is disabled
 * while the form is invalid; an invalid submit (Enter) marks every field touched and sends nothing.
 */
export function ChecklistDialog({
  tenantId,
  opened,
  onClose,
}: {
  tenantId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fullScreen = useIsMobile();
  const create = useCreateChecklist();
  const required = (v: string) => (v.trim() ? null : t('tenantSettings.errors.required'));
  const form = useForm<Values>({
    initialValues: EMPTY,
    validateInputOnBlur: true,
    validate: { title: required, items: { title: required } },
  });
  const lastAdded = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from an empty form
  useEffect(() => {
    if (opened) {
      form.setValues({ title: '', items: [newItem()] });
      form.resetDirty({ title: '', items: [] });
      form.resetTouched();
      form.clearErrors();
      create.reset();
    }
  }, [opened]);

  // Focus goes to an item's field once it is added.
  useEffect(() => {
    if (!lastAdded.current) return;
    const input = document.querySelector<HTMLInputElement>(`[data-item-key="${lastAdded.current}"] input`);
    input?.focus();
    lastAdded.current = null;
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const items = form.values.items;
  const positionOf = (id: string | number) => items.findIndex((i) => i.key === id) + 1;
  const titleOf = (id: string | number) => {
    const index = positionOf(id) - 1;
    return items[index]?.title.trim() || t('tenantSettings.checklists.itemLabel', { position: index + 1 });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('tenantSettings.checklists.announce.start', { title: titleOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('tenantSettings.checklists.announce.over', { title: titleOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('tenantSettings.checklists.announce.end', { title: titleOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragCancel: ({ active }) =>
      t('tenantSettings.checklists.announce.cancel', { title: titleOf(active.id), position: positionOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.key === active.id);
    const to = items.findIndex((i) => i.key === over.id);
    if (from >= 0 && to >= 0) form.reorderListItem('items', { from, to });
  };

  const addItem = () => {
    const item = newItem();
    lastAdded.current = item.key;
    form.insertListItem('items', item);
  };

  const submit = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const result = form.validate();
    if (result.hasErrors) {
      // Every field counts as touched: each shows its message.
      form.setTouched(Object.fromEntries([['title', true], ...items.map((_, i) => [`items.${i}.title`, true])]));
      return;
    }
    const values = form.getValues();
    create.mutate(
      {
        id: tenantId,
        body: {
          tenantId,
          title: values.title.trim(),
          items: values.items.map((i, order) => ({ title: i.title.trim(), order })),
        },
      },
      {
        onSuccess: (checklist) => {
          notifications.show({
            color: 'green',
            message: t('tenantSettings.checklists.created', { name: checklist.title }),
          });
          onClose();
        },
        onError: (err) => {
          for (const [path, message] of Object.entries(fieldErrorsOf(t, err))) form.setFieldError(path, message);
        },
      },
    );
  };

  // Once something is typed, a click beside the dialog does not throw it away (Cancel, × and Escape do).
  const typed = form.values.title.trim() !== '' || items.some((i) => i.title.trim() !== '');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnClickOutside={!typed}
      title={t('tenantSettings.checklists.addTitle')}
      fullScreen={fullScreen}
      centered
      size="90vw"
      classNames={{ content: classes.content, body: classes.body }}
    >
      <form
        noValidate
        onSubmit={submit}
        // Enter in a field submits even while Save is disabled (a browser would not), so that an invalid
        // submit can show every field's message.
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) submit(e);
        }}
        className={classes.form}
      >
        <Stack gap="md" className={classes.scroll}>
          <TextInput
            label={t('tenantSettings.checklists.titleField')}
            required
            data-autofocus
            maxLength={TENANT_LIST_LIMITS.checklistTitleMax}
            {...form.getInputProps('title')}
          />
          <div>
            <Title order={3} size="h5" id="checklist-items-heading">
              {t('tenantSettings.checklists.items')}
            </Title>
            <Text size="sm" c="dimmed" id="checklist-items-hint">
              {t('tenantSettings.checklists.itemsHint')}
            </Text>
          </div>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('tenantSettings.checklists.dragInstructions') },
            }}
          >
            <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
              <ol
                className={classes.list}
                aria-labelledby="checklist-items-heading"
                aria-describedby="checklist-items-hint"
              >
                {items.map((item, index) => (
                  <SortableItem
                    key={item.key}
                    item={item}
                    index={index}
                    count={items.length}
                    inputProps={form.getInputProps(`items.${index}.title`)}
                    onRemove={() => form.removeListItem('items', index)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
          {items.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('tenantSettings.checklists.noItems')}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={addItem}
              disabled={items.length >= TENANT_LIST_LIMITS.checklistItemsMax}
            >
              {t('tenantSettings.checklists.addItem')}
            </Button>
          </Group>
        </Stack>
        <Stack gap="sm" pt="md">
          {create.isError && Object.keys(fieldErrorsOf(t, create.error)).length === 0 && (
            <ErrorAlert title={t('tenantSettings.checklists.createFailed')}>{problemText(t, create.error)}</ErrorAlert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('tenantSettings.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!form.isValid()}>
              {t('tenantSettings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
