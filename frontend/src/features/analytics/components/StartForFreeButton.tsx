import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from '@/components/Button';
import { sendEvent } from '../api/track-event';

/** "Start for free": sends `start_for_free_click` {location}, then goes to /signup. */
export function StartForFreeButton({ location, children = 'Start for free', ...rest }: { location: string } & Omit<ButtonProps, 'onClick'>) {
  const navigate = useNavigate();
  return (
    <Button
      {...rest}
      onClick={() => {
        sendEvent({ name: 'start_for_free_click', properties: { location } });
        void navigate('/signup');
      }}
    >
      {children}
    </Button>
  );
}
