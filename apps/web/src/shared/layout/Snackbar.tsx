import { Alert, Box, CloseButton } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../hooks';
import { LAYOUT } from './constants';
import { snackbarHidden } from './layoutSlice';

/** Solid backgrounds dark enough for white text (WCAG AA, 4.5:1); the palette's default solids are lighter. */
const SOLID_BG = { success: 'green.700', warning: 'orange.700', error: 'red.700', info: 'blue.700' } as const;

/** Messages at the top centre for 6 seconds; variants success, warning, error, info (spec 3, 9). */
export function Snackbar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { visible, message, variant, id } = useAppSelector((s) => s.layout.snackbar);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => dispatch(snackbarHidden()), LAYOUT.snackbarMs);
    return () => clearTimeout(timer);
  }, [visible, id, dispatch]);
  if (!visible) return null;
  return (
    <Box
      position="fixed"
      top="4"
      left="50%"
      transform="translateX(-50%)"
      zIndex="toast"
      w="max-content"
      maxW="calc(100vw - 32px)"
    >
      <Alert.Root
        status={variant}
        variant="solid"
        role={variant === 'error' ? 'alert' : 'status'}
        data-testid="snackbar"
        data-variant={variant}
        bg={SOLID_BG[variant]}
        color="white"
        boxShadow="lg"
      >
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
        <CloseButton size="sm" onClick={() => dispatch(snackbarHidden())} aria-label={t('common.close')} />
      </Alert.Root>
    </Box>
  );
}
