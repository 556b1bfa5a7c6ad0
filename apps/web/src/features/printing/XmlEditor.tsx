import { Box, Button, Field, Flex, List, Text, Textarea } from '@chakra-ui/react';
import { type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabelProblem } from './printingTypes';
import { lineRange, problemsByLine } from './templateXml';

const LINE_HEIGHT = 20;

interface Props {
  value: string;
  onChange: (value: string) => void;
  areaRef: RefObject<HTMLTextAreaElement | null>;
  problems: readonly LabelProblem[];
  readOnly?: boolean;
  label: string;
}

/**
 * The template's XML: a monospaced text area with line numbers; a line with a problem (from saving or the preview)
 * is marked red in the gutter and its problems are listed under the area, each naming line and column, a click
 * selecting that line.
 */
export function XmlEditor({ value, onChange, areaRef, problems, readOnly, label }: Props) {
  const { t } = useTranslation();
  const gutter = useRef<HTMLDivElement>(null);
  const lines = value.split('\n').length;
  const byLine = problemsByLine(problems);
  const goTo = (line: number) => {
    const area = areaRef.current;
    if (!area) return;
    const { start, end } = lineRange(value, line);
    area.focus();
    area.setSelectionRange(start, end);
    area.scrollTop = Math.max(0, (line - 3) * LINE_HEIGHT);
  };
  return (
    <Field.Root invalid={problems.length > 0}>
      <Field.Label>{label}</Field.Label>
      <Flex w="full" borderWidth="1px" borderColor={problems.length ? 'border.error' : 'border'} borderRadius="md" overflow="hidden" bg={readOnly ? 'bg.subtle' : 'bg'}>
        <Box
          ref={gutter}
          aria-hidden
          flexShrink={0}
          overflow="hidden"
          bg="bg.muted"
          color="fg.muted"
          fontFamily="mono"
          fontSize="xs"
          textAlign="right"
          py="8px"
          px="2"
          h="420px"
          userSelect="none"
          data-testid="xml-gutter"
        >
          {Array.from({ length: lines }, (_, i) => {
            const bad = byLine.get(i + 1);
            return (
              <Box
                key={i}
                h={`${LINE_HEIGHT}px`}
                lineHeight={`${LINE_HEIGHT}px`}
                color={bad ? 'fg.error' : undefined}
                bg={bad ? 'red.100' : undefined}
                fontWeight={bad ? 'bold' : undefined}
                title={bad?.map((p) => p.message).join('\n')}
                data-testid={bad ? `xml-error-line-${i + 1}` : undefined}
              >
                {bad ? '● ' : ''}
                {i + 1}
              </Box>
            );
          })}
        </Box>
        <Textarea
          ref={areaRef}
          aria-label={label}
          value={value}
          readOnly={readOnly}
          onChange={(e) => onChange(e.target.value)}
          onScroll={(e) => {
            if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
          }}
          border="none"
          borderRadius="0"
          _focusVisible={{ outline: 'none', boxShadow: 'none' }}
          fontFamily="mono"
          fontSize="xs"
          lineHeight={`${LINE_HEIGHT}px`}
          py="8px"
          h="420px"
          resize="none"
          whiteSpace="pre"
          overflowX="auto"
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          wrap="off"
          data-testid="label-template-xml"
        />
      </Flex>
      {problems.length ? (
        <List.Root gap="1" mt="1" data-testid="xml-problems" ps="0" listStyle="none">
          {problems.map((p, i) => (
            <List.Item key={`${p.line}-${p.column}-${i}`}>
              <Button variant="plain" size="xs" h="auto" p="0" color="fg.error" textAlign="start" whiteSpace="normal" onClick={() => p.line > 0 && goTo(p.line)} data-testid="xml-problem">
                {p.line > 0 ? (
                  <Text as="span" fontWeight="bold">
                    {t('printing.editor.at', { line: p.line, column: p.column })}
                  </Text>
                ) : null}
                <Text as="span">{p.message}</Text>
              </Button>
            </List.Item>
          ))}
        </List.Root>
      ) : null}
    </Field.Root>
  );
}
