import { useMutation } from '@tanstack/react-query';
import { sendEvent, trackEvent } from '@/lib/analytics';

// The sending itself lives in lib (other features send events too); re-exported for this feature's users.
export { sendEvent, trackEvent };

export function useTrackEvent() {
  return useMutation({ mutationKey: ['analytics', 'event'], mutationFn: trackEvent });
}
