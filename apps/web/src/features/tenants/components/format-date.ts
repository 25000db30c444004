const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A tenant's created date as the spec writes it, dd-MM-yyyy hh:mm, in local time. The hour is read as
 * the hour of the day (00-23): a 12-hour clock without am/pm would make 09:00 and 21:00 look the same.
 */
export function formatTenantDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
