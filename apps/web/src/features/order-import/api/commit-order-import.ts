import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderImportSummary } from '@portal/contracts/order-import';
import { http } from '../../../lib/http/client';
import { replaceSummary } from '../lib/order-import-cache';

export interface CommitOrderImportInput {
  id: string;
  submit: boolean;
  /** One key per commit attempt, kept when the same attempt is sent again (see `CommitAttempts`). */
  idempotencyKey: string;
}

/**
 * `POST /api/CustomerOrder/BatchImportCommit` with an `Idempotency-Key`: starts the background commit and
 * answers the summary (`committing`). Silent: the page shows a refusal beside the commit button.
 */
export function commitOrderImport({
  id,
  submit,
  idempotencyKey,
}: CommitOrderImportInput): Promise<OrderImportSummary> {
  return http.post<OrderImportSummary>(
    ApiPath.BatchImportCommit,
    { id, submit },
    { headers: { 'Idempotency-Key': idempotencyKey }, silent: true },
  );
}

export function useCommitOrderImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitOrderImport,
    onSuccess: (summary) => replaceSummary(queryClient, summary, { rowsChanged: false }),
  });
}
