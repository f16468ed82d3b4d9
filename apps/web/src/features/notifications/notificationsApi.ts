import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NotificationOperations, type NotificationPreferencesInput } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';

/** Under the player's root: logout and a lost session drop them with the rest. */
export const notificationQueryKeys = {
  all: [...PLAYER_QUERY_ROOT, 'notifications'] as const,
  unread: [...PLAYER_QUERY_ROOT, 'notifications', 'unread'] as const,
  inbox: (page: number) => [...PLAYER_QUERY_ROOT, 'notifications', 'inbox', page] as const,
  preferences: [...PLAYER_QUERY_ROOT, 'notifications', 'preferences'] as const,
};

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationQueryKeys.unread,
    queryFn: ({ signal }) => callOperation(NotificationOperations.unread, { signal }).then((answer) => answer.unread),
    staleTime: 60_000,
  });
}

export function useInbox(page: number) {
  return useQuery({
    queryKey: notificationQueryKeys.inbox(page),
    queryFn: ({ signal }) => callOperation(NotificationOperations.inbox, { signal, query: `page=${page}` }),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[] | 'all') =>
      ids === 'all'
        ? callOperation(NotificationOperations.markAllRead, { body: {} })
        : callOperation(NotificationOperations.markRead, { body: { ids: [...ids] } }),
    onSuccess: (answer) => queryClient.setQueryData(notificationQueryKeys.unread, answer.unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...notificationQueryKeys.all, 'inbox'] }),
  });
}

export function usePreferences() {
  return useQuery({
    queryKey: notificationQueryKeys.preferences,
    queryFn: ({ signal }) => callOperation(NotificationOperations.preferences, { signal }),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) =>
      callOperation(NotificationOperations.savePreferences, { body: input }),
    onSuccess: (answer) => queryClient.setQueryData(notificationQueryKeys.preferences, answer),
  });
}
