export { StartForFreeButton } from './components/StartForFreeButton';
export { sendEvent, trackEvent, useTrackEvent } from './api/track-event';
