import { USER_SELECT } from '@atrium/contracts';
import {
  CheckIcon,
  type ComboboxItem,
  Group,
  MultiSelect,
  type OptionsFilter,
  Pill,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FocusEvent, type ReactNode, useMemo, useState } from 'react';
import { type UserOption, useUserLabels, useUserSearch } from '@/features/tenants/api/get-user-options';
import { useTranslation } from '@/shared/i18n/use-translation';

/** How long typing pauses before the server is asked. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

const NONE: UserOption[] = [];
const optionLabel = (u: UserOption) => (u.fullName ? `${u.fullName} (${u.email})` : u.email);

export type UserPickerProps = {
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: ReactNode;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  required?: boolean;
  'data-path'?: string;
};

/**
 * Chooses users among everyone the caller may add, searched on the server as one types (there may be
 * a hundred thousand of them). Chosen users keep their labels whatever the current search shows: those
 * the form started with are labelled by id, and those picked here are remembered.
 */
export function UserPicker({ label, value, onChange, error, onFocus, onBlur, required, ...rest }: UserPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const results = useUserSearch(debounced, opened);
  // Only the users the form started with need asking for; anyone picked later came with a label.
  const [startIds] = useState(value);
  const startLabels = useUserLabels(startIds);
  const [picked, setPicked] = useState<ReadonlyMap<string, UserOption>>(new Map());

  const found = results.data ?? NONE;
  const searching = opened && (search.trim() !== debounced || results.isFetching);

  const known = useMemo(() => {
    const map = new Map<string, UserOption>(picked);
    for (const u of startLabels.data ?? []) map.set(u.id, u);
    return map;
  }, [picked, startLabels.data]);

  const labelling = startIds.length > 0 && startLabels.isPending;
  const data = useMemo(() => {
    const items: ComboboxItem[] = found.map((u) => ({ value: u.id, label: optionLabel(u) }));
    const listed = new Set(items.map((i) => i.value));
    // Chosen users outside the current matches still need an option, or their pills lose the label.
    for (const id of value) {
      if (listed.has(id)) continue;
      const user = known.get(id);
      const fallback = labelling ? t('tenants.form.userLoading') : t('tenants.form.unknownUser');
      items.push({ value: id, label: user ? optionLabel(user) : fallback });
      listed.add(id);
    }
    return items;
  }, [found, value, known, labelling, t]);

  const userOf = (id: string) => known.get(id) ?? found.find((u) => u.id === id);

  // The server searched already (name, surname, full name, email): list exactly its matches.
  const onlyMatches: OptionsFilter = ({ options }) => {
    const matches = new Set(found.map((u) => u.id));
    return options.filter((o) => 'value' in o && matches.has(o.value));
  };

  const change = (ids: string[]) => {
    const added = found.filter((u) => ids.includes(u.id) && !known.has(u.id));
    if (added.length) setPicked((prev) => new Map([...prev, ...added.map((u) => [u.id, u] as const)]));
    onChange(ids);
  };

  const emptyText = searching
    ? t('tenants.form.searching')
    : results.isError
      ? t('tenants.form.usersSearchFailed')
      : t('tenants.form.nothingFound');
  const status = !searching && found.length ? t('tenants.form.usersFound', { count: found.length }) : emptyText;

  return (
    <>
      <MultiSelect
        label={label}
        description={t('tenants.form.usersSearchHint', { count: USER_SELECT.takeDefault })}
        placeholder={t('tenants.form.usersPlaceholder')}
        required={required}
        withAsterisk={required}
        searchable
        clearable
        data={data}
        value={value}
        onChange={change}
        searchValue={search}
        onSearchChange={setSearch}
        filter={onlyMatches}
        // The email in grey after the name; rendering an option ourselves means drawing its check mark too.
        renderOption={({ option, checked }) => {
          const user = userOf(option.value);
          return (
            <Group gap={8} wrap="nowrap">
              {checked && <CheckIcon size={10} style={{ flex: 'none', opacity: 0.6 }} />}
              {user?.fullName ? (
                <span>
                  {user.fullName}{' '}
                  <Text span size="sm" c="dimmed">
                    ({user.email})
                  </Text>
                </span>
              ) : (
                <span>{option.label}</span>
              )}
            </Group>
          );
        }}
        // A pill names the user (phones have no room for the email, which its tooltip gives).
        renderPill={({ option, value: id, onRemove, disabled }) => {
          const user = id ? userOf(id) : undefined;
          return (
            <Pill withRemoveButton={!disabled} onRemove={onRemove} disabled={disabled} title={option?.label}>
              {user ? user.fullName || user.email : option?.label}
            </Pill>
          );
        }}
        onDropdownOpen={() => setOpened(true)}
        onDropdownClose={() => setOpened(false)}
        loading={searching}
        nothingFoundMessage={emptyText}
        maxDropdownHeight={280}
        error={error}
        onFocus={onFocus}
        onBlur={onBlur}
        // Hundreds of members stay in a box of their own instead of stretching the page.
        styles={{ pillsList: { maxHeight: 168, overflowY: 'auto' } }}
        {...rest}
      />
      {/* Screen readers hear how a search went; the list itself changes silently. */}
      <VisuallyHidden role="status">{opened && debounced ? status : ''}</VisuallyHidden>
    </>
  );
}
