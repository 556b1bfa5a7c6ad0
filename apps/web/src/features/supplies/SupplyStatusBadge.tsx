import { Badge } from '@chakra-ui/react';
import type { SupplyStatus } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';

const PALETTE: Record<SupplyStatus, string> = { open: 'gray', partial: 'orange', delivered: 'green' };

/** open "noch nicht geliefert", partial, delivered "geliefert". */
export function SupplyStatusBadge({ status, testId }: { status: SupplyStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[status]} data-testid={testId}>
      {t(`supplies.status.${status}`)}
    </Badge>
  );
}
