import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText, isApiError } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { apiPath } from '../../shared/navigation/apiPath';
import { templateDescription, templateName } from './builtinTexts';
import { useCreateLabelTemplateMutation } from './printingApi';
import type { LabelTemplateDto } from './printingTypes';

/**
 * Duplicates a template (a built-in to change it, or an own one): a new own template with its XML under "… (copy)"
 * ("… (copy 2)" and so on while the name is taken), then its editor opens.
 */
export function useDuplicateTemplate(companyID: number) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [create] = useCreateLabelTemplateMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (source: LabelTemplateDto) => {
    setBusy(source.id);
    try {
      for (let n = 1; n <= 20; n++) {
        // a built-in's copy is named and described as the interface showed it
        const shown = templateName(t, source);
        const name = n === 1 ? t('printing.templates.copyName', { name: shown }) : t('printing.templates.copyNameN', { name: shown, n });
        try {
          const copy = await create({
            companyID,
            body: { name, description: templateDescription(t, source), type: source.type, width: source.width, height: source.height, template: source.template },
          }).unwrap();
          dispatch(snackbarShown({ message: t('printing.templates.duplicated', { name }), variant: 'success' }));
          void navigate(apiPath({ companyID }, `settings/templates/label/${copy.id}`));
          return;
        } catch (error) {
          if (isApiError(error) && error.code === 1059) continue;
          throw error;
        }
      }
    } catch (error) {
      dispatch(snackbarShown({ message: errorText(error, t), variant: 'error' }));
    } finally {
      setBusy(null);
    }
  };
  return { run, busy };
}
