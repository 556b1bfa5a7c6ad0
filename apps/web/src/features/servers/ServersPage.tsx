import { Badge, Button } from '@chakra-ui/react';
import { SERVER_TYPES, type ServerSort, type ServerType } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { listTexts, ListPage, useListPage } from '../../shared/lists/ListPage';
import { translatedError } from '../settings';
import { ServerDialog } from './ServerDialog';
import { VerifyDialog } from './VerifyDialog';
import { type ServerDto, useDeleteServerMutation, useServersQuery } from './serversApi';
import { FilterSelect } from '../../shared/lists/FilterSelect';

/**
 * /c/{companyID}/settings/notifications/server: the company's servers (SMTP, SFTP, FTP(S), HTTP(S)) that notification
 * rules deliver to, searched (name, host, user), filtered by type, sorted and paged on the server; the user group
 * creates, edits and deletes them (after asking) and verifies them (the server's own answer). Secrets are never shown:
 * only whether one is stored.
 */
export function ServersPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const state = useListPage<ServerDto, ServerSort>('name');
  const [type, setType] = useState<ServerType | ''>('');
  const result = useServersQuery({ companyID, ...state.params, type: type || undefined });
  const [remove] = useDeleteServerMutation();
  const [verifying, setVerifying] = useState<ServerDto | null>(null);
  const signIn = (s: ServerDto) => {
    const parts = [s.user || t('servers.noUser')];
    if (s.has_private_key) parts.push(t('servers.withKey'));
    else if (s.has_password) parts.push(t('servers.withPassword'));
    return parts.join(' · ');
  };
  return (
    <>
      <ListPage
        kind="server"
        state={state}
        result={result}
        texts={listTexts(t, 'servers')}
        filters={
          <FilterSelect
            label={t('servers.fields.type')}
            value={type}
            testId="server-type-filter"
            maxW="320px"
            allLabel={t('servers.allTypes')}
            options={SERVER_TYPES.map((value) => ({ value, label: t(`servers.types.${value}`) }))}
            onChange={(value) => {
              setType(value);
              state.list.setPage(1);
            }}
          />
        }
        filtered={type !== ''}
        onResetFilters={() => setType('')}
        columns={[
          { label: t('servers.fields.name'), sort: 'name', render: (s) => s.name },
          {
            label: t('servers.fields.type'),
            sort: 'type',
            render: (s) => (
              <Badge variant="subtle" colorPalette="blue">
                {t(`servers.types.${s.type}`)}
              </Badge>
            ),
          },
          {
            label: t('servers.fields.host'),
            sort: 'host',
            render: (s) => `${s.host.includes(':') ? `[${s.host}]` : s.host}:${s.port}`,
          },
          { label: t('servers.fields.user'), render: signIn },
          {
            label: t('servers.verify'),
            render: (s) => (
              <Button
                size="xs"
                variant="outline"
                onClick={() => setVerifying(s)}
                data-testid={`server-verify-${s.id}`}
              >
                {t('servers.verify')}
              </Button>
            ),
          },
        ]}
        failureText={translatedError}
        actions={{ remove: (s) => remove({ companyID, id: s.id }).unwrap() }}
        dialog={(server, onClose) => <ServerDialog companyID={companyID} server={server} onClose={onClose} />}
      />
      {verifying ? (
        <VerifyDialog companyID={companyID} server={verifying} onClose={() => setVerifying(null)} />
      ) : null}
    </>
  );
}
