import { Button, Card, Field, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { useLocationsQuery } from '../locations';
import { apiPath } from '../../shared/navigation/apiPath';
import { downloadLocationReport } from './statsApi';
import { StatsHeader, useStatsIds } from './StatsParts';

/** customer reporting: the location report as PDF (POST report/location) and the ways to the analyses. */
export function ReportingPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const ids = useStatsIds();
  const token = useAppSelector((s) => s.session.token);
  const locations = useLocationsQuery({ companyID: ids.companyID, customerID: ids.customerID, all: true, sort: 'name', per_page: 200 });
  const [chosen, setChosen] = useState<number>(0);
  const [busy, setBusy] = useState(false);
  const locationID = chosen || locations.data?.items[0]?.id || 0;
  const download = async () => {
    if (!locationID) return;
    setBusy(true);
    try {
      const name = await downloadLocationReport(token, ids, locationID);
      dispatch(snackbarShown({ message: t('stats.reporting.downloaded', { name }), variant: 'success' }));
    } catch (error) {
      dispatch(snackbarShown({ message: errorText({ status: 0, ...(error as { code: number; message: string }) }, t), variant: 'error' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="5" data-testid="reporting-page">
      <StatsHeader {...ids} />
      <Heading size="lg">{t('stats.reporting.title')}</Heading>
      <Card.Root size="sm">
        <Card.Header>
          <Heading size="sm">{t('stats.reporting.locationReport')}</Heading>
        </Card.Header>
        <Card.Body>
          <Flex gap="3" align="end" wrap="wrap">
            <Field.Root w="auto" minW="64">
              <Field.Label>{t('stats.location')}</Field.Label>
              <NativeSelect.Root size="sm" disabled={!locations.data?.items.length}>
                <NativeSelect.Field value={String(locationID)} onChange={(e) => setChosen(Number(e.target.value))} data-testid="report-location">
                  {(locations.data?.items ?? []).map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button size="sm" colorPalette="blue" onClick={() => void download()} loading={busy} disabled={!locationID} data-testid="report-download">
              {t('stats.reporting.download')}
            </Button>
          </Flex>
          {locations.data && locations.data.items.length === 0 ? (
            <Text mt="2" color="gray.600">
              {t('stats.reporting.noLocations')}
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm">
        <Card.Header>
          <Heading size="sm">{t('stats.reporting.analyses')}</Heading>
        </Card.Header>
        <Card.Body>
          <Flex gap="3" wrap="wrap">
            <Button asChild size="sm" variant="outline">
              <Link to={apiPath(ids, 'analysis/service')}>{t('stats.service.title')}</Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={apiPath(ids, 'stat/orders')}>{t('stats.orders.title')}</Link>
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
