import { Link, useLocation } from 'react-router';
import { signInPath } from './redirect';

/**
 * For a page anyone may see but only a member may use (public in the back-office route table:
 * /ai, /cancel, /account/delete): in the action's place, "Log in to {action}", a link to /login
 * that comes back to this page.
 */
export function LoginToAct({ action, size = 'lg', block = false }: { action: string; size?: 'md' | 'lg'; block?: boolean }) {
  const location = useLocation();
  const classes = ['btn', 'btn--primary', `btn--${size}`, block ? 'btn--block' : ''].filter(Boolean).join(' ');
  return (
    <Link className={classes} to={signInPath(location)}>
      Log in to {action}
    </Link>
  );
}
