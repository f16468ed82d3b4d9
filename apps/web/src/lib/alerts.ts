import { useSyncExternalStore } from 'react';

/** A popup message (alerts and failed popups), already in the reader's language. */
export interface AlertMessage {
  id: number;
  text: string;
  tone: 'info' | 'error' | 'success';
}

let queue: readonly AlertMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly AlertMessage[]) {
  queue = next;
  for (const listener of listeners) listener();
}

/** Shows a popup; callable from anywhere, also outside React (e.g. the session-invalid handler). */
export function showAlert(text: string, tone: AlertMessage['tone'] = 'info'): void {
  publish([...queue, { id: nextId++, text, tone }]);
}

export function dismissAlert(id: number): void {
  publish(queue.filter((alert) => alert.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The popup to show now: the oldest one not yet dismissed. */
export function useCurrentAlert(): AlertMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => queue[0] ?? null,
    () => null,
  );
}
