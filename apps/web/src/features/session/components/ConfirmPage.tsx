import { Heading, Link, Spinner, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../shared/forms/FormMessage';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/apiError';
import { useConfirmMutation } from '../sessionApi';

/** /confirm?token=...: confirms the e-mail address from the mailed link. */
export function ConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [confirm] = useConfirmMutation();
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(
    token ? null : { ok: false, text: t('confirm.missingToken') },
  );
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm({ token })
      .unwrap()
      .then(() => setState({ ok: true, text: t('confirm.done') }))
      .catch((e: unknown) => setState({ ok: false, text: errorText(e, t) }));
  }, [token, confirm, t]);
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('confirm.title')}
      </Heading>
      {state ? <FormMessage outcome={state} /> : <Spinner aria-label={t('common.loading')} />}
      <Link asChild color="blue.700" fontSize="sm">
        <RouterLink to="/login">{t('common.backToLogin')}</RouterLink>
      </Link>
    </Stack>
  );
}
