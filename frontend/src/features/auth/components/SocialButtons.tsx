import { useNavigate } from 'react-router';
import { Button } from '@/components/Button';
import { errorMessage } from '@/lib/api/client';
import { safeRedirect } from '@/lib/auth/redirect';
import { setStoredRedirect } from '@/lib/storage';
import { useOAuthUrl, type OAuthProvider } from '../api/oauth';
import './social-buttons.css';

function GoogleIcon() {
  return (
    <svg className="btn__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.4 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg className="btn__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9s-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.5 1.3 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4a10 10 0 0 0 1.4-2.8 4.3 4.3 0 0 1-2.1-4.2zM13.9 5c.7-.8 1.2-2 1-3.1-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4z"
      />
    </svg>
  );
}

/**
 * "Sign up/Continue with Google/Apple": store the redirect, ask the server for the provider URL,
 * then leave through /goback. A failure (e.g. provider not configured) is reported via onError.
 */
export function SocialButtons({ verb, redirect, onError }: { verb: 'Sign up' | 'Log in'; redirect: string | null; onError: (message: string) => void }) {
  const navigate = useNavigate();
  const oauth = useOAuthUrl();

  const start = (provider: OAuthProvider) => {
    const target = safeRedirect(redirect) ?? '/home';
    setStoredRedirect(target);
    oauth.mutate(
      { provider, redirect: target },
      {
        onSuccess: ({ url }) => {
          void navigate(`/goback?goback=${encodeURIComponent(url)}&redirect=${encodeURIComponent(target)}`);
        },
        onError: (error) => onError(errorMessage(error)),
      },
    );
  };

  const pending = oauth.isPending ? oauth.variables?.provider : undefined;

  return (
    <div className="social-buttons">
      <Button variant="social" block icon={<GoogleIcon />} loading={pending === 'google'} disabled={oauth.isPending} onClick={() => start('google')}>
        {verb} with Google
      </Button>
      <Button variant="social" block icon={<AppleIcon />} loading={pending === 'apple'} disabled={oauth.isPending} onClick={() => start('apple')}>
        {verb} with Apple
      </Button>
    </div>
  );
}
