import '@mantine/dates/styles.css';
import 'dayjs/locale/da';
import 'dayjs/locale/en-gb';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from '@/shared/i18n/use-translation';

// Typed dates are read in the format they are shown in (dd-MM-yyyy, the spec's date format).
dayjs.extend(customParseFormat);

/** dayjs locale per UI language: month and weekday names in the calendar, Monday first. */
const DAYJS_LOCALE: Record<string, string> = { en: 'en-gb', da: 'da' };

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat'> & {
  /** A calendar day 'YYYY-MM-DD', or '' for none. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * The one date input: typed or picked, shown as dd-MM-yyyy like every date in the app, with the
 * calendar in the user's language. Its value stays the 'YYYY-MM-DD' string the API takes.
 */
export function DateField({ value, onChange, ...rest }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[i18n.language] ?? 'en-gb', firstDayOfWeek: 1 }}>
      <DateInput
        valueFormat="DD-MM-YYYY"
        clearButtonProps={{ 'aria-label': t('clearDate') }}
        {...rest}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
      />
    </DatesProvider>
  );
}
