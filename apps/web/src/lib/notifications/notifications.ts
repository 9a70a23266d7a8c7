import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { MarkReadResult, NewNotification } from '@portal/contracts/notification';
import { http } from '../http/client';

/**
 * The signed-in user's notifications as the shell, the home page and the message list share them: the
 * unread count with the newest few (polled), and the read marks. The message list's own page query lives
 * in its feature; every change here invalidates `all`, so the badge and the list agree.
 */
export const notificationKeys = {
  all: ['notification'] as const,
  newest: ['notification', 'newest'] as const,
  list: (query: object) => ['notification', 'list', query] as const,
};

/** How often the shell asks while the tab is visible (a hidden tab does not ask; it asks on return). */
export const NOTIFICATION_POLL_MS = 30_000;

/**
 * `GET /api/Notification/QueryNewNotification`. Silent: a missed poll shows nothing (the next one tries
 * again), and the call is excluded from refresh-and-retry (spec section 8), so it never refreshes a token.
 */
export function queryNewNotifications(): Promise<NewNotification> {
  return http.get<NewNotification>(ApiPath.QueryNewNotification, { silent: true });
}

export function useNewNotifications(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.newest,
    queryFn: queryNewNotifications,
    refetchInterval: options.poll ? NOTIFICATION_POLL_MS : false,
    // TanStack Query pauses the interval while the document is hidden and refetches on focus.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });
}

/** `POST /api/Notification/MarkRead` with `{ ids }`. */
export function markNotificationsRead(ids: string[]): Promise<MarkReadResult> {
  return http.post<MarkReadResult>(ApiPath.MarkNotificationRead, { ids });
}

/** `POST /api/Notification/MarkAllRead`. */
export function markAllNotificationsRead(): Promise<MarkReadResult> {
  return http.post<MarkReadResult>(ApiPath.MarkAllNotificationsRead, {});
}

/** Marks read (some ids, or all with `null`), then refreshes the badge and every list page. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | null) => (ids ? markNotificationsRead(ids) : markAllNotificationsRead()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
