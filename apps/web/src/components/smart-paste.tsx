import { useId, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Collapse, Flex, Input, Tag, Tooltip, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n/use-translation';
import type { SmartPasteField, SmartPasteResult } from '@portal/contracts/smart-paste';
import { SMART_PASTE_MAX_LENGTH } from '@portal/contracts/smart-paste-limits';
import { cnDivisionTreeQuery } from '../lib/reference/api/get-cn-division-tree';
import { countriesQuery } from '../lib/reference/api/get-country';
import { hasChinese, loadToSimplified } from '../lib/to-simplified';

export type SmartPasteFields = SmartPasteResult['fields'];

export interface SmartPasteProps {
  /**
   * Receives the fields found (only those; the form keeps the others as they are). May answer the
   * fields it could not take (a province for a country without that field), which are then listed
   * among the unplaced pieces.
   */
  onParsed: (fields: SmartPasteFields) => readonly SmartPasteField[] | void;
  /** Open on first render (default: collapsed to its title). */
  defaultOpen?: boolean;
  /** Tells several boxes on one page apart in tests (`${testId}-text`, …); default `smart-paste`. */
  testId?: string;
}

interface Outcome {
  filled: { field: SmartPasteField; check: boolean }[];
  unplaced: string[];
}

/**
 * Smart paste: a collapsible box where a user pastes an address as received in a chat; "识别" (or
 * Ctrl+Enter) reads it with the shared parser against the division tree and the country list from the
 * reference cache, hands the fields found to `onParsed` and then shows which fields were filled (a
 * guess is marked to check) and the pieces it could not place, so the user sees what to fix.
 */
export function SmartPaste({ onParsed, defaultOpen = false, testId = 'smart-paste' }: SmartPasteProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const textId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const recognize = async () => {
    if (!text.trim() || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      // From the cache when the form already loaded them; fetched (once) otherwise. The parser and its
      // tables load on the first paste, not with the form.
      const [
        tree,
        countries,
        toSimplified,
        { parseSmartPaste, SMART_PASTE_FIELDS },
        { createCnDivisionIndex },
      ] = await Promise.all([
        queryClient.ensureQueryData(cnDivisionTreeQuery),
        queryClient.ensureQueryData(countriesQuery),
        hasChinese(text) ? loadToSimplified() : Promise.resolve(undefined),
        import('@portal/contracts/smart-paste'),
        import('@portal/contracts/reference'),
      ]);
      const result = parseSmartPaste(text, {
        divisions: createCnDivisionIndex(tree),
        countries,
        toSimplified,
      });
      const found = SMART_PASTE_FIELDS.filter((field) => result.fields[field] !== undefined);
      const skipped = found.length > 0 ? (onParsed(result.fields) ?? []) : [];
      setOutcome({
        filled: found
          .filter((field) => !skipped.includes(field))
          .map((field) => ({ field, check: result.confidence[field] === 'low' })),
        unplaced: [
          ...skipped.map((field) =>
            t('smartPaste.notApplied', {
              field: t(`smartPaste.fields.${field}`),
              value: result.fields[field] ?? '',
            }),
          ),
          ...result.unplaced,
        ],
      });
    } catch {
      setFailed(true);
      setOutcome(null);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void recognize();
    }
  };

  const body = (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary" id={`${textId}-hint`}>
        {t('smartPaste.hint')}
      </Typography.Text>
      <Input.TextArea
        id={textId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={SMART_PASTE_MAX_LENGTH}
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder={t('smartPaste.placeholder')}
        aria-label={t('smartPaste.textLabel')}
        aria-describedby={`${textId}-hint`}
        data-testid={`${testId}-text`}
      />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('smartPaste.shortcut')}
        </Typography.Text>
        <Flex gap={8}>
          <Button
            onClick={() => {
              setText('');
              setOutcome(null);
              setFailed(false);
            }}
            disabled={!text && !outcome}
            data-testid={`${testId}-clear`}
          >
            {t('smartPaste.clear')}
          </Button>
          <Button
            type="primary"
            ghost
            icon={<ThunderboltOutlined />}
            onClick={() => void recognize()}
            loading={busy}
            disabled={!text.trim()}
            data-testid={`${testId}-recognize`}
          >
            {t('smartPaste.recognize')}
          </Button>
        </Flex>
      </Flex>
      <div aria-live="polite">
        {failed ? (
          <Alert
            type="error"
            showIcon
            title={t('smartPaste.loadFailed')}
            action={
              <Button size="small" onClick={() => void recognize()}>
                {t('smartPaste.retry')}
              </Button>
            }
            data-testid={`${testId}-error`}
          />
        ) : null}
        {outcome ? <OutcomeView outcome={outcome} testId={testId} /> : null}
      </div>
    </Flex>
  );

  return (
    <Collapse
      size="small"
      defaultActiveKey={defaultOpen ? ['paste'] : []}
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'paste',
          label: (
            <span>
              <ThunderboltOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
              {t('smartPaste.title')}
            </span>
          ),
          children: body,
        },
      ]}
      data-testid={testId}
    />
  );
}

function OutcomeView({ outcome, testId }: { outcome: Outcome; testId: string }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      {outcome.filled.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('smartPaste.nothingFound')}
          data-testid={`${testId}-nothing`}
        />
      ) : (
        <Flex gap={4} wrap align="center" data-testid={`${testId}-filled`}>
          <Typography.Text>{t('smartPaste.filled')}</Typography.Text>
          {outcome.filled.map(({ field, check }) =>
            check ? (
              <Tooltip key={field} title={t('smartPaste.checkHint')}>
                <Tag color="warning" data-field={field} tabIndex={0}>
                  {t(`smartPaste.fields.${field}`)}?
                </Tag>
              </Tooltip>
            ) : (
              <Tag key={field} color="success" data-field={field}>
                {t(`smartPaste.fields.${field}`)}
              </Tag>
            ),
          )}
        </Flex>
      )}
      {outcome.unplaced.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('smartPaste.unplaced')}
          description={
            <>
              <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid={`${testId}-unplaced`}>
                {outcome.unplaced.map((piece, i) => (
                  <li key={`${i}-${piece}`}>{piece}</li>
                ))}
              </ul>
              <Typography.Text type="secondary">{t('smartPaste.unplacedHint')}</Typography.Text>
            </>
          }
        />
      ) : null}
    </Flex>
  );
}
