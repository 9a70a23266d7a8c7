import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type {
  NotificationKind,
  NotificationPage,
  NotificationReadFilter,
} from '@portal/contracts/notification';
import { http } from '../../../lib/http/client';
import { notificationKeys } from '../../../lib/notifications/notifications';

export interface NotificationListQuery {
  readFilter: NotificationReadFilter;
  kind: NotificationKind | null;
  pageIndex: number;
  pageSize: number;
}

/** `POST /api/Notification/Query`: the message list, newest first. */
export function queryNotifications(query: NotificationListQuery): Promise<NotificationPage> {
  return http.post<NotificationPage>(ApiPath.QueryNotification, query, { silent: true });
}

/** One page; fresh whenever the page opens (notifications arrive while away). */
export function useNotifications(query: NotificationListQuery) {
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: () => queryNotifications(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
