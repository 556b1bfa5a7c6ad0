import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type SettingsValues, sheetSketch } from './settingsForm';

/** A drawing of the first sheet: the labels as the settings place them, those before the start position greyed. */
export function SheetSketch({ values, label }: { values: SettingsValues; label: { width: number; height: number } }) {
  const { t } = useTranslation();
  const s = sheetSketch(values, label);
  return (
    <Box maxW="260px" w="full" data-testid="sheet-sketch">
      <svg
        viewBox={`-2 -2 ${s.sheet.width + 4} ${s.sheet.height + 4}`}
        width="100%"
        role="img"
        aria-label={t('printing.settings.sketch', { columns: s.columns, rows: s.rows })}
      >
        <rect x="0" y="0" width={s.sheet.width} height={s.sheet.height} fill="white" stroke="#718096" strokeWidth="0.8" />
        {s.cells.map((c, i) => (
          <rect key={i} x={c.x} y={c.y} width={label.width} height={label.height} fill={c.used ? '#bee3f8' : '#edf2f7'} stroke={c.used ? '#3182ce' : '#a0aec0'} strokeWidth="0.5" />
        ))}
      </svg>
    </Box>
  );
}
