import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatNumber } from './format';

export function useFormat() {
  const { i18n } = useTranslation();
  return {
    date: (value: string | Date | null | undefined) => formatDate(value, i18n.language),
    dateTime: (value: string | Date | null | undefined) => formatDateTime(value, i18n.language),
    number: (value: number | string | null | undefined) => formatNumber(value, i18n.language),
  };
}
