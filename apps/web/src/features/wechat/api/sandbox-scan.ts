import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { SandboxWeChatSceneSchema } from '@portal/contracts/wechat';
import type { z } from 'zod';
import { http } from '../../../lib/http/client';

export type SandboxWeChatScene = z.infer<typeof SandboxWeChatSceneSchema>;

/** `GET /api/WeChatSandbox/GetScene` (public): what the scanned QR is for. Silent: the page shows failures. */
export function useSandboxScene(scanCode: string) {
  return useQuery({
    queryKey: ['wechatSandboxScene', scanCode],
    queryFn: () =>
      http.get<SandboxWeChatScene>(ApiPath.WeChatSandboxGetScene, { params: { scanCode }, silent: true }),
    enabled: scanCode !== '',
    staleTime: 0,
    retry: false,
  });
}

/** `POST /api/WeChatSandbox/Confirm` (public): the simulated scan, as the chosen WeChat identity. */
export function useConfirmSandboxScan() {
  return useMutation({
    mutationFn: (input: { scanCode: string; nickname: string }) =>
      http.post<null>(ApiPath.WeChatSandboxConfirm, input, { silent: true }),
  });
}
