import { api } from '@/lib/api/client';
import type { AnalyticsEventRequest, EmptyResult } from '@/lib/api/types';

/**
 * POST /api/analytics/events (anonymous allowed). Shared (lib, not a feature) because several
 * features send events: the start-for-free button, category selection, ...
 */
export function trackEvent(event: AnalyticsEventRequest): Promise<EmptyResult> {
  return api.post('/api/analytics/events', { body: event, skipRefresh: true, keepalive: true });
}

/** Fire and forget: analytics never gets in the user's way. */
export function sendEvent(event: AnalyticsEventRequest): void {
  trackEvent(event).catch((error: unknown) => console.warn('analytics event not sent', error));
}
