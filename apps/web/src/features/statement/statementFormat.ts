/** 'November 2026' (or 'Nobyembre 2026') for a YYYY-MM month, whatever the device's time zone. */
export function monthLabel(month: string, language: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language === 'fil' ? 'fil-PH' : 'en-PH', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}
