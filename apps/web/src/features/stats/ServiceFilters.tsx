import { Button, ButtonGroup } from '@chakra-ui/react';
import { SERVICE_PERIODS, type ServicePeriod } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** The period (3, 6, 12 months, last year) and an optional location, kept in the address. */
export function useServiceFilters() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('period');
  const period: ServicePeriod = SERVICE_PERIODS.includes(raw as ServicePeriod) ? (raw as ServicePeriod) : '3m';
  const location = Number(search.get('location_id'));
  const locationID = Number.isInteger(location) && location > 0 ? location : undefined;
  const page = Number(search.get('page')) || 1;
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) (v === undefined ? next.delete(k) : next.set(k, v));
    if (!('page' in changes)) next.delete('page');
    setSearch(next, { replace: true });
  };
  return { period, locationID, page, set, search };
}

/** The period buttons of the service analysis and its lines. */
export function PeriodButtons({ period, onChange }: { period: ServicePeriod; onChange: (p: ServicePeriod) => void }) {
  const { t } = useTranslation();
  return (
    <ButtonGroup size="sm" variant="outline" attached data-testid="service-periods">
      {SERVICE_PERIODS.map((p) => (
        <Button key={p} variant={p === period ? 'solid' : 'outline'} onClick={() => onChange(p)} aria-pressed={p === period}>
          {t(`stats.service.periods.${p}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}
