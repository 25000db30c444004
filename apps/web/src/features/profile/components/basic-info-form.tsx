import { type AuthUser, href, LANGUAGES, PERSON_LIMITS, PROFILE_LIMITS, profileBodySchema } from '@atrium/contracts';
import { Alert, Button, FileButton, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageText, problemLines, problemText } from '@/features/profile/api/problem-messages';
import { useUpdateProfile, useUploadAvatar } from '@/features/profile/api/profile';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { UserAvatar } from '@/shared/ui/user-avatar';
import { ProfileFormCard } from './profile-form-card';

type Values = {
  name: string;
  surname: string;
  language: string;
  imagePath: string | null;
  title: string;
  phone: string;
};
/** Job title and phone in the active tenant (issue 45); null without one: not shown, not sent. */
type Person = { title: string; phone: string } | null;

const valuesOf = (user: AuthUser, person: Person): Values => ({
  name: user.userName,
  surname: user.surname,
  language: user.language,
  imagePath: user.imagePath,
  title: person?.title ?? '',
  phone: person?.phone ?? '',
});

const check = (field: 'name' | 'surname' | 'title' | 'phone') => (value: string) => {
  const result = profileBodySchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
};

const ACCEPT = 'image/png,image/jpeg,image/svg+xml,image/x-icon,image/vnd.microsoft.icon,.ico';

/** Name, surname, language and picture (spec part 1 §2 "/profile/edit", §5). */
type Props = {
  user: AuthUser;
  person: Person;
  disabled: boolean;
  /** False once the other form of the page was tried later: this form's result alert is stale then. */
  feedbackShown: boolean;
  /** A save is tried. */
  onAttempt: () => void;
};

export function BasicInfoForm({ user, person, disabled, feedbackShown, onAttempt }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  /** A picture refused before upload. */
  const [localError, setLocalError] = useState<string | null>(null);
  /** A submission refused before it was sent. */
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(user, person),
    validate: { name: check('name'), surname: check('surname'), title: check('title'), phone: check('phone') },
    validateInputOnBlur: true,
  });

  const save = useUpdateProfile({
    onSuccess: (saved, body) => {
      const next = valuesOf(saved, person && { title: body.title ?? '', phone: body.phone ?? '' });
      // The shell's data carries the title and phone: read again.
      void queryClient.invalidateQueries({ queryKey: ['me', 'generaldata'] });
      form.setInitialValues(next);
      form.setValues(next);
    },
    onError: (error) => {
      const fields = (error as { errors?: { field: string; message: string }[] }).errors ?? [];
      for (const e of fields) form.setFieldError(e.field, e.message);
    },
  });
  const upload = useUploadAvatar({ onSuccess: (path) => form.setFieldValue('imagePath', path) });

  const choose = (file: File | null) => {
    upload.reset();
    setLocalError(null);
    if (!file) return;
    if (file.size > PROFILE_LIMITS.avatarMaxBytes) {
      setLocalError(t('profile.pictureTooLarge'));
      return;
    }
    upload.mutate(file);
  };

  const submit = (values: Values) => {
    onAttempt();
    save.reset();
    // Spec part 1 §5: a profile submission without an id fails.
    if (!user.id) {
      setLocalError(null);
      setSubmitError(t('profile.cannotIdentify'));
      return;
    }
    setSubmitError(null);
    save.mutate({
      name: values.name.trim(),
      surname: values.surname.trim(),
      language: values.language as (typeof LANGUAGES)[number],
      imagePath: values.imagePath,
      ...(person && { title: values.title.trim(), phone: values.phone.trim() }),
    });
  };
  const failure = submitError ? [submitError] : save.isError ? problemLines(t, save.error) : null;
  const pictureError = localError ?? (upload.isError ? problemText(t, upload.error) : null);
  const errorOf = (path: keyof Values) => {
    const message = form.errors[path];
    return typeof message === 'string' ? messageText(t, message) : undefined;
  };
  const displayName = [form.values.name, form.values.surname].filter(Boolean).join(' ') || user.displayName;

  return (
    <ProfileFormCard
      onSubmit={form.onSubmit(submit)}
      busy={save.isPending}
      disabled={disabled}
      actions={
        <>
          <Button component={Link} to={href('profile', 'view')} variant="default">
            {t('profile.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={disabled || save.isPending || upload.isPending}>
            {t('profile.save')}
          </Button>
        </>
      }
    >
      <Title order={2} size="h4">
        {t('profile.basicInfo')}
      </Title>
      {feedbackShown && failure && <ErrorAlert title={t('profile.updateFailed')} messages={failure} />}
      {feedbackShown && save.isSuccess && !form.isDirty() && (
        <Alert role="status" color="teal" variant="light" icon={<IconCircleCheck size={20} />}>
          {t('profile.saved')}
        </Alert>
      )}

      <Group gap="lg" wrap="nowrap" align="center">
        <UserAvatar name={displayName} src={form.values.imagePath} size={80} />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {t('profile.picture')}
          </Text>
          <Group gap="xs">
            <FileButton onChange={choose} accept={ACCEPT} disabled={disabled || upload.isPending}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="xs"
                  leftSection={<IconUpload size={14} />}
                  loading={upload.isPending}
                >
                  {t('profile.uploadPicture')}
                </Button>
              )}
            </FileButton>
            {form.values.imagePath && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => {
                  upload.reset();
                  setLocalError(null);
                  form.setFieldValue('imagePath', null);
                }}
              >
                {t('profile.removePicture')}
              </Button>
            )}
          </Group>
          <Text size="xs" c={pictureError ? 'red' : 'dimmed'} role={pictureError ? 'alert' : undefined}>
            {pictureError ?? t('profile.pictureHint')}
          </Text>
        </Stack>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('profile.name')}
          required
          autoComplete="given-name"
          maxLength={PROFILE_LIMITS.nameMax}
          {...form.getInputProps('name')}
          error={errorOf('name')}
        />
        <TextInput
          label={t('profile.surname')}
          autoComplete="family-name"
          maxLength={PROFILE_LIMITS.nameMax}
          {...form.getInputProps('surname')}
          error={errorOf('surname')}
        />
        <TextInput
          label={t('profile.email')}
          value={user.email}
          readOnly
          description={t('profile.emailHint')}
          // The hint goes under the field, so the fields of a row stay level.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          variant="filled"
        />
        <Select
          label={t('profile.language')}
          data={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          allowDeselect={false}
          {...form.getInputProps('language')}
          error={errorOf('language')}
        />
        {person && (
          <>
            <TextInput
              label={t('profile.jobTitle')}
              description={t('profile.personHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="organization-title"
              maxLength={PERSON_LIMITS.titleMax}
              {...form.getInputProps('title')}
              error={errorOf('title')}
            />
            <TextInput
              label={t('profile.phone')}
              type="tel"
              autoComplete="tel"
              maxLength={PERSON_LIMITS.phoneMax}
              {...form.getInputProps('phone')}
              error={errorOf('phone')}
            />
          </>
        )}
      </SimpleGrid>
    </ProfileFormCard>
  );
}
